// 'Recalculate Scores' on the Leads tab: the button (with the seed's confirmation), and while a run is queued
// or running, whoever started it, a progress bar of the leads scored so far. When a run this page watched
// ends, the seed's 'Lead scores recalculated successfully!' shows as a toast and the list reloads; a failed
// run says so inline.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BACK_OFFICE_LABELS, BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { ScoreRecalculation } from '#shared/back-office.schema';
import { FormMessage } from '#web/components/ui/form-field';
import { toastSuccess, useAction } from '#web/components/ui/toast';
import { useConfirmDialog } from '#web/components/ui/confirm-dialog';
import { isRecalculating, scoreRecalculationQuery } from '../api/get-score-recalculation';
import { recalculateLeadScores } from '../api/recalculate-lead-scores';

/** Calls `onFinished` once when a run this page saw queued or running is done. */
function useRecalculationEnd(run: ScoreRecalculation | null | undefined, onFinished: () => void) {
  const watching = useRef<string | null>(null);
  useEffect(() => {
    if (!run) return;
    if (isRecalculating(run)) watching.current = run.id;
    else if (watching.current === run.id) {
      watching.current = null;
      if (run.status === 'done') onFinished();
    }
  }, [run, onFinished]);
}

export function RecalculateScores({ onFinished }: { onFinished: () => void }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const { error, run } = useAction();
  const progress = useQuery(scoreRecalculationQuery());
  const current = progress.data;
  const active = isRecalculating(current);

  useRecalculationEnd(current, () => {
    toastSuccess(BACK_OFFICE_MESSAGES.recalculated);
    onFinished();
  });

  async function start() {
    if (!(await confirm(BACK_OFFICE_MESSAGES.confirmRecalculate, 'Recalculate'))) return;
    const started = await run(recalculateLeadScores);
    if (started.ok) queryClient.setQueryData(scoreRecalculationQuery().queryKey, started.value.recalculation);
  }

  return (
    <>
      {dialog}
      <button
        type="button"
        onClick={() => void start()}
        disabled={active}
        className="rounded-lg bg-stone-800 px-4 py-2 font-semibold text-white hover:bg-stone-900 disabled:opacity-60"
      >
        {active ? 'Recalculating...' : 'Recalculate Scores'}
      </button>
      {(active || error || current?.status === 'failed') && (
        <div className="basis-full space-y-2">
          {active && current && <RecalculationBar run={current} />}
          {error && <FormMessage kind="error">{error}</FormMessage>}
          {!active && current?.status === 'failed' && <FormMessage kind="error">{BACK_OFFICE_LABELS.recalculationFailed}</FormMessage>}
        </div>
      )}
    </>
  );
}

function RecalculationBar({ run }: { run: ScoreRecalculation }) {
  const share = run.total > 0 ? Math.min(1, run.scored / run.total) : 0;
  const label =
    run.status === 'queued' || run.total === 0
      ? 'Starting the recalculation...'
      : `Recalculating lead scores: ${run.scored.toLocaleString('en-US')} of ${run.total.toLocaleString('en-US')} leads`;
  return (
    <div className="rounded-lg bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
      <p id="recalculation-label" className="mb-2 text-stone-700">
        {label}
      </p>
      <div
        role="progressbar"
        aria-labelledby="recalculation-label"
        aria-valuemin={0}
        aria-valuemax={Math.max(run.total, 1)}
        aria-valuenow={run.scored}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-teal-600 transition-[width]" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
