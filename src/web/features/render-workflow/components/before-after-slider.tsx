// A before/after comparison: drag (or use the arrow keys on) the handle to reveal the redesign.
import { useState } from 'react';

export function BeforeAfterSlider({ beforeUrl, afterUrl }: { beforeUrl: string; afterUrl: string }) {
  const [position, setPosition] = useState(50);
  return (
    // A box of fixed shape, so what is below it does not move when the images arrive; both images fit it the same
    // way (a photo of another shape is shown whole, on a dark ground), so the before lies exactly over the after.
    <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-stone-900" data-testid="before-after-slider">
      <img src={afterUrl} alt="Your room redesigned" className="absolute inset-0 h-full w-full object-contain" />
      <img
        src={beforeUrl}
        alt="Your room before"
        className="absolute inset-0 h-full w-full object-contain"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <div aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${position}%` }} />
      <input
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        aria-label="Compare before and after"
        className="absolute inset-x-0 bottom-3 mx-auto w-2/3 accent-teal-600"
      />
      <span className="absolute left-3 top-3 rounded bg-black/60 px-2 py-1 text-xs font-semibold text-white">Before</span>
      <span className="absolute right-3 top-3 rounded bg-black/60 px-2 py-1 text-xs font-semibold text-white">After</span>
    </div>
  );
}
