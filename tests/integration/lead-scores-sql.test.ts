// The score model as SQL (lead-scores-sql.ts) gives the very scores of the JavaScript model (lead-scoring.ts)
// that explains them, lead by lead, on leads drawn at random each run: homeowners with and without accounts,
// renders that succeeded or failed, likes, comments (some removed), served, unserved and paused ZIPs, empty
// strings where a field may be blank, unknown rooms and timelines, deleted accounts, and close models with
// fractional and negative weights. A failure prints the seed that drew the data (SCORES_SEED reruns it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_EMAIL_DOMAIN, QUOTE_BUDGETS, QUOTE_TIMELINES, ROOM_TYPE_KEYS } from '#shared/constants';
import type { Db } from '#server/db/database';
import { PRIOR_CLOSE_MODEL, type CloseModel } from '#server/modules/scoring/close-model';
import { computeLeadScores } from '#server/modules/scoring/lead-scoring';
import { rescoreInDatabase } from '#server/modules/scoring/lead-scores-sql';
import { loadLeadSignals, SIGNAL_COLUMNS } from '#server/modules/scoring/lead-signals.repository';
import { ZIP_INCOME_TIERS } from '#server/modules/scoring/zip-income-tier';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertImagelessUpload } from '../helpers/imageless-upload';

const SEED = Number(process.env.SCORES_SEED ?? Math.floor(Math.random() * 2 ** 31));
const LEADS = 1500;
const USERS = 600;

/** mulberry32: a small seeded generator, so a failing draw can be drawn again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)], chance: (p: number) => next() < p };
}

let harness: TestApp;
let db: Db;
const random = generator(SEED);

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 200) await insert(rows.slice(start, start + 200));
}

beforeAll(async () => {
  harness = await createTestApp({ overrides: { startWorker: false } });
  db = harness.app.database.db;
  const servedZips = (await db.selectFrom('service_area_zips').select('zip').execute()).map((row) => row.zip);
  // A few served ZIPs paused, so "in the service area" is not simply "a MetroWest ZIP".
  await db.updateTable('service_area_zips').set({ active: false }).where('zip', 'in', servedZips.slice(0, 5)).execute();
  const zips = [...servedZips, ...ZIP_INCOME_TIERS.keys(), '90210', '10001', '99999'];

  const users = Array.from({ length: USERS }, (_, index) => ({
    id: randomUUID(),
    name: `Owner ${index}`,
    email: `scores-${SEED}-${index}@example.com`,
    login_count: random.chance(0.3) ? 0 : random.int(40),
    total_time_on_site_ms: random.chance(0.3) ? 0 : random.int(5 * 3_600_000),
  }));
  await insertChunked(users, (chunk) => db.insertInto('users').values(chunk).execute());

  const uploadId = await insertImagelessUpload(db);
  const renders = users.flatMap((user) =>
    Array.from({ length: random.int(6) }, () => ({
      id: randomUUID(),
      user_id: user.id,
      upload_id: uploadId,
      room_type: 'kitchen',
      engine: 'structural-design-ai',
      seed: random.int(1000),
      status: random.pick(['succeeded', 'succeeded', 'failed', 'running'] as const),
    })),
  );
  await insertChunked(renders, (chunk) => db.insertInto('renders').values(chunk).execute());

  const text = (options: readonly string[]) => (random.chance(0.15) ? '' : random.chance(0.4) ? null : random.pick(options));
  const leads = Array.from({ length: LEADS }, (_, index) => {
    const user = random.chance(0.8) ? random.pick(users) : null;
    return {
      id: randomUUID(),
      user_id: user?.id ?? null,
      email: random.chance(0.05) ? `deleted-${index}@${ANONYMISED_EMAIL_DOMAIN}` : (user?.email ?? `guest-${SEED}-${index}@example.com`),
      name: text(['Sam', 'Alex Smith']),
      phone: text(['508-555-0100']),
      zip: random.pick(zips),
      room_type: text([...ROOM_TYPE_KEYS, 'garage']),
      timeline: text([...QUOTE_TIMELINES, 'Someday']),
      budget: text([...QUOTE_BUDGETS, '$1M']),
      project_type: text(['Kitchen']),
      notes: text(['Open shelving, please']),
      wants_quote: random.chance(0.4),
      subscribe: random.chance(0.5),
      email_confirmed: random.chance(0.5),
      render_count: random.int(8),
      is_repeat_visitor: random.chance(0.5),
      share_in_feed: index < 50,
    };
  });
  await insertChunked(leads, (chunk) => db.insertInto('leads').values(chunk).execute());

  const likes = new Map<string, { lead_id: string; user_id: string }>();
  for (let index = 0; index < 900; index += 1) {
    const like = { lead_id: leads[random.int(50)].id, user_id: random.pick(users).id };
    likes.set(`${like.lead_id}/${like.user_id}`, like);
  }
  await insertChunked([...likes.values()], (chunk) => db.insertInto('feed_likes').values(chunk).execute());
  const comments = Array.from({ length: 400 }, () => ({
    id: randomUUID(),
    lead_id: leads[random.int(50)].id,
    user_id: random.pick(users).id,
    author_name: 'A. B.',
    body: 'Nice',
    removed_at: random.chance(0.3) ? new Date().toISOString() : null,
  }));
  await insertChunked(comments, (chunk) => db.insertInto('feed_comments').values(chunk).execute());
}, 120_000);

afterAll(() => harness?.close());

/** Every lead's stored scores beside what the JavaScript model says from the same signals. */
async function compare(model: CloseModel) {
  const leads = await db
    .selectFrom('leads')
    .select([...SIGNAL_COLUMNS, 'engagement_score', 'intent_score', 'lead_quality_score', 'probability_to_close_score', 'lead_score'])
    .orderBy('id')
    .execute();
  const signals = await loadLeadSignals(db, leads);
  const mismatches = leads.flatMap((lead) => {
    const leadSignals = signals.get(lead.id)!;
    const expected = lead.email.endsWith(`@${ANONYMISED_EMAIL_DOMAIN}`)
      ? { engagement_score: 0, intent_score: 0, lead_quality_score: 0, probability_to_close_score: 0, lead_score: 0 }
      : computeLeadScores(leadSignals, model).scores;
    const stored = {
      engagement_score: lead.engagement_score,
      intent_score: lead.intent_score,
      lead_quality_score: lead.lead_quality_score,
      probability_to_close_score: lead.probability_to_close_score,
      lead_score: lead.lead_score,
    };
    const counts = { render_count: leadSignals.renderCount, is_repeat_visitor: leadSignals.isRepeatVisitor };
    const same =
      JSON.stringify(stored) === JSON.stringify(expected) &&
      lead.render_count === counts.render_count &&
      lead.is_repeat_visitor === counts.is_repeat_visitor;
    return same ? [] : [{ id: lead.id, stored, expected, counts, signals: leadSignals }];
  });
  return { count: leads.length, mismatches };
}

const ALL = { after: '', through: '\u{10FFFF}' };

describe(`the score model in SQL against the JavaScript model (SCORES_SEED=${SEED})`, () => {
  it.each([
    ['the prior', PRIOR_CLOSE_MODEL],
    [
      'a fitted model with fractional weights',
      { kind: 'fitted', intercept: -3.137, weights: { engagement: 0.8123, intent: 5.2, quality: 1.0457 } },
    ],
    [
      'a fitted model with a negative weight',
      { kind: 'fitted', intercept: 0.25, weights: { engagement: -1.3, intent: 2.71828, quality: 0.1 } },
    ],
  ] as Array<[string, CloseModel]>)('gives every lead the same scores with %s', async (_, model) => {
    await rescoreInDatabase(db, ALL, model, new Date());
    const { count, mismatches } = await compare(model);
    expect(count).toBe(LEADS);
    expect(mismatches.slice(0, 3), `seed ${SEED}: ${mismatches.length} of ${count} leads differ`).toEqual([]);
  });

  it('writes nothing when nothing moved, and only the moved lead when one did', async () => {
    await rescoreInDatabase(db, ALL, PRIOR_CLOSE_MODEL, new Date());
    expect(await rescoreInDatabase(db, ALL, PRIOR_CLOSE_MODEL, new Date())).toBe(0);
    const lead = await db
      .selectFrom('leads')
      .select(['id', 'email'])
      .where('wants_quote', '=', false)
      .where('email', 'like', 'guest-%')
      .executeTakeFirstOrThrow();
    await db.updateTable('leads').set({ wants_quote: true }).where('id', '=', lead.id).execute();
    expect(await rescoreInDatabase(db, { email: lead.email }, PRIOR_CLOSE_MODEL, new Date())).toBe(1);
    expect((await compare(PRIOR_CLOSE_MODEL)).mismatches).toEqual([]);
  });

  it("rescores one homeowner's leads by account and leaves everyone else's alone", async () => {
    // An anonymised lead always scores 0, so the owner is taken from the leads that are still scored.
    const owner = await db
      .selectFrom('leads')
      .select(['user_id'])
      .where('user_id', 'is not', null)
      .where('email', 'not like', `%@${ANONYMISED_EMAIL_DOMAIN}`)
      .executeTakeFirstOrThrow();
    const theirs = await db.selectFrom('leads').select('id').where('user_id', '=', owner.user_id).execute();
    await db
      .updateTable('users')
      .set({ login_count: 99, total_time_on_site_ms: 10 * 3_600_000 })
      .where('id', '=', owner.user_id)
      .execute();
    expect(await rescoreInDatabase(db, { leadIds: [] }, PRIOR_CLOSE_MODEL, new Date())).toBe(0);
    const changed = await rescoreInDatabase(db, { userId: owner.user_id! }, PRIOR_CLOSE_MODEL, new Date());
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThanOrEqual(theirs.length);
    expect((await compare(PRIOR_CLOSE_MODEL)).mismatches).toEqual([]);
  });
});

// PostgreSQL rewrites a rescored lead in its own page without touching an index (a heap-only update) only
// while no index covers a score column and pages keep room (decision 032): an index added on a score
// would double the time of every recalculation, so it is a test failure rather than a slow surprise.
describe.runIf(process.env.TEST_DB === 'postgres')('rescoring in place on PostgreSQL', () => {
  it('keeps the score columns out of every index of leads and room in its pages', async () => {
    const { sql } = await import('kysely');
    const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'leads'`.execute(db);
    expect(indexes.rows.length).toBeGreaterThan(0);
    const scored = indexes.rows.filter((row) => /_score\b/.test(row.indexdef));
    expect(scored).toEqual([]);
    const options = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where relname = 'leads'`.execute(db);
    expect(options.rows[0].reloptions).toContain('fillfactor=80');
  });

  it('rewrites rescored leads in place', async () => {
    const { sql } = await import('kysely');
    const hotUpdates = async () => {
      await sql`select pg_stat_force_next_flush()`.execute(db);
      const stats = await sql<{ n: string }>`select n_tup_hot_upd as n from pg_stat_user_tables where relname = 'leads'`.execute(db);
      return Number(stats.rows[0].n);
    };
    const before = await hotUpdates();
    await db.updateTable('users').set({ login_count: 77 }).execute();
    const rewritten = await rescoreInDatabase(db, ALL, PRIOR_CLOSE_MODEL, new Date());
    expect(rewritten).toBeGreaterThan(0);
    // Most of them in place (a page short of room moves a lead, and that one update touches the indexes).
    expect((await hotUpdates()) - before).toBeGreaterThan(rewritten / 2);
  });
});
