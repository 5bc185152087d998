// GET /api/contractor/leads: a contractor sees exactly the leads assigned to them, and their images;
// another contractor's lead is invisible through every route.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { bearer, signUp } from '../helpers/auth';
import { finishedRender } from '../helpers/designs';
import { createTestApp, type TestApp } from '../helpers/test-app';

let harness: TestApp;
let mine: string | undefined;
let theirs: string | undefined;
let homeowner: string | undefined;
let myLead: string;
let theirLead: string;

beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.app.database;
  ({ token: homeowner } = await signUp(harness.app, { email: 'owner@example.com', password: 'secret1' }));
  const render = await finishedRender(harness.app, bearer(homeowner), { photo: 'kitchen_1.jpg', styleId: 'transitional' });

  const contractor = async (email: string) => {
    const { token } = await signUp(harness.app, { name: email, email, password: 'secret1' });
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await db.updateTable('users').set({ role: 'contractor' }).where('id', '=', user.id).execute();
    const id = randomUUID();
    await db
      .insertInto('contractors')
      .values({ id, user_id: user.id, name: `${email} Co`, email, is_active_subscriber: true })
      .execute();
    await db
      .insertInto('contractor_zip_codes')
      .values([
        { contractor_id: id, zip: '01701' },
        { contractor_id: id, zip: '01760' },
      ])
      .execute();
    return { token, id };
  };
  const me = await contractor('builder-a@example.com');
  const them = await contractor('builder-b@example.com');
  mine = me.token;
  theirs = them.token;
  myLead = randomUUID();
  theirLead = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('leads')
    .values([
      {
        id: myLead,
        render_id: render.id,
        name: 'Ann Lead',
        email: 'ann@example.com',
        phone: '508-555-0001',
        zip: '01701',
        room_type: 'kitchen',
        style: 'Transitional',
        lead_score: 72,
        status: 'assigned',
        created_at: now,
      },
      { id: theirLead, name: 'Bo Lead', email: 'bo@example.com', zip: '01760', lead_score: 30, status: 'assigned', created_at: now },
    ])
    .execute();
  await db
    .insertInto('assignments')
    .values([
      { id: randomUUID(), lead_id: myLead, contractor_id: me.id, assignment_method: 'manual' },
      { id: randomUUID(), lead_id: theirLead, contractor_id: them.id, assignment_method: 'manual' },
    ])
    .execute();
  // A real render plus sign-ups: past vitest's 10 s hook default on a busy machine with PostgreSQL.
}, 60_000);
afterAll(() => harness.close());

describe('GET /api/contractor/leads', () => {
  it("lists only the contractor's own leads, with stats and served ZIPs", async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: bearer(mine) });
    const body = response.json();
    expect(body).toMatchObject({ success: true, contractor: { name: 'builder-a@example.com Co' }, assignedZipCodes: ['01701', '01760'] });
    expect(body.leads.map((lead: { id: string }) => lead.id)).toEqual([myLead]);
    expect(body.stats).toEqual({ totalLeads: 1, highValueLeads: 1, recentLeads: 1, avgLeadScore: 72 });
    // Each score explains itself from what the lead told us: Ann gave a phone number and three of six profile fields.
    expect(body.leads[0].score_factors.intent).toEqual([{ label: 'Phone number given', points: 15 }]);
    expect(body.leads[0].score_factors.quality).toContainEqual({ label: 'Profile 3/6 complete', points: 15 });
    const image = await harness.app.inject({ method: 'GET', url: body.leads[0].ai_url, headers: bearer(mine) });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it("keeps another contractor's lead invisible, images included", async () => {
    const body = (await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: bearer(theirs) })).json();
    expect(body.leads.map((lead: { id: string }) => lead.id)).toEqual([theirLead]);
    expect(body.leads[0].score_factors).toMatchObject({ engagement: [], intent: [] });
    expect(body.leads[0].score_factors.quality).toContainEqual({ label: 'Profile 1/6 complete', points: 5 });
    expect(
      (await harness.app.inject({ method: 'GET', url: `/api/contractor/leads/${myLead}/after`, headers: bearer(theirs) })).statusCode,
    ).toBe(404);
  });

  it('answers the seed texts without a session and without a contractor record', async () => {
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/contractor/leads' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(BACK_OFFICE_MESSAGES.contractorLoginRequired);
    const notContractor = await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: bearer(homeowner) });
    expect(notContractor.statusCode).toBe(404);
    expect(notContractor.json().error).toBe(BACK_OFFICE_MESSAGES.noDataAvailable);
  });
});
