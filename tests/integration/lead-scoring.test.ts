// Scores follow their inputs (quote request, feed likes and comments, logins, time on site), the close
// model is refitted from outcomes, and the explanations travel with the leads.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/database';
import { refreshLeadScores, refreshLeadScoresQuietly } from '#server/modules/scoring/refresh-lead-scores';
import { recalculateLeadScores } from '#server/modules/scoring/score-recalculation.service';
import { PRIOR_CLOSE_MODEL } from '#server/modules/scoring/close-model';
import { explainLeadScores } from '#server/modules/scoring/score-explanations';
import { signIn } from '../helpers/auth';
import { createBackOfficeApp, insertLead, personWithRole, recalculateScores, type BackOfficeHarness, type Person } from './admin-harness';

let harness: BackOfficeHarness;
let db: Db;
let homeowner: Person;
let leadId: string;
const designRequestId = `design-${randomUUID()}`;

/** The stored scores, with the explanation the lists and the dossier show beside them. */
const scoresOf = async (id: string) => ({
  ...(await db
    .selectFrom('leads')
    .select(['engagement_score', 'intent_score', 'lead_quality_score', 'probability_to_close_score', 'lead_score'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()),
  score_factors: (await explainLeadScores(db, [id])).get(id)!,
});

beforeAll(async () => {
  harness = await createBackOfficeApp();
  db = harness.db;
  homeowner = await personWithRole(harness, 'homeowner', `scored-${randomUUID().slice(0, 8)}@example.com`, 'Sam Scored');
  leadId = await insertLead(db, {
    user_id: homeowner.id,
    email: homeowner.email,
    design_request_id: designRequestId,
    name: 'Sam Scored',
    zip: '01760',
    room_type: 'kitchen',
  });
  await refreshLeadScores(db, { leadIds: [leadId] });
});
afterAll(() => harness.close());

describe('scores update when their inputs change', () => {
  it('raises intent, quality and close after a quote request, with the quote among the factors', async () => {
    const before = await scoresOf(leadId);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: homeowner.headers,
      payload: {
        designRequestId,
        zipCode: '01760',
        projectType: 'Kitchen',
        timeline: 'Ready now',
        budget: '$50k+',
        contactMethod: 'phone',
        phone: '508-555-0110',
      },
    });
    expect(response.statusCode).toBe(200);
    const after = await scoresOf(leadId);
    expect(after.intent_score).toBeGreaterThan(before.intent_score);
    expect(after.lead_quality_score).toBeGreaterThan(before.lead_quality_score);
    expect(after.probability_to_close_score).toBeGreaterThan(before.probability_to_close_score);
    expect(after.lead_score).toBeGreaterThan(before.lead_score);
    expect(after.score_factors.intent[0]).toEqual({ label: 'Requested a quote', points: 40 });
  });

  it('raises engagement after a feed like and a comment', async () => {
    const shared = await insertLead(db, { share_in_feed: true, email: 'sharer@example.com' });
    const before = (await scoresOf(leadId)).engagement_score;
    expect((await harness.app.inject({ method: 'PUT', url: `/api/feed/${shared}/like`, headers: homeowner.headers })).statusCode).toBe(200);
    const liked = (await scoresOf(leadId)).engagement_score;
    expect(liked).toBeGreaterThan(before);
    await harness.app.inject({
      method: 'POST',
      url: `/api/feed/${shared}/comments`,
      headers: homeowner.headers,
      payload: { body: 'Lovely kitchen' },
    });
    const commented = await scoresOf(leadId);
    expect(commented.engagement_score).toBeGreaterThan(liked);
    expect(commented.score_factors.engagement).toContainEqual({ label: '1 feed like, 1 comment', points: expect.any(Number) });
  });

  it('raises engagement after another login and after time on site', async () => {
    const before = (await scoresOf(leadId)).engagement_score;
    await signIn(harness.app, { email: homeowner.email, password: 'secret1' });
    const afterLogin = (await scoresOf(leadId)).engagement_score;
    expect(afterLogin).toBeGreaterThan(before);
    const events = [{ type: 'time_spent', page: '/', time_spent_ms: 15 * 60_000, timestamp: new Date().toISOString() }];
    const tracked = await harness.app.inject({ method: 'POST', url: '/api/events/batch', headers: homeowner.headers, payload: { events } });
    expect(tracked.json()).toMatchObject({ success: true, recorded: 1 });
    expect((await scoresOf(leadId)).engagement_score).toBeGreaterThan(afterLogin);
  });

  it('rescores by email too, and never fails the caller when scoring fails', async () => {
    await db.updateTable('leads').set({ intent_score: 0, lead_score: 0 }).where('id', '=', leadId).execute();
    expect(await refreshLeadScores(db, { email: homeowner.email.toUpperCase() })).toBe(1);
    expect((await scoresOf(leadId)).intent_score).toBeGreaterThan(0);
    const log = { error: vi.fn() };
    const broken = {
      ...db,
      selectFrom: () => {
        throw new Error('database gone');
      },
    } as unknown as Db;
    await expect(refreshLeadScoresQuietly(broken, { leadIds: [leadId] }, log)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ target: { leadIds: [leadId] } }), 'lead scores not refreshed');
  });
});

describe('the close model', () => {
  const model = () => harness.app.inject({ method: 'GET', url: '/api/admin/lead-scoring-model', headers: harness.admin.headers });

  it('is the prior until enough leads have an outcome, and admins only may read it', async () => {
    const body = model();
    expect((await body).json()).toEqual({
      success: true,
      kind: 'prior',
      fittedAt: null,
      samples: { converted: 0, dead: 0 },
      weights: [
        { feature: 'intercept', weight: PRIOR_CLOSE_MODEL.intercept },
        { feature: 'engagement', weight: PRIOR_CLOSE_MODEL.weights.engagement },
        { feature: 'intent', weight: PRIOR_CLOSE_MODEL.weights.intent },
        { feature: 'quality', weight: PRIOR_CLOSE_MODEL.weights.quality },
      ],
      metrics: null,
    });
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/lead-scoring-model', headers: homeowner.headers })).statusCode).toBe(
      403,
    );
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/lead-scoring-model' })).statusCode).toBe(401);
  });

  it('is refitted on recalculation once there are enough outcomes, and then drives the close probability', async () => {
    // Too few outcomes: still the prior after a recalculation.
    for (let i = 0; i < 4; i += 1) await insertLead(db, { status: 'converted', wants_quote: true, timeline: 'Ready now' });
    expect((await recalculateScores(harness)).recalculation.model).toBe('prior');
    expect((await model()).json().kind).toBe('prior');

    // Converted leads asked for quotes and are ready now; dead ones only browsed.
    const converted = Array.from({ length: 16 }, (_, i) => ({
      id: randomUUID(),
      email: `won${i}@example.com`,
      zip: '01760',
      status: 'converted' as const,
      wants_quote: true,
      timeline: i % 4 ? 'Ready now' : '3-6 months',
      phone: '508-555-0100',
    }));
    const dead = Array.from({ length: 20 }, (_, i) => ({
      id: randomUUID(),
      email: `lost${i}@example.com`,
      zip: '01760',
      status: 'dead' as const,
      wants_quote: i % 5 === 0,
    }));
    await db
      .insertInto('leads')
      .values([...converted, ...dead])
      .execute();
    // Outcomes are fitted on the stored scores; the first recalculation stores them, the second fits.
    await recalculateScores(harness);
    expect((await recalculateScores(harness)).recalculation).toMatchObject({ status: 'done', model: 'fitted' });

    const fitted = (await model()).json();
    expect(fitted).toMatchObject({ success: true, kind: 'fitted', fittedAt: expect.any(String), samples: { converted: 20, dead: 20 } });
    expect(fitted.weights.map((row: { feature: string }) => row.feature)).toEqual(['intercept', 'engagement', 'intent', 'quality']);
    expect(fitted.weights.find((row: { feature: string }) => row.feature === 'intent').weight).toBeGreaterThan(0);
    expect(fitted.metrics.accuracy).toBeGreaterThan(0.8);
    expect(fitted.metrics.logLoss).toBeLessThan(Math.log(2));

    // The lead list shows the scores with their explanations.
    const list = (
      await harness.app.inject({
        method: 'GET',
        url: '/api/admin/get-all-leads?dateRange=90d&pageSize=100',
        headers: harness.admin.headers,
      })
    ).json();
    const won = list.leads.find((lead: { id: string }) => lead.id === converted[1].id);
    expect(won.score_factors.close.length).toBeGreaterThan(0);
    expect(won.score_factors.intent[0]).toEqual({ label: 'Requested a quote', points: 40 });
  });
});

describe('batch recalculation', () => {
  it('scores every lead across batch boundaries, and writes nothing when nothing moved', async () => {
    // A quoting lead and a browsing one among 7 fresh leads: unscored leads all start at 0.
    const fresh = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        insertLead(db, { zip: '01760', wants_quote: i % 2 === 0, timeline: i % 2 === 0 ? 'Ready now' : null }),
      ),
    );
    const total = Number(
      (
        await db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    // A batch of 3 ends mid-table several times; the keyset must carry on after each.
    const first = await recalculateLeadScores(db, new Date(), { batchSize: 3 });
    expect(first.leads).toBe(total);
    const scored = await db.selectFrom('leads').select(['id', 'intent_score', 'lead_quality_score']).where('id', 'in', fresh).execute();
    expect(scored).toHaveLength(7);
    for (const lead of scored) expect(lead.lead_quality_score).toBeGreaterThan(0);

    // The same inputs and the same model: no row is rewritten.
    const second = await recalculateLeadScores(db, new Date(), { batchSize: 3 });
    expect(second).toMatchObject({ leads: total, updated: 0 });
  });
});
