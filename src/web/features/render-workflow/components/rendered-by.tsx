// What made a design's image, said wherever the image appears: the AI engine and its provider, or the
// offline preview engine (not an AI render), and whether the preview stood in for a failed AI engine.
import { AI_ENGINES } from '#shared/constants';
import type { RenderState } from '#shared/render.schema';
import { providerLabel } from '#shared/render-credit';

export function RenderedBy({
  render,
  className = '',
}: {
  render: Pick<RenderState, 'provider' | 'engine' | 'fallback'>;
  className?: string;
}) {
  if (!render.provider) return null;
  if (render.provider !== 'offline-preview') {
    return (
      <p className={`text-sm text-stone-600 ${className}`} data-testid="rendered-by">
        Rendered by {AI_ENGINES.find((engine) => engine.id === render.engine)?.name ?? render.engine} ({providerLabel(render.provider)})
      </p>
    );
  }
  return (
    <p className={`rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700 ${className}`} data-testid="rendered-by">
      {render.fallback
        ? 'The AI engine could not finish this design, so this is a preview made by our offline preview engine from your own photo.'
        : 'Made by our offline preview engine (a colour and style preview of your own photo, not an AI render).'}
    </p>
  );
}
