// Settings, the service area, score recalculation and the debug panel's calls.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_LABELS } from '#shared/messages';
import { computeLeadScores } from '#server/modules/scoring/lead-scoring';
import { explainLeadScores } from '#server/modules/scoring/score-explanations';
import {
  createBackOfficeApp,
  insertContractor,
  insertLead,
  personWithRole,
  recalculateScores,
  type BackOfficeHarness,
} from './admin-harness';

let harness: BackOfficeHarness;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  harness.app.inject({ method, url, headers: harness.admin.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

describe('settings and service area', () => {
  it('reads and changes the auto-assignment mode', async () => {
    const defaults = { autoAssignment: 'off', maxContractorsPerLead: 4, responseDeadlineHours: 24, autoReassign: false };
    expect((await send('GET', '/api/admin/settings')).json()).toEqual({ success: true, settings: defaults });
    expect((await send('PUT', '/api/admin/settings', { autoAssignment: 'next-in-line' })).json()).toEqual({
      success: true,
      settings: { ...defaults, autoAssignment: 'next-in-line' },
    });
    expect((await send('GET', '/api/admin/settings')).json().settings.autoAssignment).toBe('next-in-line');
    const bad = await send('PUT', '/api/admin/settings', { autoAssignment: 'random' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('autoAssignment must be one of off, round-robin, next-in-line');
    await send('PUT', '/api/admin/settings', { autoAssignment: 'off' });
  });

  it('adds, switches off and switches on again a service-area ZIP', async () => {
    const before = (await send('GET', '/api/admin/service-area')).json().zips;
    expect(before.length).toBeGreaterThanOrEqual(60);
    expect(before[0]).toMatchObject({ zip: expect.stringMatching(/^\d{5}$/), town: expect.any(String), active: true });

    expect((await send('POST', '/api/admin/service-area', { zip: '02999', town: 'Newtown' })).json()).toMatchObject({
      success: true,
      zip: { zip: '02999', town: 'Newtown', active: true },
    });
    expect((await send('DELETE', '/api/admin/service-area/02999')).json()).toEqual({ success: true });
    const check = await harness.app.inject({ method: 'POST', url: '/api/zip/check', payload: { zip: '02999' } });
    expect(check.json().approved).toBe(false);
    expect((await send('POST', '/api/admin/service-area', { zip: '02999', town: 'New Town' })).json().zip).toMatchObject({
      town: 'New Town',
      active: true,
    });
    expect((await harness.app.inject({ method: 'POST', url: '/api/zip/check', payload: { zip: '02999' } })).json().approved).toBe(true);

    expect((await send('DELETE', '/api/admin/service-area/09999')).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/service-area', { zip: '123', town: 'X' })).statusCode).toBe(400);
    expect((await send('POST', '/api/admin/service-area', { zip: '02998', town: ' ' })).json().error).toBe('Town is required');
  });
});

describe('POST /api/recalculate-lead-scores', () => {
  it('recomputes every lead from its fields and its homeowner’s counters', async () => {
    const { db } = harness;
    const person = await personWithRole(harness, 'homeowner');
    await db.updateTable('users').set({ login_count: 5, total_time_on_site_ms: 600_000 }).where('id', '=', person.id).execute();
    const keen = await insertLead(db, {
      user_id: person.id,
      name: 'Kim Keen',
      phone: '508-555-0100',
      wants_quote: true,
      subscribe: true,
      timeline: 'Ready now',
      budget: '$50k+',
      render_count: 3,
    });
    const outside = await insertLead(db, { zip: '90210', render_count: 1, is_repeat_visitor: true });
    // Enough plain leads for several batches.
    const plain = Array.from({ length: 1100 }, () => ({ id: randomUUID(), email: 'plain@example.com', zip: '01701' }));
    for (let index = 0; index < plain.length; index += 200)
      await db
        .insertInto('leads')
        .values(plain.slice(index, index + 200))
        .execute();

    const { started, recalculation } = await recalculateScores(harness);
    // The request only queues the run; the runner does the work in the background.
    expect(started).toMatchObject({ success: true, message: BACK_OFFICE_LABELS.recalculationStarted, recalculation: { status: 'queued' } });
    expect(recalculation).toMatchObject({ status: 'done', total: 1102, scored: 1102, model: 'prior', error: null });

    const base = {
      feedLikes: 0,
      feedComments: 0,
      subscribed: false,
      timeline: null,
      budget: null,
      hasName: false,
      hasPhone: false,
      wantsQuote: false,
      roomType: 'kitchen',
      hasProjectDetails: false,
      emailConfirmed: false,
      incomeTier: null,
    };
    // The homeowner's renders are counted from the renders table (none here), not the lead's stored count.
    const expectedKeen = computeLeadScores({
      ...base,
      renderCount: 0,
      loginCount: 5,
      timeOnSiteMs: 600_000,
      isRepeatVisitor: true,
      wantsQuote: true,
      subscribed: true,
      timeline: 'Ready now',
      budget: '$50k+',
      hasName: true,
      hasPhone: true,
      inServiceArea: true,
      incomeTier: 'Low',
    });
    const expectedOutside = computeLeadScores({
      ...base,
      renderCount: 1,
      loginCount: 0,
      timeOnSiteMs: 0,
      isRepeatVisitor: true,
      inServiceArea: false,
    });
    const expectedPlain = computeLeadScores({
      ...base,
      roomType: null,
      renderCount: 0,
      loginCount: 0,
      timeOnSiteMs: 0,
      isRepeatVisitor: false,
      inServiceArea: true,
      incomeTier: 'Low',
    });
    const scoreFields = ['engagement_score', 'intent_score', 'lead_quality_score', 'probability_to_close_score', 'lead_score'] as const;
    const read = (id: string) => db.selectFrom('leads').select(scoreFields).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await read(keen)).toEqual(expectedKeen.scores);
    expect(await read(outside)).toEqual(expectedOutside.scores);
    expect(await read(plain[1099].id)).toEqual(expectedPlain.scores);
    expect(expectedKeen.scores.lead_score).toBeGreaterThan(expectedPlain.scores.lead_score);
    expect((await explainLeadScores(db, [keen])).get(keen)).toEqual(expectedKeen.factors);

    // Nothing moved since, so a second run writes nothing.
    expect((await recalculateScores(harness)).recalculation).toMatchObject({ status: 'done', scored: 1102, updated: 0 });
  });
});

describe('debug calls', () => {
  it('reports configuration as set or not, never its values', async () => {
    const response = await send('GET', '/api/debug-env');
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      environment: 'test',
      variables: { PUBLIC_URL: true, SMTP_URL: false, ADMIN_EMAIL: true, AUTH_SECRET: true },
    });
    expect(Object.values(body.variables).every((value) => typeof value === 'boolean')).toBe(true);
    expect(response.body).not.toContain(harness.config.authSecret);
    expect(response.body).not.toContain('admin-password');
  });

  it('reports the database and the image providers', async () => {
    const database = (await send('GET', '/api/debug-supabase')).json();
    expect(database).toMatchObject({
      success: true,
      database: { kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite', reachable: true },
      storage: true,
    });
    expect(database.tables).toMatchObject({ users: expect.any(Number), leads: expect.any(Number), feedback: expect.any(Number) });
    const providers = (await send('GET', '/api/debug-replicate')).json();
    expect(providers).toEqual({
      success: true,
      message: expect.stringContaining('No image provider is configured'),
      workingModels: [],
      modelTests: [],
      stabilityAiModels: [],
      recommendation: expect.any(String),
    });
    for (const url of ['/api/setup-feedback-table', '/api/apply-feedback-migration']) {
      expect((await send('POST', url)).json()).toMatchObject({
        success: true,
        message: expect.stringContaining('feedback table already exists'),
      });
    }
  });

  it('creates a scored test lead and hands it to automatic assignment', async () => {
    const contractor = await insertContractor(harness.db, { name: 'Debug Co', zips: ['01760'] });
    await send('PUT', '/api/admin/settings', { autoAssignment: 'round-robin' });
    const response = await send('POST', '/api/notify-contractor', {
      name: 'Dee Bug',
      email: 'Dee@Example.com',
      phone: '508-555-0111',
      zipCode: '01760',
      roomType: 'bathroom',
      style: 'Modern Zen',
    });
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      id: expect.any(String),
      score: expect.any(Number),
      assignment: { assigned: true, contractorId: contractor, method: 'round-robin' },
    });
    const lead = await harness.db.selectFrom('leads').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      email: 'dee@example.com',
      zip: '01760',
      room_type: 'bathroom',
      wants_quote: true,
      status: 'assigned',
      assigned_contractor_id: contractor,
      lead_score: body.score,
    });
    expect(body.score).toBeGreaterThan(0);
    await send('PUT', '/api/admin/settings', { autoAssignment: 'off' });
    expect((await send('POST', '/api/notify-contractor', { email: 'x@example.com' })).statusCode).toBe(400);
  });
});
