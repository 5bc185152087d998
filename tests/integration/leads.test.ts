// The email step and the quote request through the API: one lead per render, the full image released,
// the homeowner's email queued in the same transaction, and the quote recorded on the lead.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_STEP_MESSAGES, HOMEOWNER_MESSAGES } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { bearer, signIn, signUp } from '../helpers/auth';
import { finishedRender as finishDesign } from '../helpers/designs';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';
import { requestQuoteWithConsent } from './admin-harness';

let harness: TestApp;
let token: string | undefined;
let otherToken: string | undefined;
const EMAIL = 'lead-owner@example.com';

beforeAll(async () => {
  harness = await createTestApp();
  ({ token } = await signUp(harness.app, { name: 'Lee Owner', email: EMAIL, password: 'secret1' }));
  ({ token: otherToken } = await signUp(harness.app, { email: 'not-the-owner@example.com', password: 'secret1' }));
});
afterAll(() => harness.close());

/** A finished design of the signed-in homeowner's (kitchen_2.jpg on the offline engine). */
const finishedRender = (roomType = 'kitchen', styleId = 'farmhouse-chic') =>
  finishDesign(harness.app, bearer(token), { roomType, styleId });

const emailStep = (render: RenderState, overrides: Record<string, unknown> = {}, auth = token) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/send-email',
    headers: bearer(auth),
    payload: {
      email: EMAIL,
      name: 'Lee Owner',
      phone: '508-555-0101',
      beforeImage: 'data:image/jpeg;base64,AAAA',
      afterImage: 'data:image/jpeg;base64,AAAA',
      selectedStyle: { id: 'farmhouse-chic', name: 'Farmhouse Chic', prompt: '' },
      roomType: 'kitchen',
      subscribe: true,
      zipCode: '01701',
      designRequestId: render.id,
      userId: null,
      ...overrides,
    },
  });

describe('POST /api/send-email', () => {
  it('creates the lead, releases the full image and queues the email, once per render', async () => {
    const render = await finishedRender();
    expect((await harness.app.inject({ method: 'GET', url: `/api/renders/${render.id}/result`, headers: bearer(token) })).statusCode).toBe(
      403,
    );

    const first = await emailStep(render);
    expect(first.json()).toMatchObject({ success: true, message: EMAIL_STEP_MESSAGES.sent });
    const retry = await emailStep(render, { phone: '508-555-0199' });
    expect(retry.json().success).toBe(true);

    const { db } = harness.app.database;
    const leads = await db.selectFrom('leads').selectAll().where('design_request_id', '=', render.id).execute();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      email: EMAIL,
      name: 'Lee Owner',
      phone: '508-555-0199',
      zip: '01701',
      room_type: 'kitchen',
      style: 'Farmhouse Chic',
      status: 'new',
      subscribe: true,
      share_in_feed: false,
      wants_quote: false,
      ai_url: `/api/renders/${render.id}/result`,
    });
    expect(leads[0].engagement_score).toBeGreaterThan(0);

    const released = await harness.app.inject({ method: 'GET', url: `/api/renders/${render.id}/result`, headers: bearer(token) });
    expect(released.statusCode).toBe(200);

    const mail = await db.selectFrom('mail_outbox').selectAll().where('lead_id', '=', leads[0].id).execute();
    expect(mail).toHaveLength(1);
    // The offline engine made it: the mail says preview, not design, and says what the preview is.
    expect(mail[0]).toMatchObject({ kind: 'homeowner-design', to_address: EMAIL, subject: 'Your Kitchen preview is ready' });
    expect(mail[0].text).toContain(
      'This preview was made by our offline preview engine from your own photo: a colour and style preview, not an AI render.',
    );
    expect(mail[0].html).toContain(`/feedback?lead_id=${leads[0].id}&amp;rating=5`);
    expect(mail[0].text).toContain(`/feedback?lead_id=${leads[0].id}&rating=1`);
    expect(JSON.parse(mail[0].attachments).map((attachment: { cid: string }) => attachment.cid)).toEqual(['before-image', 'after-image']);

    const submits = await db.selectFrom('user_events').select('metadata').where('event_type', '=', 'email_submit').execute();
    expect(JSON.parse(submits[0].metadata)).toMatchObject({
      room_type: 'kitchen',
      style: 'Farmhouse Chic',
      zip_code: '01701',
      wants_quote: true,
    });
  });

  it('answers failures in the seed form and changes nothing', async () => {
    const render = await finishedRender('bedroom', 'modern-zen');
    const wrongEmail = await emailStep(render, { email: 'someone-else@example.com' });
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json()).toEqual({
      success: false,
      error: HOMEOWNER_MESSAGES.failedToSendEmail(EMAIL_STEP_MESSAGES.accountEmailOnly),
    });
    const notOwner = await emailStep(render, { email: 'not-the-owner@example.com' }, otherToken);
    expect(notOwner.statusCode).toBe(404);
    expect(notOwner.json().error).toMatch(/^Failed to send email: /);
    const badZip = await emailStep(render, { zipCode: '123' });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().error).toMatch(/^Failed to send email: /);
    // Without a session the answer is 401 before the body is even read.
    const anonymous = await harness.app.inject({ method: 'POST', url: '/api/send-email', payload: {} });
    expect(anonymous.statusCode).toBe(401);

    const leads = await harness.app.database.db.selectFrom('leads').select('id').where('design_request_id', '=', render.id).execute();
    expect(leads).toHaveLength(0);
    expect((await harness.app.inject({ method: 'GET', url: `/api/renders/${render.id}/result`, headers: bearer(token) })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/quotes', () => {
  it('records the quote request on the lead and rescores it; a second request updates', async () => {
    const render = await finishedRender();
    await emailStep(render);
    const { db } = harness.app.database;
    const before = await db.selectFrom('leads').selectAll().where('design_request_id', '=', render.id).executeTakeFirstOrThrow();

    const quote = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: {
        designRequestId: render.id,
        zipCode: '01701',
        projectType: 'Kitchen',
        timeline: 'Ready now',
        budget: '$50k+',
        contactMethod: 'phone',
        notes: 'Island please',
      },
    });
    expect(quote.json()).toMatchObject({ success: true, message: EMAIL_STEP_MESSAGES.quoteSent });
    await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { designRequestId: render.id, zipCode: '01701', projectType: 'Kitchen', timeline: '1-3 months', budget: '$25k - $50k' },
    });

    const leads = await db.selectFrom('leads').selectAll().where('design_request_id', '=', render.id).execute();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      wants_quote: true,
      project_type: 'Kitchen',
      timeline: '1-3 months',
      budget: '$25k - $50k',
      contact_method: 'email',
    });
    expect(leads[0].intent_score).toBeGreaterThan(before.intent_score);
    const events = await db
      .selectFrom('analytics_events')
      .select(['name', 'properties'])
      .where('lead_id', '=', leads[0].id)
      .where('name', '=', 'quote_request')
      .execute();
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0].properties)).toMatchObject({ zip_code: '01701', project_type: 'Kitchen' });
  });

  it.each([
    [{ projectType: 'Garage', timeline: 'Ready now', budget: '$50k+' }],
    [{ projectType: 'Kitchen', timeline: 'Someday', budget: '$50k+' }],
    [{ projectType: 'Kitchen', timeline: 'Ready now' }],
  ])('refuses an incomplete or invalid request %#', async (fields) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { designRequestId: 'x', zipCode: '01701', ...fields },
    });
    expect(response.statusCode).toBe(400);
  });

  it("creates one lead for 'a design like this' from the feed, and reuses it", async () => {
    const body = { inspirationId: 'example-2', zipCode: '01760', projectType: 'Kitchen', timeline: '3-6 months', budget: '$10k - $25k' };
    const first = await harness.app.inject({ method: 'POST', url: '/api/quotes', headers: bearer(token), payload: body });
    expect(first.json()).toMatchObject({ success: true, lead: { wants_quote: true, timeline: '3-6 months' } });
    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { ...body, timeline: 'Ready now' },
    });
    expect(again.json().lead.id).toBe(first.json().lead.id);
    const lead = await harness.app.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', first.json().lead.id)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      email: EMAIL,
      zip: '01760',
      room_type: 'kitchen',
      style: 'Farmhouse Chic',
      timeline: 'Ready now',
      render_id: null,
    });
    const unknown = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { ...body, inspirationId: 'no-such-design' },
    });
    expect(unknown.statusCode).toBe(404);
    const both = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { ...body, designRequestId: 'x' },
    });
    expect(both.statusCode).toBe(400);
  });

  it('assigns the lead by the admin setting for automatic assignment', async () => {
    const { db } = harness.app.database;
    const admin = await signIn(harness.app, TEST_ADMIN);
    const contractorId = randomUUID();
    await db
      .insertInto('contractors')
      .values({
        id: contractorId,
        name: 'Auto Builders',
        email: 'auto@builders.example',
        is_active_subscriber: true,
        serves_all_zipcodes: true,
      })
      .execute();
    const setting = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(admin.token),
      payload: { autoAssignment: 'round-robin' },
    });
    expect(setting.statusCode).toBe(200);
    try {
      const render = await finishedRender('dining_room', 'cottage-garden');
      await emailStep(render);
      // Without the consent box ticked the quote is saved but the lead goes to nobody.
      await harness.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: bearer(token),
        payload: { designRequestId: render.id, zipCode: '01701', projectType: 'Other', timeline: 'Ready now', budget: '$10k - $25k' },
      });
      const unconsented = await db.selectFrom('leads').selectAll().where('design_request_id', '=', render.id).executeTakeFirstOrThrow();
      expect(unconsented).toMatchObject({ wants_quote: true, consent_at: null, assigned_contractor_id: null });
      await requestQuoteWithConsent(harness.app, bearer(token), {
        designRequestId: render.id,
        zipCode: '01701',
        projectType: 'Other',
        timeline: 'Ready now',
        budget: '$10k - $25k',
      });
      const lead = await db.selectFrom('leads').selectAll().where('design_request_id', '=', render.id).executeTakeFirstOrThrow();
      expect(lead).toMatchObject({
        consent_version: 'quote-contact-2026-11/4',
        consent_ip: expect.any(String),
        consent_at: expect.any(String),
      });
      expect(lead.consent_text).toContain('up to 4 local home-improvement contractors');
      expect(lead).toMatchObject({ status: 'assigned', assigned_contractor_id: contractorId });
      const assignment = await db.selectFrom('assignments').selectAll().where('lead_id', '=', lead.id).executeTakeFirstOrThrow();
      expect(assignment.assignment_method).toBe('round-robin');
    } finally {
      await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: bearer(admin.token),
        payload: { autoAssignment: 'off' },
      });
    }
  });

  it('needs the email step first', async () => {
    const render = await finishedRender();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(token),
      payload: { designRequestId: render.id, zipCode: '01701', projectType: 'Kitchen', timeline: 'Ready now', budget: '$50k+' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('asks for a phone number when the preferred contact is the phone and none is known', async () => {
    const render = await finishedRender();
    expect((await emailStep(render, { phone: null })).statusCode).toBe(200);
    const quote = (phone?: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: bearer(token),
        payload: {
          designRequestId: render.id,
          zipCode: '01701',
          projectType: 'Kitchen',
          timeline: 'Ready now',
          budget: '$50k+',
          contactMethod: 'phone',
          phone,
        },
      });
    const refused = await quote();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(EMAIL_STEP_MESSAGES.phoneNeeded);
    expect(
      (await harness.app.database.db.selectFrom('leads').select('wants_quote').where('render_id', '=', render.id).executeTakeFirstOrThrow())
        .wants_quote,
    ).toBe(false);
    expect((await quote('508-555-0199')).statusCode).toBe(200);
    const lead = await harness.app.database.db
      .selectFrom('leads')
      .select(['phone', 'contact_method'])
      .where('render_id', '=', render.id)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ phone: '508-555-0199', contact_method: 'phone' });
  });
});

describe('unsubscribe links', () => {
  it('unsubscribes with a valid signed link only', async () => {
    const mail = await harness.app.database.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const link = new URL(mail.text.match(/Unsubscribe: (\S+)/)![1]);
    const forged = await harness.app.inject({ method: 'GET', url: `${link.pathname}?email=${encodeURIComponent(EMAIL)}&token=forged` });
    expect(forged.statusCode).toBe(400);
    const real = await harness.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(real.statusCode).toBe(200);
    const leads = await harness.app.database.db.selectFrom('leads').select('subscribe').where('email', '=', EMAIL).execute();
    expect(leads.every((lead) => lead.subscribe === false)).toBe(true);
  });
});
