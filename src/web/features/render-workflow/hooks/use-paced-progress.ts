// The progress bar of the generation overlay (seed 000 §4, §9). It moves one point at a time at the
// seed's pace (120 ms a point up to 15, 100 ms to 35, 60 ms to 80, 80 ms to 95, 100 ms to 100) and
// never passes what the server has really done. Elapsed seconds tick every second.
import { useEffect, useState } from 'react';
import { TIMERS_MS } from '#shared/constants';

const STEP_MS: [upTo: number, ms: number][] = [
  [15, 120],
  [35, 100],
  [80, 60],
  [95, 80],
  [100, 100],
];

export const stepDelayFor = (percent: number) => STEP_MS.find(([upTo]) => percent < upTo)?.[1] ?? 100;

export function usePacedProgress(serverPercent: number, running: boolean) {
  const [percent, setPercent] = useState(0);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);

  useEffect(() => {
    if (!running || percent >= serverPercent) return;
    const timer = window.setTimeout(() => setPercent((current) => Math.min(current + 1, serverPercent)), stepDelayFor(percent));
    return () => window.clearTimeout(timer);
  }, [percent, serverPercent, running]);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setElapsedSeconds((seconds) => seconds + 1), TIMERS_MS.elapsedTick);
    return () => window.clearInterval(timer);
  }, [running]);

  return { percent, elapsedSeconds };
}
