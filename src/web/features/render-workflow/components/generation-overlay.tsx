// The generation progress overlay (seed 000 §2 "Modals and flows" 6, §4 "Rendering"): stage title and
// text, the paced percent bar, elapsed seconds and the four step indicators. About 1.5 s after 100 %
// it hands over the result; on a failure it closes after 3 s.
import { useEffect } from 'react';
import { AI_ENGINES, TIMERS_MS } from '#shared/constants';
import type { RenderState } from '#shared/render.schema';
import { Modal } from '#web/components/ui/modal';
import { rendererLabel, useEngines } from '../api/get-engines';
import { usePacedProgress } from '../hooks/use-paced-progress';

const STEPS = [
  { label: 'Analysis', doneAbove: 15 },
  { label: 'Architecture', doneAbove: 35 },
  { label: 'Generation', doneAbove: 80 },
  { label: 'Enhancement', doneAbove: 95 },
] as const;

function stageText(percent: number, complete: boolean) {
  if (complete) return { title: 'Rendering Complete', text: 'Your redesigned space is ready.' };
  if (percent < 15) return { title: 'Analyzing Your Space', text: 'Reading the room: light, surfaces and layout.' };
  if (percent < 35)
    return { title: 'Analyzing Your Space', text: 'Preserving your architecture: walls, windows and doors stay where they are.' };
  if (percent < 80) return { title: 'Generating Your Design', text: 'Applying your style to cabinets, walls, floors and finishes.' };
  return { title: 'Generating Your Design', text: 'Enhancing light, colour and detail.' };
}

type Props = { render: RenderState; onComplete: (render: RenderState) => void; onFailed: () => void; onClose: () => void };

export function GenerationOverlay({ render, onComplete, onFailed, onClose }: Props) {
  const failed = render.status === 'failed';
  const serverPercent = render.status === 'succeeded' ? 100 : render.percent;
  const { percent, elapsedSeconds } = usePacedProgress(serverPercent, !failed);
  const complete = percent >= 100;
  const { title, text } = stageText(percent, complete);
  const engineName = AI_ENGINES.find((engine) => engine.id === render.engine)?.name ?? render.engine;
  const renderer = rendererLabel(useEngines(true), render.engine);

  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => onComplete(render), TIMERS_MS.renderCompletionCallback);
    return () => window.clearTimeout(timer);
  }, [complete, render, onComplete]);

  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(onFailed, TIMERS_MS.renderErrorClose);
    return () => window.clearTimeout(timer);
  }, [failed, onFailed]);

  return (
    <Modal open onOpenChange={(next) => !next && onClose()} title={failed ? 'Something Went Wrong' : title} width="max-w-lg">
      <p className="text-stone-700">{failed ? (render.error ?? 'We could not finish your design. Please try again.') : text}</p>
      <div
        className="mt-5 h-3 overflow-hidden rounded-full bg-stone-200"
        role="progressbar"
        aria-label="Design progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-teal-600 transition-[width] duration-100" style={{ width: `${percent}%` }} />
      </div>
      <div className="mt-2 flex justify-between text-sm text-stone-600">
        <span data-testid="render-percent">{percent}%</span>
        <span>
          {elapsedSeconds}s elapsed · {engineName}
        </span>
      </div>
      {renderer && (
        <p className="mt-1 text-xs text-stone-600" data-testid="overlay-renderer">
          Rendering with: {renderer}
        </p>
      )}
      <ol className="mt-5 grid grid-cols-4 gap-2 text-center text-xs">
        {STEPS.map((step, index) => {
          const done = index === STEPS.length - 1 ? complete : percent > step.doneAbove;
          return (
            <li
              key={step.label}
              data-done={done}
              className={`rounded-lg px-1 py-2 ${done ? 'bg-teal-100 font-semibold text-teal-900' : 'bg-stone-100 text-stone-600'}`}
            >
              {done ? '✓ ' : ''}
              {step.label}
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
