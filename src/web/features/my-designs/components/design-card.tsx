// One design in My Designs: the before/after comparison once released, the blurred preview before the
// email step; its variations and changes to flip through when there are several (the picked one first);
// what made it; style, room and date; and its actions.
import { useState } from 'react';
import { roomTypeLabel } from '#shared/constants';
import type { MyDesign } from '#shared/my-designs.schema';
import { formatDateTime } from '#web/components/ui/back-office';
import { BeforeAfterSlider, RenderedBy } from '#web/features/render-workflow';

/** The style's name, or the start of the homeowner's own description. */
export const designTitle = (design: MyDesign) =>
  design.styleName ?? (design.customPrompt ? `“${truncate(design.customPrompt, 40)}”` : 'Custom');

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

type Props = { design: MyDesign; onSeeFull: () => void; onQuote: () => void; onDelete: () => void };

export function DesignCard({ design, onSeeFull, onQuote, onDelete }: Props) {
  const [shownId, setShownId] = useState(design.render.id);
  const render = design.results.find((result) => result.id === shownId) ?? design.render;
  const released = Boolean(render.resultUrl);
  return (
    <article className="overflow-hidden rounded-2xl border border-stone-200 bg-white" aria-label={`Design: ${designTitle(design)}`}>
      {released ? (
        <BeforeAfterSlider key={render.id} beforeUrl={render.originalUrl} afterUrl={render.resultUrl!} />
      ) : (
        <div className="grid grid-cols-2 gap-1">
          <img src={render.originalUrl} alt="Your room before" className="aspect-[4/3] w-full object-cover" loading="lazy" />
          <img
            src={render.previewUrl ?? ''}
            alt="Your redesigned room, blurred until you enter your email"
            className="aspect-[4/3] w-full object-cover"
            loading="lazy"
          />
        </div>
      )}
      <div className="space-y-3 p-4">
        <div>
          <h3 className="font-semibold">
            {designTitle(design)} · {roomTypeLabel(design.roomType)}
          </h3>
          <p className="text-sm text-stone-600">{formatDateTime(design.createdAt)}</p>
        </div>
        {design.results.length > 1 && (
          <div role="radiogroup" aria-label="Results of this design" className="flex flex-wrap items-center gap-1.5">
            {design.results.map((result, index) => (
              <button
                key={result.id}
                type="button"
                role="radio"
                aria-checked={result.id === render.id}
                aria-label={`Result ${index + 1}${result.id === design.render.id ? ' (picked)' : ''}`}
                onClick={() => setShownId(result.id)}
                className={`h-8 min-w-8 rounded-md px-2 text-sm ring-1 ${result.id === render.id ? 'bg-teal-700 text-white ring-teal-700' : 'ring-stone-300 hover:bg-stone-100'}`}
              >
                {index + 1}
              </button>
            ))}
            <span className="text-xs text-stone-600">
              {design.results.length} results · the one we email is{' '}
              {design.results.findIndex((result) => result.id === design.render.id) + 1}
            </span>
          </div>
        )}
        <RenderedBy render={render} />
        {design.awaitingConfirmation && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Waiting for you to confirm your email address: the full design is sent as soon as you open the link we emailed you.
          </p>
        )}
        {design.quoteRequested && <p className="text-sm font-medium text-teal-800">Quote requested</p>}
        <div className="flex flex-wrap gap-2">
          {released ? (
            <a
              href={render.resultUrl!}
              download={`metrowest-${design.roomType}-redesign.jpg`}
              className="rounded-lg border border-teal-700 px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
            >
              Download
            </a>
          ) : (
            <button
              type="button"
              onClick={onSeeFull}
              className="rounded-lg border border-teal-700 px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
            >
              See the Full Design
            </button>
          )}
          <button
            type="button"
            onClick={onQuote}
            className="rounded-lg bg-teal-700 px-3 py-2 text-sm font-semibold text-white hover:bg-teal-800"
          >
            Get a Free Quote
          </button>
          <button type="button" onClick={onDelete} className="ml-auto rounded-lg px-3 py-2 text-sm text-red-700 hover:bg-red-50">
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
