// The lead dossier and the contractor's own actions: status updates with response time and conversions,
// the dossier and its images, the one-page PDF, 'Email Contractor', insight notes; and a contractor
// never reaching another contractor's lead through any route.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overallDossierScore } from '#shared/lead-dossier';
import { DOSSIER_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import type { RenderState } from '#shared/render.schema';
import { readPdf } from '../helpers/pdf-text';
import { createBackOfficeApp, insertContractor, insertLead, personWithRole, type BackOfficeHarness, type Person } from './admin-harness';

let harness: BackOfficeHarness;
let homeowner: Person;
let me: Person & { contractorId: string };
let them: Person & { contractorId: string };
let myLead: string;
let theirLead: string;
let unassignedLead: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object | Buffer) =>
  harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function contractorPerson(name: string) {
  const person = await personWithRole(harness, 'contractor', undefined, name);
  const contractorId = await insertContractor(harness.db, { name: `${name} Co`, email: person.email, user_id: person.id, zips: ['01701'] });
  return { ...person, contractorId };
}

beforeAll(async () => {
  harness = await createBackOfficeApp();
  const { db } = harness;
  homeowner = await personWithRole(harness, 'homeowner');
  const photo = await readFile(path.resolve('../shared/fixtures/rooms/kitchen_1.jpg'));
  const upload = (await send('POST', '/api/uploads', { ...homeowner.headers, 'content-type': 'image/jpeg' }, photo)).json().upload;
  let render: RenderState = (
    await send('POST', '/api/renders', homeowner.headers, {
      uploadId: upload.id,
      roomType: 'kitchen',
      engine: 'structural-design-ai',
      styleId: 'transitional',
    })
  ).json().render;
  while (render.status !== 'succeeded') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    render = (await send('GET', `/api/renders/${render.id}`, homeowner.headers)).json().render;
  }
  me = await contractorPerson('Mia Builder');
  them = await contractorPerson('Theo Builder');
  const scores = { engagement_score: 64, intent_score: 82, lead_quality_score: 71, probability_to_close_score: 77 };
  myLead = await insertLead(db, {
    render_id: render.id,
    name: 'Ann Dossier',
    email: 'ann.dossier@example.com',
    phone: '508-555-0101',
    budget: '$25k - $50k',
    status: 'assigned',
    ...scores,
  });
  theirLead = await insertLead(db, { name: 'Bo Other', status: 'assigned' });
  unassignedLead = await insertLead(db, { name: 'Cy Nobody' });
  // Assigned two hours ago, so the first response is measurably later.
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
  await db
    .insertInto('assignments')
    .values([
      { id: randomUUID(), lead_id: myLead, contractor_id: me.contractorId, assignment_method: 'manual', assigned_at: twoHoursAgo },
      { id: randomUUID(), lead_id: theirLead, contractor_id: them.contractorId, assignment_method: 'manual', assigned_at: twoHoursAgo },
    ])
    .execute();
  await db.updateTable('contractors').set({ leads_received_count: 1 }).where('id', 'in', [me.contractorId, them.contractorId]).execute();
  // A real render and two databases' worth of sign-ups on a shared machine.
}, 60_000);
afterAll(() => harness.close());

describe("a contractor never reaches another contractor's lead", () => {
  it('through every contractor route', async () => {
    const h = me.headers;
    const list = (await send('GET', '/api/contractor/leads', h)).json();
    expect(list.leads.map((lead: { id: string }) => lead.id)).toEqual([myLead]);
    for (const lead of [theirLead, unassignedLead]) {
      const attempts = [
        send('GET', `/api/contractor/leads/${lead}/before`, h),
        send('GET', `/api/contractor/leads/${lead}/after`, h),
        send('PUT', `/api/contractor/leads/${lead}/status`, h, { status: 'contacted' }),
        send('GET', `/api/leads/${lead}/dossier`, h),
        send('GET', `/api/leads/${lead}/dossier/before`, h),
        send('GET', `/api/leads/${lead}/dossier.pdf`, h),
        send('GET', `/api/leads/${lead}/insights`, h),
        send('POST', `/api/leads/${lead}/insights`, h, { body: 'Peeking' }),
      ];
      for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
      // The seed's admin call refuses too (the service's own ownership check).
      expect((await send('PUT', '/api/leads/update-status', h, { leadId: lead, status: 'contacted' })).statusCode).toBe(404);
      expect((await send('POST', `/api/leads/${lead}/dossier/email`, h)).statusCode).toBe(403);
    }
    const untouched = await harness.db.selectFrom('leads').select('status').where('id', '=', theirLead).executeTakeFirstOrThrow();
    expect(untouched.status).toBe('assigned');
    expect(await harness.db.selectFrom('lead_insights').select('id').where('lead_id', 'in', [theirLead, unassignedLead]).execute()).toEqual(
      [],
    );
  });

  it('turns homeowners and visitors away from the dossier routes', async () => {
    for (const url of [`/api/leads/${myLead}/dossier`, `/api/leads/${myLead}/dossier.pdf`, `/api/leads/${myLead}/insights`]) {
      expect((await send('GET', url, {})).statusCode).toBe(401);
      expect((await send('GET', url, homeowner.headers)).statusCode).toBe(403);
    }
    expect((await send('PUT', `/api/contractor/leads/${myLead}/status`, homeowner.headers, { status: 'contacted' })).statusCode).toBe(403);
    expect((await send('PUT', `/api/contractor/leads/${myLead}/status`, harness.admin.headers, { status: 'contacted' })).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /api/contractor/leads/:leadId/status', () => {
  it('records the change with who and when, the first response time, and conversions', async () => {
    const { db } = harness;
    expect((await send('PUT', `/api/contractor/leads/${myLead}/status`, me.headers, { status: 'assigned' })).statusCode).toBe(400);
    const contacted = await send('PUT', `/api/contractor/leads/${myLead}/status`, me.headers, {
      status: 'contacted',
      note: 'Called, visiting Friday',
    });
    expect(contacted.json()).toEqual({ success: true });
    const assignment = await db.selectFrom('assignments').selectAll().where('lead_id', '=', myLead).executeTakeFirstOrThrow();
    expect(assignment.contractor_responded).toBe(true);
    expect(assignment.response_time_hours).toBeGreaterThanOrEqual(1.99);
    expect(assignment.response_time_hours).toBeLessThan(2.1);
    const firstResponse = assignment.response_time_hours;

    await send('PUT', `/api/contractor/leads/${myLead}/status`, me.headers, { status: 'converted' });
    const after = await db.selectFrom('assignments').select('response_time_hours').where('lead_id', '=', myLead).executeTakeFirstOrThrow();
    expect(after.response_time_hours).toBe(firstResponse);
    const contractor = await db
      .selectFrom('contractors')
      .select(['leads_converted_count', 'conversion_rate'])
      .where('id', '=', me.contractorId)
      .executeTakeFirstOrThrow();
    expect(contractor).toEqual({ leads_converted_count: 1, conversion_rate: 100 });
    const history = await db
      .selectFrom('lead_status_changes')
      .select(['from_status', 'to_status', 'changed_by_user_id', 'note', 'created_at'])
      .where('lead_id', '=', myLead)
      .orderBy('created_at')
      .execute();
    expect(history).toEqual([
      {
        from_status: 'assigned',
        to_status: 'contacted',
        changed_by_user_id: me.id,
        note: 'Called, visiting Friday',
        created_at: expect.any(String),
      },
      { from_status: 'contacted', to_status: 'converted', changed_by_user_id: me.id, note: null, created_at: expect.any(String) },
    ]);
  });
});

describe('insight notes', () => {
  it('are added by the assigned contractor and by admins, and listed newest first with author and date', async () => {
    expect((await send('POST', `/api/leads/${myLead}/insights`, me.headers, { body: '   ' })).json()).toMatchObject({
      success: false,
      error: DOSSIER_MESSAGES.insightRequired,
    });
    expect((await send('POST', `/api/leads/${myLead}/insights`, me.headers, { body: 'x'.repeat(2001) })).json().error).toBe(
      DOSSIER_MESSAGES.insightTooLong,
    );
    const first = await send('POST', `/api/leads/${myLead}/insights`, me.headers, { body: 'Wants white oak cabinets' });
    expect(first.statusCode).toBe(201);
    expect(first.json().insight).toMatchObject({ body: 'Wants white oak cabinets', authorName: 'Mia Builder', authorRole: 'contractor' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send('POST', `/api/leads/${myLead}/insights`, harness.admin.headers, { body: 'Budget confirmed by phone' });
    for (const viewer of [me, harness.admin]) {
      const insights = (await send('GET', `/api/leads/${myLead}/insights`, viewer.headers)).json().insights;
      expect(insights.map((insight: { body: string }) => insight.body)).toEqual(['Budget confirmed by phone', 'Wants white oak cabinets']);
      expect(insights[0].createdAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    }
  });
});

describe('GET /api/leads/:leadId/dossier', () => {
  it("gives the assigned contractor and admins the seed's dossier, with images", async () => {
    for (const viewer of [me, harness.admin]) {
      const { dossier } = (await send('GET', `/api/leads/${myLead}/dossier`, viewer.headers)).json();
      expect(dossier).toMatchObject({
        name: 'Ann Dossier',
        zipCode: '01701',
        town: 'Framingham',
        zipIncomeTier: 'Low',
        budget: '$25k - $50k',
        intentScore: 'High',
        engagementScore: 64,
        intentScoreValue: 82,
        leadQualityScore: 71,
        probabilityToCloseScore: 77,
        assignedContractors: [{ id: me.contractorId, name: 'Mia Builder Co' }],
      });
      expect(dossier.contractorNotes.length).toBeGreaterThan(0);
      // The caption says what made the image: here the offline preview engine.
      expect(dossier.afterLabel).toBe('After (offline preview, not AI)');
      const image = await send('GET', dossier.afterImage, viewer.headers);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
    expect((await send('GET', `/api/leads/${theirLead}/dossier`, harness.admin.headers)).json().dossier).toMatchObject({
      beforeImage: null,
      afterImage: null,
      intentScore: 'Low',
    });
  });
});

describe('GET /api/leads/:leadId/dossier.pdf', () => {
  it("is a valid one-page PDF with the lead's name, contact, scores and both images", async () => {
    const response = await send('GET', `/api/leads/${myLead}/dossier.pdf`, me.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="lead-dossier-ann-dossier.pdf"');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { text } = await readPdf(bytes);
    const overall = overallDossierScore({ engagementScore: 64, intentScoreValue: 82, leadQualityScore: 71, probabilityToCloseScore: 77 });
    for (const expected of [
      'Ann Dossier',
      'ann.dossier@example.com',
      '508-555-0101',
      '$25k - $50k',
      `${overall} (Good)`,
      '64 (Good)',
      '82 (Excellent)',
      '71 (Good)',
      '77% (Good)',
      'Wants white oak cabinets',
    ]) {
      expect(text).toContain(expected);
    }
    // Two embedded JPEGs (DCTDecode image XObjects).
    expect(bytes.toString('latin1').match(/\/Filter \/DCTDecode/g)).toHaveLength(2);
  });

  it('is open to admins for any lead, and draws a lead without images', async () => {
    const response = await send('GET', `/api/leads/${unassignedLead}/dossier.pdf`, harness.admin.headers);
    expect(response.statusCode).toBe(200);
    expect((await readPdf(response.rawPayload)).text).toContain('Cy Nobody');
  });
});

describe('POST /api/leads/:leadId/dossier/email', () => {
  it('queues the dossier PDF to the assigned contractor through the outbox (admins only)', async () => {
    const response = await send('POST', `/api/leads/${myLead}/dossier/email`, harness.admin.headers);
    expect(response.json()).toEqual({ success: true, message: DOSSIER_MESSAGES.dossierQueued(1), recipients: [me.email] });
    const mail = await harness.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('lead_id', '=', myLead)
      .where('kind', '=', 'lead-dossier')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(me.email);
    expect(mail.subject).toBe('Lead dossier: Ann Dossier (01701)');
    const [attachment] = JSON.parse(mail.attachments);
    expect(attachment).toMatchObject({ filename: 'lead-dossier-ann-dossier.pdf', contentType: 'application/pdf' });
    const stored = await harness.app.storage.get(attachment.storageKey);
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const none = await send('POST', `/api/leads/${unassignedLead}/dossier/email`, harness.admin.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(DOSSIER_MESSAGES.noAssignedContractor);
    expect((await send('POST', `/api/leads/${myLead}/dossier/email`, {})).json().error).toBe(BACK_OFFICE_MESSAGES.authenticationRequired);
    expect((await send('POST', `/api/leads/${myLead}/dossier/email`, me.headers)).statusCode).toBe(403);
  });
});
