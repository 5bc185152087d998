// Reads a running prediction's progress from its logs: Cog models print tqdm bars there, and the last one is current.

// ` 45%|████▌     | 9/20 [00:02<00:02,  4.01it/s]` — the percent, then optionally the step counter.
const TQDM_BAR = /(\d{1,3})%\|[^|\n\r]*\|\s*(?:(\d+)\/(\d+))?/g;

/** The fraction of the last progress bar in the logs, 0 to 1, or undefined when there is none yet. */
export function progressFromLogs(logs: string | null | undefined): number | undefined {
  if (!logs) return undefined;
  let last: number | undefined;
  for (const match of logs.matchAll(TQDM_BAR)) {
    const done = match[2] === undefined ? undefined : Number(match[2]);
    const total = match[3] === undefined ? undefined : Number(match[3]);
    // The step counter is more precise than the rounded percent when both are there.
    last = done !== undefined && total ? done / total : Number(match[1]) / 100;
  }
  return last === undefined ? undefined : Math.min(1, Math.max(0, last));
}
