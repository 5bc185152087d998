// 'Recalculate Scores' in the background (issue 21): the request queues one run however many admins press
// it; the run writes its progress with each batch; a stopped or abandoned run resumes after its last
// written lead and ends with the same scores as an uninterrupted one; a run that lost its lease writes
// nothing more; a failure is reported and frees the slot for the next request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database';
import { latestRecalculation, requestRecalculation, runActiveRecalculation } from '#server/modules/scoring/score-recalculation-runs';
import { recalculateLeadScores } from '#server/modules/scoring/score-recalculation.service';
import { createBackOfficeApp, recalculateScores, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
let db: Db;
const LEADS = 230;
const at = (iso: string) => () => new Date(iso);

const scores = async () =>
  db.selectFrom('leads').select(['id', 'engagement_score', 'intent_score', 'lead_quality_score', 'lead_score']).orderBy('id').execute();

beforeAll(async () => {
  harness = await createBackOfficeApp();
  db = harness.db;
  const leads = Array.from({ length: LEADS }, (_, index) => ({
    id: randomUUID(),
    email: `runs-${index}@example.com`,
    zip: index % 3 ? '01701' : '90210',
    wants_quote: index % 4 === 0,
    timeline: index % 5 === 0 ? 'Ready now' : null,
    render_count: index % 7,
  }));
  for (let index = 0; index < leads.length; index += 100)
    await db
      .insertInto('leads')
      .values(leads.slice(index, index + 100))
      .execute();
});
afterAll(() => harness.close());
beforeEach(async () => {
  await db.deleteFrom('score_recalculations').execute();
  // Scores as a fresh import has them, so every run has work to do.
  await db.updateTable('leads').set({ engagement_score: 0, intent_score: 0, lead_quality_score: 0, lead_score: 0 }).execute();
});

describe('background lead score recalculation', () => {
  it('answers at once with a queued run, and runs it in the background to the same scores as a direct run', async () => {
    const { started, recalculation } = await recalculateScores(harness);
    expect(started.recalculation).toMatchObject({ status: 'queued', scored: 0 });
    expect(recalculation).toMatchObject({ id: started.recalculation.id, status: 'done', finishedAt: expect.any(String) });
    expect(recalculation.scored).toBe(recalculation.total);
    expect(recalculation.total).toBeGreaterThanOrEqual(LEADS);
    // A direct, uninterrupted recalculation finds nothing left to change.
    expect((await recalculateLeadScores(db, new Date())).updated).toBe(0);
  });

  it('gives simultaneous requests one run', async () => {
    const now = new Date();
    const requests = await Promise.all(Array.from({ length: 6 }, () => requestRecalculation(db, null, now)));
    expect(new Set(requests.map((request) => request.id)).size).toBe(1);
    expect(await db.selectFrom('score_recalculations').select('id').execute()).toHaveLength(1);
  });

  it('writes progress with each batch, and a stopped run resumes after its last written lead', async () => {
    const { id } = await requestRecalculation(db, null, new Date());
    let batches = 0;
    // Stops after two batches of 50, as a shutting-down instance does.
    await runActiveRecalculation(db, { now: () => new Date(), batchSize: 50, stopping: () => batches++ >= 2 });
    const stopped = await latestRecalculation(db);
    expect(stopped).toMatchObject({ id, status: 'queued', scored: 100 });
    const half = await scores();

    await runActiveRecalculation(db, { now: () => new Date(), batchSize: 50 });
    expect(await latestRecalculation(db)).toMatchObject({ id, status: 'done', scored: stopped!.total });
    // The first 100 leads were not scored twice (their rows are as the first part left them) ...
    expect((await scores()).slice(0, 100)).toEqual(half.slice(0, 100));
    // ... and the whole matches an uninterrupted run.
    expect((await recalculateLeadScores(db, new Date())).updated).toBe(0);
  });

  it('resumes a run whose instance died once its lease has run out, and not before', async () => {
    const { id } = await requestRecalculation(db, null, new Date('2026-11-24T10:00:00Z'));
    // The instance died after its first batch: running, with a lease until 10:01.
    await db
      .updateTable('score_recalculations')
      .set({ status: 'running', locked_until: '2026-11-24T10:01:00.000Z', cursor: '', total: LEADS })
      .where('id', '=', id)
      .execute();
    expect(await runActiveRecalculation(db, { now: at('2026-11-24T10:00:30Z') })).toBe(false);
    expect(await runActiveRecalculation(db, { now: at('2026-11-24T10:01:30Z') })).toBe(true);
    expect(await latestRecalculation(db)).toMatchObject({ id, status: 'done' });
  });

  it('writes nothing more once another instance has taken its run over', async () => {
    const { id } = await requestRecalculation(db, null, new Date());
    let taken = false;
    await runActiveRecalculation(db, {
      now: () => new Date(),
      batchSize: 50,
      // Between two batches another instance claims the run (its lease ran out meanwhile).
      stopping: async () => {
        if (taken) return false;
        taken = true;
        await db.updateTable('score_recalculations').set({ locked_until: '2099-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
        return false;
      },
    });
    const row = await db.selectFrom('score_recalculations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'running', locked_until: '2099-01-01T00:00:00.000Z', scored: 0 });
  });

  it('reports a failure and frees the slot for the next request', async () => {
    const { id } = await requestRecalculation(db, null, new Date());
    await expect(
      runActiveRecalculation(db, {
        now: () => new Date(),
        stopping: () => {
          throw new Error('The database went away.');
        },
      }),
    ).rejects.toThrow('The database went away.');
    expect(await latestRecalculation(db)).toMatchObject({ id, status: 'failed', error: 'The database went away.' });
    const next = await requestRecalculation(db, null, new Date(Date.now() + 1000));
    expect(next.id).not.toBe(id);
    expect(next.status).toBe('queued');
  });
});
