// Lead assignment and status: the three methods and their refusals, the assign dialog's contractor list,
// the Assignments tab, status changes with their history, a contractor's response time and conversions,
// the contractor's notification email with its images and tracking, and automatic assignment on a quote.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { autoAssignOnQuote } from '#server/modules/assignments/assignment.service';
import { assignmentsOn } from '#server/modules/assignments/assignment.store';
import {
  createBackOfficeApp,
  insertContractor,
  insertLead,
  personWithRole,
  type BackOfficeHarness,
  type Person,
  requestQuoteWithConsent,
} from './admin-harness';

let harness: BackOfficeHarness;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = harness.admin.headers) =>
  harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const assign = (payload: object) => send('POST', '/api/leads/assign-manually', payload);

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());
// Each test sets up the contractors it means; one left serving every ZIP would be eligible in all the others.
beforeEach(async () => {
  await harness.db.updateTable('contractors').set({ is_active_subscriber: false }).where('serves_all_zipcodes', '=', true).execute();
});

describe('POST /api/leads/assign-manually', () => {
  it('assigns a lead to the chosen contractors, once each', async () => {
    const { db } = harness;
    const first = await insertContractor(db, { name: 'Alpha Remodel', zips: ['01701'] });
    const second = await insertContractor(db, { name: 'Beta Build', serves_all_zipcodes: true });
    const leadId = await insertLead(db, { zip: '01701' });

    const response = await assign({ leadId, contractorIds: [first, second] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Lead assigned to Alpha Remodel, Beta Build (manual).',
      assignmentMethod: 'manual',
    });

    const rows = await db.selectFrom('assignments').selectAll().where('lead_id', '=', leadId).orderBy('contractor_id').execute();
    expect(rows.map((row) => row.contractor_id).sort()).toEqual([first, second].sort());
    for (const row of rows)
      expect(row).toMatchObject({
        assignment_method: 'manual',
        assigned_by_user_id: harness.admin.id,
        // Sent only once the mail server accepts it: the outbox row says so (see 'the email status').
        email_sent: false,
        notification_mail_id: expect.any(String),
        price_cents: 2500,
        state: 'active',
        exclusive: false,
        email_opened: false,
      });
    const lead = await db
      .selectFrom('leads')
      .select(['status', 'assigned_contractor_id'])
      .where('id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ status: 'assigned', assigned_contractor_id: first });
    const counts = await db.selectFrom('contractors').select(['id', 'leads_received_count']).where('id', 'in', [first, second]).execute();
    expect(counts.every((row) => row.leads_received_count === 1)).toBe(true);
    const history = await db.selectFrom('lead_status_changes').selectAll().where('lead_id', '=', leadId).execute();
    expect(history).toEqual([
      expect.objectContaining({
        from_status: 'new',
        to_status: 'assigned',
        changed_by_user_id: harness.admin.id,
        note: 'Assigned to Alpha Remodel, Beta Build (manual).',
      }),
    ]);
    const mails = await db.selectFrom('mail_outbox').select(['kind', 'to_address']).where('lead_id', '=', leadId).execute();
    expect(mails.map((mail) => mail.kind)).toEqual(['contractor-lead', 'contractor-lead']);

    const again = await assign({ leadId, contractorIds: [first] });
    expect(again.json()).toMatchObject({
      success: true,
      message: 'This lead is already assigned to Alpha Remodel.',
      alreadyAssigned: ['Alpha Remodel'],
    });
    expect(await db.selectFrom('assignments').select('id').where('lead_id', '=', leadId).execute()).toHaveLength(2);
    expect(await db.selectFrom('mail_outbox').select('id').where('lead_id', '=', leadId).execute()).toHaveLength(2);
  });

  it("answers 'Please select at least one contractor.' for a manual request without contractors", async () => {
    const leadId = await insertLead(harness.db);
    for (const body of [{ leadId, contractorIds: [] }, { leadId }, { leadId, contractorIds: [], assignmentMethod: 'manual' }]) {
      const response = await assign(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: BACK_OFFICE_MESSAGES.selectContractor });
    }
  });

  it("answers 'No eligible contractors found for this ZIP code.' when nobody active serves the ZIP", async () => {
    const { db } = harness;
    const inactive = await insertContractor(db, { zips: ['01451'], is_active_subscriber: false });
    const leadId = await insertLead(db, { zip: '01451' });
    for (const body of [
      { leadId, contractorIds: [inactive] },
      { leadId, assignmentMethod: 'round-robin' },
      { leadId, assignmentMethod: 'next-in-line', contractorIds: [] },
    ]) {
      const response = await assign(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: BACK_OFFICE_MESSAGES.noEligibleContractors });
    }
    const lead = await db
      .selectFrom('leads')
      .select(['status', 'assigned_contractor_id'])
      .where('id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ status: 'new', assigned_contractor_id: null });
  });

  it('refuses a chosen contractor who is not eligible, an unknown lead and an unknown method', async () => {
    const { db } = harness;
    await insertContractor(db, { zips: ['01452'] });
    const elsewhere = await insertContractor(db, { name: 'Far Away Co', zips: ['01760'] });
    const leadId = await insertLead(db, { zip: '01452' });
    const response = await assign({ leadId, contractorIds: [elsewhere] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Far Away Co is not an active subscriber serving ZIP code 01452.');
    expect((await assign({ leadId: randomUUID(), contractorIds: [elsewhere] })).statusCode).toBe(404);
    expect((await assign({ leadId, contractorIds: [randomUUID()] })).statusCode).toBe(404);
    expect((await assign({ leadId, assignmentMethod: 'lottery' })).statusCode).toBe(400);
  });

  it('gives next-in-line to the eligible contractor with the fewest leads, ties by id', async () => {
    const { db } = harness;
    const ids = [randomUUID(), randomUUID(), randomUUID()].sort();
    await insertContractor(db, { id: ids[0], zips: ['01453'], leads_received_count: 4 });
    await insertContractor(db, { id: ids[1], zips: ['01453'], leads_received_count: 2 });
    await insertContractor(db, { id: ids[2], zips: ['01453'], leads_received_count: 2 });
    const chosen: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await assign({
        leadId: await insertLead(db, { zip: '01453' }),
        assignmentMethod: 'next-in-line',
        contractorIds: ['ignored'],
      });
      chosen.push(response.json().assignments[0].contractorId);
    }
    expect(chosen).toEqual([ids[1], ids[2], ids[1], ids[2]]);
  });
});

describe('GET /api/admin/eligible-contractors', () => {
  it('lists active subscribers serving the ZIP, for the assign dialog', async () => {
    const { db } = harness;
    const local = await insertContractor(db, { name: 'Aa Local', zips: ['01460', '01701', '01702', '01760'] });
    const everywhere = await insertContractor(db, { name: 'Ab Everywhere', serves_all_zipcodes: true });
    await insertContractor(db, { name: 'Ac Inactive', zips: ['01460'], is_active_subscriber: false });
    await insertContractor(db, { name: 'Ad Other', zips: ['01702'] });
    const body = (await send('GET', '/api/admin/eligible-contractors?zip=01460')).json();
    const ids = body.contractors.map((contractor: { id: string }) => contractor.id);
    expect(ids).toContain(local);
    expect(ids).toContain(everywhere);
    expect(
      body.contractors.some((contractor: { name: string }) => contractor.name === 'Ac Inactive' || contractor.name === 'Ad Other'),
    ).toBe(false);
    expect(body.contractors.find((contractor: { id: string }) => contractor.id === local)).toMatchObject({
      assigned_zip_codes: ['01460', '01701', '01702', '01760'],
      serves_all_zipcodes: false,
    });
    expect((await send('GET', '/api/admin/eligible-contractors?zip=14')).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/eligible-contractors')).statusCode).toBe(400);
  });
});

describe('PUT /api/leads/update-status', () => {
  let contractorPerson: Person;
  let contractorId: string;
  let leadId: string;

  beforeEach(async () => {
    const { db } = harness;
    contractorPerson = await personWithRole(harness, 'contractor');
    contractorId = await insertContractor(db, { user_id: contractorPerson.id, zips: ['01770'] });
    leadId = await insertLead(db, { zip: '01770' });
    await assign({ leadId, contractorIds: [contractorId] });
  });
  const update = (body: object, headers: { authorization: string }) => send('PUT', '/api/leads/update-status', body, headers);

  it('records every change with who and when', async () => {
    const { db } = harness;
    expect((await update({ leadId, status: 'unqualified', note: 'Out of budget' }, harness.admin.headers)).json()).toEqual({
      success: true,
    });
    expect((await update({ leadId, status: 'new' }, harness.admin.headers)).json()).toEqual({ success: true });
    const history = await db.selectFrom('lead_status_changes').selectAll().where('lead_id', '=', leadId).orderBy('created_at').execute();
    expect(
      history
        .slice(1)
        .map(({ from_status, to_status, changed_by_user_id, note }) => ({ from_status, to_status, changed_by_user_id, note })),
    ).toEqual([
      { from_status: 'assigned', to_status: 'unqualified', changed_by_user_id: harness.admin.id, note: 'Out of budget' },
      { from_status: 'unqualified', to_status: 'new', changed_by_user_id: harness.admin.id, note: null },
    ]);
    for (const change of history) expect(Date.now() - new Date(change.created_at).getTime()).toBeLessThan(60_000);
    expect((await db.selectFrom('leads').select('status').where('id', '=', leadId).executeTakeFirstOrThrow()).status).toBe('new');
    expect((await update({ leadId, status: 'won' }, harness.admin.headers)).statusCode).toBe(400);
    expect((await update({ leadId: randomUUID(), status: 'dead' }, harness.admin.headers)).statusCode).toBe(404);
  });

  it("sets the contractor's response on their first action, and counts a conversion for them", async () => {
    const { db } = harness;
    const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    await db.updateTable('assignments').set({ assigned_at: threeHoursAgo }).where('lead_id', '=', leadId).execute();

    expect((await update({ leadId, status: 'contacted' }, contractorPerson.headers)).json()).toEqual({ success: true });
    const assignment = await db.selectFrom('assignments').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    expect(assignment.contractor_responded).toBe(true);
    expect(assignment.response_time_hours).toBeGreaterThanOrEqual(3);
    expect(assignment.response_time_hours).toBeLessThan(3.05);
    const history = await db
      .selectFrom('lead_status_changes')
      .selectAll()
      .where('lead_id', '=', leadId)
      .where('to_status', '=', 'contacted')
      .executeTakeFirstOrThrow();
    expect(history.changed_by_user_id).toBe(contractorPerson.id);

    // Later actions keep the first response.
    await update({ leadId, status: 'quoted' }, contractorPerson.headers);
    await update({ leadId, status: 'converted' }, contractorPerson.headers);
    const after = await db
      .selectFrom('assignments')
      .select(['responded_at', 'response_time_hours'])
      .where('id', '=', assignment.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ responded_at: assignment.responded_at, response_time_hours: assignment.response_time_hours });
    const counters = await db
      .selectFrom('contractors')
      .select(['leads_received_count', 'leads_converted_count', 'conversion_rate'])
      .where('id', '=', contractorId)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ leads_received_count: 1, leads_converted_count: 1, conversion_rate: 100 });

    // An admin taking the conversion back uncounts it.
    await update({ leadId, status: 'quoted' }, harness.admin.headers);
    const taken = await db
      .selectFrom('contractors')
      .select(['leads_converted_count', 'conversion_rate'])
      .where('id', '=', contractorId)
      .executeTakeFirstOrThrow();
    expect(taken).toEqual({ leads_converted_count: 0, conversion_rate: 0 });
  });

  it('lets contractors set only contacted, quoted, converted or dead, on their own leads', async () => {
    for (const status of ['new', 'assigned', 'unqualified']) {
      const response = await update({ leadId, status }, contractorPerson.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('Contractors can set a lead to contacted, quoted, converted or dead only.');
    }
    const otherLead = await insertLead(harness.db, { zip: '01770' });
    // Another contractor's lead answers exactly like a lead that does not exist: ids cannot be probed.
    const notTheirs = await update({ leadId: otherLead, status: 'contacted' }, contractorPerson.headers);
    const missing = await update({ leadId: '00000000-0000-4000-8000-000000000000', status: 'contacted' }, contractorPerson.headers);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual(missing.json());
    expect(missing.statusCode).toBe(404);
    const unlinked = await personWithRole(harness, 'contractor');
    const noRecord = await update({ leadId, status: 'contacted' }, unlinked.headers);
    expect(noRecord.statusCode).toBe(403);
    expect(noRecord.json().error).toBe('Your account is not linked to a contractor record.');
    expect((await update({ leadId, status: 'dead' }, contractorPerson.headers)).statusCode).toBe(200);
  });
});

describe('the contractor notification email and its tracking', () => {
  async function leadWithRender(): Promise<string> {
    const owner = await personWithRole(harness, 'homeowner', `owner-${randomUUID().slice(0, 6)}@example.com`, 'Oona Owner');
    const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_2.jpg'));
    const upload = (
      await harness.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...owner.headers, 'content-type': 'image/jpeg' },
        payload: photo,
      })
    ).json().upload;
    let render: RenderState = (
      await harness.app.inject({
        method: 'POST',
        url: '/api/renders',
        headers: owner.headers,
        payload: { uploadId: upload.id, roomType: 'kitchen', engine: 'structural-design-ai', styleId: 'farmhouse-chic' },
      })
    ).json().render;
    while (render.status !== 'succeeded' && render.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      render = (await harness.app.inject({ method: 'GET', url: `/api/renders/${render.id}`, headers: owner.headers })).json().render;
    }
    expect(render.status).toBe('succeeded');
    const emailStep = await harness.app.inject({
      method: 'POST',
      url: '/api/send-email',
      headers: owner.headers,
      payload: {
        email: owner.email,
        name: 'Oona Owner',
        phone: '508-555-0123',
        roomType: 'kitchen',
        subscribe: false,
        zipCode: '01760',
        designRequestId: render.id,
      },
    });
    expect(emailStep.json().success).toBe(true);
    const quote = await requestQuoteWithConsent(harness.app, owner.headers, { designRequestId: render.id, zipCode: '01760' });
    expect(quote.json().lead.contact_consent).toBe(true);
    return emailStep.json().leadId;
  }

  it('queues the lead with both images and tracked links; the pixel and the link flip opened and clicked', async () => {
    const { db } = harness;
    const contractorId = await insertContractor(db, { name: 'Natick Kitchens', email: 'natick@example.com', zips: ['01760'] });
    const leadId = await leadWithRender();
    const response = await assign({ leadId, contractorIds: [contractorId] });
    const assignmentId: string = response.json().assignments[0].assignmentId;

    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('lead_id', '=', leadId)
      .where('kind', '=', 'contractor-lead')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'natick@example.com', subject: 'New lead: Kitchen in Natick' });
    const render = await db
      .selectFrom('leads')
      .innerJoin('renders', 'renders.id', 'leads.render_id')
      .innerJoin('uploads', 'uploads.id', 'renders.upload_id')
      .select(['renders.result_key', 'uploads.email_copy_key'])
      .where('leads.id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mail.attachments)).toEqual([
      { filename: 'before.jpg', storageKey: render.email_copy_key, contentType: 'image/jpeg', cid: 'before-image' },
      { filename: 'after.jpg', storageKey: render.result_key, contentType: 'image/jpeg', cid: 'after-image' },
    ]);
    expect(mail.html).toContain('src="cid:before-image"');
    expect(mail.html).toContain('src="cid:after-image"');
    expect(mail.html).toContain(`href="${harness.config.publicUrl}/api/t/c/${assignmentId}"`);
    expect(mail.html).toContain(`src="${harness.config.publicUrl}/api/t/o/${assignmentId}.gif"`);
    expect(mail.html).toContain('Oona Owner');
    expect(mail.text).toContain('Phone: 508-555-0123');
    expect(mail.text).toContain(`${harness.config.publicUrl}/api/t/c/${assignmentId}`);

    const pixel = await harness.app.inject({ method: 'GET', url: `/api/t/o/${assignmentId}.gif` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const opened = await db
      .selectFrom('assignments')
      .select(['email_opened', 'email_opened_at', 'email_clicked'])
      .where('id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    expect(opened).toMatchObject({ email_opened: true, email_opened_at: expect.any(String), email_clicked: false });
    await harness.app.inject({ method: 'GET', url: `/api/t/o/${assignmentId}.gif` });
    expect(
      (await db.selectFrom('assignments').select('email_opened_at').where('id', '=', assignmentId).executeTakeFirstOrThrow())
        .email_opened_at,
    ).toBe(opened.email_opened_at);

    const click = await harness.app.inject({ method: 'GET', url: `/api/t/c/${assignmentId}` });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`/contractor-dashboard?lead=${leadId}`);
    const clicked = await db
      .selectFrom('assignments')
      .select(['email_clicked', 'email_clicked_at'])
      .where('id', '=', assignmentId)
      .executeTakeFirstOrThrow();
    expect(clicked).toMatchObject({ email_clicked: true, email_clicked_at: expect.any(String) });

    // 'Sent' once the mail server (here the .eml file transport) accepted the notification.
    await expect
      .poll(async () => (await db.selectFrom('mail_outbox').select('status').where('id', '=', mail.id).executeTakeFirstOrThrow()).status)
      .toBe('sent');
    const tab = (await send('GET', '/api/leads/get-assignments?dateRange=7d')).json();
    const row = tab.assignments.find((assignment: { id: string }) => assignment.id === assignmentId);
    expect(row).toEqual({
      id: assignmentId,
      lead_id: leadId,
      contractor_id: contractorId,
      leads: { email: expect.stringMatching(/^owner-/), zip: '01760', room_type: 'kitchen' },
      contractors: { name: 'Natick Kitchens', email: 'natick@example.com' },
      assigned_at: expect.any(String),
      assignment_method: 'manual',
      email_sent: true,
      email_status: 'sent',
      email_sent_at: expect.any(String),
      state: 'active',
      exclusive: false,
      price_cents: 2500,
      respond_by: expect.any(String),
      email_opened: true,
      email_clicked: true,
      contractor_responded: false,
      response_time_hours: null,
    });
  });

  it('clicks without an open mark both; unknown ids change nothing', async () => {
    const { db } = harness;
    const contractorId = await insertContractor(db, { zips: ['01776'] });
    const leadId = await insertLead(db, { zip: '01776', render_id: null });
    const assignmentId: string = (await assign({ leadId, contractorIds: [contractorId] })).json().assignments[0].assignmentId;
    const mail = await db.selectFrom('mail_outbox').select(['attachments', 'html']).where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    // A lead without a render is sent without images.
    expect(JSON.parse(mail.attachments)).toEqual([]);
    expect(mail.html).not.toContain('cid:');
    await harness.app.inject({ method: 'GET', url: `/api/t/c/${assignmentId}` });
    expect(
      await db.selectFrom('assignments').select(['email_opened', 'email_clicked']).where('id', '=', assignmentId).executeTakeFirstOrThrow(),
    ).toEqual({ email_opened: true, email_clicked: true });
    expect((await harness.app.inject({ method: 'GET', url: `/api/t/c/${randomUUID()}` })).statusCode).toBe(302);
  });
});

describe('GET /api/leads/get-assignments', () => {
  it('sums up email and response figures over the window', async () => {
    const { db } = harness;
    const contractorId = await insertContractor(db, { zips: ['01778'] });
    const old = '2024-06-01T12:00:00.000Z';
    const rows = [
      { email_sent: true, email_opened: true, email_clicked: true, contractor_responded: true, response_time_hours: 2 },
      { email_sent: true, email_opened: true, email_clicked: false, contractor_responded: true, response_time_hours: 5 },
      { email_sent: true, email_opened: false, email_clicked: false, contractor_responded: false, response_time_hours: null },
    ];
    for (const row of rows) {
      const leadId = await insertLead(db, { zip: '01778' });
      await db
        .insertInto('assignments')
        .values({
          id: randomUUID(),
          lead_id: leadId,
          contractor_id: contractorId,
          assignment_method: 'round-robin',
          assigned_at: old,
          ...row,
        })
        .execute();
    }
    const body = (await send('GET', '/api/leads/get-assignments?startDate=2024-06-01&endDate=2024-06-01')).json();
    expect(body.stats).toEqual({ total: 3, emailSent: 3, emailOpened: 2, emailClicked: 1, responded: 2, avgResponseHours: 3.5 });
    expect(body.assignments).toHaveLength(3);
    expect(
      (await send('GET', '/api/leads/get-assignments?startDate=2024-06-02'))
        .json()
        .assignments.some((assignment: { assigned_at: string }) => assignment.assigned_at === old),
    ).toBe(false);
  });
});

describe('autoAssignOnQuote', () => {
  it('assigns by the configured method once, and only when switched on', async () => {
    const { db, app, config } = harness;
    const deps = { domainEvents: app.domainEvents, publicUrl: config.publicUrl, postalAddress: config.mailPostalAddress };
    const contractorId = await insertContractor(db, { zips: ['01721'] });
    const leadId = await insertLead(db, { zip: '01721', wants_quote: true });
    expect(await autoAssignOnQuote(assignmentsOn(db, deps), leadId, deps)).toEqual({ assigned: false, reason: 'off' });

    await send('PUT', '/api/admin/settings', { autoAssignment: 'next-in-line' });
    expect(await autoAssignOnQuote(assignmentsOn(db, deps), leadId, deps)).toEqual({
      assigned: true,
      contractorId,
      assignmentId: expect.any(String),
      method: 'next-in-line',
    });
    expect(await autoAssignOnQuote(assignmentsOn(db, deps), leadId, deps)).toEqual({ assigned: false, reason: 'already-assigned' });
    const rows = await db
      .selectFrom('assignments')
      .select(['assignment_method', 'assigned_by_user_id'])
      .where('lead_id', '=', leadId)
      .execute();
    expect(rows).toEqual([{ assignment_method: 'next-in-line', assigned_by_user_id: null }]);

    const nobody = await insertLead(db, { zip: '01719' });
    expect(await autoAssignOnQuote(assignmentsOn(db, deps), nobody, deps)).toEqual({ assigned: false, reason: 'no-eligible-contractor' });
    expect(await autoAssignOnQuote(assignmentsOn(db, deps), randomUUID(), deps)).toEqual({ assigned: false, reason: 'not-found' });
    await send('PUT', '/api/admin/settings', { autoAssignment: 'off' });
  });
});
