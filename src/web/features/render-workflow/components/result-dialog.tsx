// 'Your Design is Ready!': the blurred preview beside the homeowner's photo. The full-resolution images
// are released by the email step (email capture), which the server enforces.
import type { RenderState } from '../../../../shared/render.schema';
import { Modal } from '../../../components/ui/modal';

export function ResultDialog({ render, onClose }: { render: RenderState; onClose: () => void }) {
  const preview = render.provider === 'offline-preview';
  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title="Your Design is Ready!" width="max-w-3xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <figure>
          <img src={render.originalUrl} alt="Your room before" className="aspect-[4/3] w-full rounded-xl object-cover" />
          <figcaption className="mt-1 text-sm text-stone-600">Before</figcaption>
        </figure>
        <figure>
          <img src={render.resultUrl ?? render.previewUrl ?? ''} alt="Your redesigned room, blurred until you enter your email" className="aspect-[4/3] w-full rounded-xl object-cover" data-testid="render-preview" />
          <figcaption className="mt-1 text-sm text-stone-600">After {render.resultUrl ? '' : '(preview blurred until you enter your email)'}</figcaption>
        </figure>
      </div>
      {preview && (
        <p className="mt-4 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
          {render.fallback
            ? 'The AI engine could not finish this design, so this is a preview made by our offline preview engine from your own photo.'
            : 'Made by our offline preview engine (a colour and style preview of your own photo, not an AI render).'}
        </p>
      )}
      <p className="mt-4 text-stone-700">Enter your email to receive the full high-resolution before and after images.</p>
    </Modal>
  );
}
