import { describe, expect, it } from 'vitest';
import { createPoller } from './poller';

/** A round that looks for work first, then takes a while with what it found (as the job queue's does). */
function pollerOverWork() {
  const work: string[] = [];
  const done: string[] = [];
  let release: () => void = () => {};
  let rounds = 0;
  const poller = createPoller({
    name: 'test',
    intervalMs: 60_000,
    round: async () => {
      rounds += 1;
      const found = work.splice(0);
      await new Promise<void>((resolve) => (release = resolve));
      done.push(...found);
    },
  });
  return { poller, work, done, release: () => release(), rounds: () => rounds };
}

describe('createPoller', () => {
  it('runs one more round after the current one when woken during it, however often it is woken', async () => {
    const { poller, work, done, release, rounds } = pollerOverWork();
    poller.start();
    // The first round has looked and found nothing; work arrives while it runs.
    work.push('job');
    poller.wake();
    poller.wake();
    const followUp = poller.tick();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(rounds()).toBe(2);
    release();
    await followUp;
    expect(done).toEqual(['job']);
    expect(rounds()).toBe(2);
    await poller.stop();
  });

  it('starts no round after stop', async () => {
    const { poller, release, rounds } = pollerOverWork();
    poller.start();
    poller.wake();
    const stopped = poller.stop();
    release();
    await stopped;
    await new Promise((resolve) => setImmediate(resolve));
    expect(rounds()).toBe(1);
  });
});
