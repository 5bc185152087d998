// What made a design's image, said wherever the image appears: the AI engine with its model and provider, or
// the offline preview engine (not an AI render), and why the preview stood in when an AI engine was chosen.
import { AI_ENGINES } from '#shared/constants';
import type { RenderState } from '#shared/render.schema';
import { aiModelLabel, fallbackExplanation, isAiRender } from '#shared/render-credit';

export function RenderedBy({
  render,
  className = '',
}: {
  render: Pick<RenderState, 'provider' | 'engine' | 'fallback' | 'modelName' | 'fallbackReason'>;
  className?: string;
}) {
  if (!render.provider) return null;
  if (isAiRender(render)) {
    return (
      <p className={`text-sm text-stone-600 ${className}`} data-testid="rendered-by">
        Rendered by {AI_ENGINES.find((engine) => engine.id === render.engine)?.name ?? render.engine} with AI ({aiModelLabel(render)})
      </p>
    );
  }
  const why = fallbackExplanation(render.fallbackReason ?? (render.fallback ? 'ai-unavailable' : null));
  return (
    <p className={`rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700 ${className}`} data-testid="rendered-by">
      {why
        ? `${why[0].toUpperCase()}${why.slice(1)}, so this is a preview made by our offline preview engine from your own photo (not an AI render).`
        : 'Made by our offline preview engine (a colour and style preview of your own photo, not an AI render).'}
    </p>
  );
}
