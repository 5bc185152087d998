// Reading progress from Cog's tqdm lines in a prediction's logs.
import { describe, expect, it } from 'vitest';
import { progressFromLogs } from './replicate-progress';

describe('progressFromLogs', () => {
  it('reads the last tqdm bar, preferring its step counter', () => {
    const logs = 'Using seed: 42\n  5%|▌         | 1/20 [00:00<00:05,  3.90it/s]\n 45%|████▌     | 9/20 [00:02<00:02,  4.01it/s]';
    expect(progressFromLogs(logs)).toBe(0.45);
    expect(progressFromLogs(' 33%|███▎      | 1/3 [00:01<00:02]')).toBeCloseTo(1 / 3);
  });

  it('reads carriage-return updated bars and bars without a counter', () => {
    expect(progressFromLogs('\r 10%|█         | 2/20\r 20%|██        | 4/20')).toBe(0.2);
    expect(progressFromLogs('progress 70%|███████   |')).toBe(0.7);
  });

  it('has nothing to say before the first bar', () => {
    expect(progressFromLogs(null)).toBeUndefined();
    expect(progressFromLogs('Loading pipeline...\nUsing seed: 3')).toBeUndefined();
  });
});
