// The lead business through the API on SQLite and PostgreSQL (docs/lead-business.md): at most N contractors
// per lead, exclusive sales, monthly caps, consent, response deadlines and reassignment (with an injected
// clock), disputes and credits, the ledger and its statements, automatic assignment at the cap under load,
// and an email status that only says 'sent' when the mail server took the message.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '#shared/messages';
import { createDomainEvents } from '#server/infra/domain-events';
import { reassignOverdue } from '#server/modules/assignments/assignment.service';
import { assignmentsOn } from '#server/modules/assignments/assignment.store';
import { massachusettsMonth } from '#server/http/date-window';
import { chargeSubscriptionFees } from '#server/modules/ledger/subscription-fees';
import { bearer, signIn } from '../helpers/auth';
import { readPdf } from '../helpers/pdf-text';
import { createTestApp, TEST_ADMIN } from '../helpers/test-app';
import { createBackOfficeApp, insertContractor, insertLead, personWithRole, TEST_CONSENT, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = harness.admin.headers) =>
  harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const assign = (payload: object) => send('POST', '/api/leads/assign-manually', payload);
/** A ZIP code of its own for each test, so one test's contractors are never eligible for another's leads. */
let zipSeed = 2100;
const freshZip = () => `0${(zipSeed += 1)}`;

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

async function contractors(count: number, zip: string, fields: Parameters<typeof insertContractor>[1] = {}) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1)
    ids.push(await insertContractor(harness.db, { name: `Pro ${index} ${zip}`, zips: [zip], ...fields }));
  return ids;
}

const ledgerOf = (contractorId: string) =>
  harness.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents', 'entry_key'])
    .where('contractor_id', '=', contractorId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();

describe('how many contractors one lead goes to', () => {
  it('refuses a lead for five contractors and gives it to four, charging each their price', async () => {
    const zip = freshZip();
    const ids = await contractors(5, zip, { price_per_lead: 30 });
    const leadId = await insertLead(harness.db, { zip });
    const five = await assign({ leadId, contractorIds: ids });
    expect(five.statusCode).toBe(400);
    expect(five.json().error).toBe(ADMIN_MESSAGES.leadCapReached(4, 4));
    expect(await harness.db.selectFrom('assignments').select('id').where('lead_id', '=', leadId).execute()).toEqual([]);

    expect((await assign({ leadId, contractorIds: ids.slice(0, 4) })).statusCode).toBe(200);
    for (const id of ids.slice(0, 4))
      expect(await ledgerOf(id)).toEqual([{ kind: 'lead-charge', amount_cents: 3000, entry_key: expect.stringMatching(/^charge:/) }]);
    const fifth = await assign({ leadId, contractorIds: [ids[4]] });
    expect(fifth.json().error).toBe(ADMIN_MESSAGES.leadCapReached(4, 0));
    const options = (await send('GET', `/api/admin/leads/${leadId}/assignment-options`)).json();
    expect(options).toMatchObject({ problem: ADMIN_MESSAGES.leadCapReached(4, 0), maxContractors: 4, activeCount: 4, roundRobin: null });
  });

  it('holds the cap under 12 simultaneous automatic requests for one lead', async () => {
    const zip = freshZip();
    await contractors(6, zip);
    const leadId = await insertLead(harness.db, { zip });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => assign({ leadId, assignmentMethod: index % 2 ? 'round-robin' : 'next-in-line' })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(4);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 400)).toBe(true);
    const rows = await harness.db.selectFrom('assignments').select('contractor_id').where('lead_id', '=', leadId).execute();
    expect(new Set(rows.map((row) => row.contractor_id)).size).toBe(4);
  });

  it('sells a lead exclusively at the exclusive price (twice the lead price unless set), and to nobody after that', async () => {
    const zip = freshZip();
    const [own, doubled] = [
      await insertContractor(harness.db, { zips: [zip], exclusive_price: 80 }),
      await insertContractor(harness.db, { zips: [zip], price_per_lead: 35 }),
    ];
    const first = await insertLead(harness.db, { zip });
    expect((await assign({ leadId: first, contractorIds: [own, doubled], exclusive: true })).json().error).toBe(
      ADMIN_MESSAGES.exclusiveNeedsOne,
    );
    expect((await assign({ leadId: first, contractorIds: [own], exclusive: true })).statusCode).toBe(200);
    expect((await ledgerOf(own))[0].amount_cents).toBe(8000);
    const other = await assign({ leadId: first, contractorIds: [doubled] });
    expect(other.json().error).toMatch(/was sold exclusively to/);

    const second = await insertLead(harness.db, { zip });
    const preview = (await send('GET', `/api/admin/leads/${second}/assignment-options?exclusive=true`)).json();
    expect(preview.contractors.find((row: { id: string }) => row.id === doubled).priceCents).toBe(7000);
    await assign({ leadId: second, contractorIds: [doubled], exclusive: true, assignmentMethod: 'manual' });
    expect((await ledgerOf(doubled)).map((entry) => entry.amount_cents)).toEqual([7000]);
  });
});

describe('monthly caps', () => {
  it('skips a contractor at a cap in the automatic methods and tells the admin why in the manual list', async () => {
    const zip = freshZip();
    const capped = await insertContractor(harness.db, { zips: [zip], monthly_lead_cap: 1, leads_received_count: 0, name: 'Capped Co' });
    const spender = await insertContractor(harness.db, {
      zips: [zip],
      monthly_spend_cap: 40,
      price_per_lead: 25,
      leads_received_count: 1,
      name: 'Spender Co',
    });
    const spare = await insertContractor(harness.db, { zips: [zip], leads_received_count: 50, name: 'Spare Co' });
    const next = async () => {
      const leadId = await insertLead(harness.db, { zip });
      return (await assign({ leadId, assignmentMethod: 'next-in-line' })).json().assignments[0].contractorId;
    };
    expect(await next()).toBe(capped);
    expect(await next()).toBe(spender);
    expect(await next()).toBe(spare);
    const leadId = await insertLead(harness.db, { zip });
    const options = (await send('GET', `/api/admin/leads/${leadId}/assignment-options`)).json();
    const standing = Object.fromEntries(options.contractors.map((row: { id: string; problem: string | null }) => [row.id, row.problem]));
    expect(standing).toEqual({
      [capped]: ADMIN_MESSAGES.monthlyLeadCapReached(1),
      [spender]: ADMIN_MESSAGES.monthlySpendCapReached(40),
      [spare]: null,
    });
    expect(options.nextInLine.id).toBe(spare);
    expect((await assign({ leadId, contractorIds: [capped] })).json().error).toBe(
      ADMIN_MESSAGES.notEligibleBecause('Capped Co', ADMIN_MESSAGES.monthlyLeadCapReached(1)),
    );
  });
});

describe('consent', () => {
  it('refuses to assign a lead whose homeowner did not agree to be contacted, and says so before', async () => {
    const zip = freshZip();
    const [id] = await contractors(1, zip);
    const leadId = await insertLead(harness.db, { zip, consent_at: null, consent_version: null, consent_text: null });
    expect((await send('GET', `/api/admin/leads/${leadId}/assignment-options`)).json().problem).toBe(ADMIN_MESSAGES.noConsent);
    const response = await assign({ leadId, contractorIds: [id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(ADMIN_MESSAGES.noConsent);
    await harness.db.updateTable('leads').set(TEST_CONSENT).where('id', '=', leadId).execute();
    expect((await assign({ leadId, contractorIds: [id] })).statusCode).toBe(200);
  });

  it('refuses a consent given on a text that is no longer current', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/consent/quote' });
    expect(response.json()).toMatchObject({
      version: 'quote-contact-2026-11/4',
      text: expect.stringContaining('Agreeing is not a condition of any purchase'),
    });
  });
});

describe('response deadlines', () => {
  it('lists an overdue assignment, flags it for the contractor, and reassigns it with the setting on', async () => {
    const zip = freshZip();
    const [late, next] = await contractors(2, zip);
    const pro = await personWithRole(harness, 'contractor');
    await harness.db.updateTable('contractors').set({ user_id: pro.id, leads_received_count: 0 }).where('id', '=', late).execute();
    await harness.db.updateTable('contractors').set({ leads_received_count: 5 }).where('id', '=', next).execute();
    const leadId = await insertLead(harness.db, { zip });
    const assigned = (await assign({ leadId, contractorIds: [late] })).json();
    const assignmentId = assigned.assignments[0].assignmentId;

    const hoursLater = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const deps = { domainEvents: createDomainEvents(), now: () => hoursLater(25), publicUrl: 'http://localhost:3000', postalAddress: 'x' };
    // Overdue after 24 hours: listed for admins and flagged on the contractor's dashboard.
    await harness.db
      .updateTable('assignments')
      .set({ respond_by: hoursLater(-1).toISOString() })
      .where('id', '=', assignmentId)
      .execute();
    const overdue = (await send('GET', '/api/admin/overdue-assignments')).json().assignments;
    expect(overdue.map((row: { id: string }) => row.id)).toContain(assignmentId);
    const mine = (await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: pro.headers })).json();
    expect(mine.leads.find((lead: { id: string }) => lead.id === leadId)).toMatchObject({ overdue: true, respond_by: expect.any(String) });

    // Setting off: nothing moves.
    expect(await reassignOverdue(assignmentsOn(harness.db, deps), deps)).toEqual([]);
    await send('PUT', '/api/admin/settings', { autoReassign: true });
    try {
      const outcomes = await reassignOverdue(assignmentsOn(harness.db, deps), deps);
      expect(outcomes.find((outcome) => outcome.assignmentId === assignmentId)).toEqual({ assignmentId, leadId, reassignedTo: next });
    } finally {
      await send('PUT', '/api/admin/settings', { autoReassign: false });
    }
    const rows = await harness.db.selectFrom('assignments').select(['contractor_id', 'state']).where('lead_id', '=', leadId).execute();
    expect(rows.sort((a, b) => a.state.localeCompare(b.state))).toEqual([
      { contractor_id: next, state: 'active' },
      { contractor_id: late, state: 'expired' },
    ]);
    // The late contractor is told, without the homeowner's details, and is not charged.
    const { email: lateEmail } = await harness.db
      .selectFrom('contractors')
      .select('email')
      .where('id', '=', late)
      .executeTakeFirstOrThrow();
    const notice = await harness.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('kind', '=', 'contractor-lead-reassigned')
      .where('to_address', '=', lateEmail)
      .executeTakeFirstOrThrow();
    expect(notice.subject).toMatch(/^Lead reassigned: Kitchen in \d{5}$/);
    expect(notice.text).toContain('$25.00 was credited');
    expect(notice.text).not.toContain('@example.com');
    // The late contractor is not charged, and the lead is no longer theirs.
    expect((await ledgerOf(late)).map((entry) => [entry.kind, entry.amount_cents])).toEqual([
      ['lead-charge', 2500],
      ['late-credit', -2500],
    ]);
    const after = (await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: pro.headers })).json();
    expect(after.leads.map((lead: { id: string }) => lead.id)).not.toContain(leadId);
    const status = await harness.app.inject({
      method: 'PUT',
      url: `/api/contractor/leads/${leadId}/status`,
      headers: pro.headers,
      payload: { status: 'contacted' },
    });
    expect(status.statusCode).toBe(404);
  });
});

describe('disputes, credits and the ledger', () => {
  async function contractorWithLead(zip: string, price = 25) {
    const [id] = await contractors(1, zip, { price_per_lead: price, monthly_subscription_fee: 99 });
    const pro = await personWithRole(harness, 'contractor');
    await harness.db.updateTable('contractors').set({ user_id: pro.id }).where('id', '=', id).execute();
    const leadId = await insertLead(harness.db, { zip });
    await assign({ leadId, contractorIds: [id] });
    return { id, pro, leadId };
  }
  const dispute = (pro: { headers: Record<string, string> }, leadId: string, payload: object) =>
    harness.app.inject({ method: 'POST', url: `/api/contractor/leads/${leadId}/disputes`, headers: pro.headers, payload });

  it('lets a contractor dispute a lead once; an approval credits its price and shows on the statement', async () => {
    const { id, pro, leadId } = await contractorWithLead(freshZip(), 42.5);
    const opened = await dispute(pro, leadId, { reason: 'wrong-zip', details: 'The house is in Worcester.' });
    expect(opened.statusCode).toBe(201);
    expect((await dispute(pro, leadId, { reason: 'duplicate' })).statusCode).toBe(409);
    expect((await dispute(pro, leadId, { reason: 'angry' })).statusCode).toBe(400);
    const mine = (await harness.app.inject({ method: 'GET', url: '/api/contractor/leads', headers: pro.headers })).json();
    expect(mine.leads.find((lead: { id: string }) => lead.id === leadId).dispute).toEqual({ status: 'open', reason: 'wrong-zip' });

    const list = (await send('GET', '/api/admin/disputes?status=open')).json().disputes;
    const row = list.find((candidate: { id: string }) => candidate.id === opened.json().id);
    expect(row).toMatchObject({ reason: 'wrong-zip', details: 'The house is in Worcester.', price_cents: 4250, status: 'open' });
    const approved = await send('POST', `/api/admin/disputes/${row.id}/decision`, {
      decision: 'approved',
      note: 'Confirmed with the homeowner.',
    });
    expect(approved.json().message).toBe(ADMIN_MESSAGES.disputeApproved('$42.50'));
    expect((await send('POST', `/api/admin/disputes/${row.id}/decision`, { decision: 'denied' })).statusCode).toBe(409);

    await chargeSubscriptionFees(harness.db, new Date());
    await chargeSubscriptionFees(harness.db, new Date());
    expect((await ledgerOf(id)).map((entry) => [entry.kind, entry.amount_cents]).sort()).toEqual(
      [
        ['dispute-credit', -4250],
        ['lead-charge', 4250],
        ['subscription-fee', 9900],
      ].sort(),
    );
    const statement = (await send('GET', `/api/admin/contractors/${id}/statement`)).json().statement;
    expect(statement.totals).toEqual({ leadChargesCents: 4250, feesCents: 9900, creditsCents: -4250, closingCents: 9900 });
    expect(statement.entries).toHaveLength(3);
    const own = (await harness.app.inject({ method: 'GET', url: '/api/contractor/statement', headers: pro.headers })).json().statement;
    expect(own.totals.closingCents).toBe(9900);
    const contractorsTab = (await send('GET', '/api/admin/get-all-contractors')).json().contractors;
    expect(contractorsTab.find((row: { id: string }) => row.id === id).balance_cents).toBe(9900);

    const csv = await send('GET', `/api/admin/contractors/${id}/statement.csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('closing-balance,Balance at the end of the month,99.00');
    const pdf = await send('GET', `/api/admin/contractors/${id}/statement.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('Balance at the end of the month');
    expect(text).toContain('$99.00');
    // This month's row, not the newest: another test's clock charges a lead a day ahead, which on a month's last day
    // is next month.
    const revenue: { period: string }[] = (await send('GET', '/api/admin/revenue')).json().months;
    expect(revenue.find((month) => month.period === statement.period)).toMatchObject({
      leadCents: expect.any(Number),
      feeCents: expect.any(Number),
    });
  });

  it('credits nothing for a denied dispute, and refuses one after 14 days or on another contractor’s lead', async () => {
    const { id, pro, leadId } = await contractorWithLead(freshZip());
    const opened = (await dispute(pro, leadId, { reason: 'bad-contact' })).json();
    expect(
      (await send('POST', `/api/admin/disputes/${opened.id}/decision`, { decision: 'denied', note: 'The number works.' })).json().message,
    ).toBe(ADMIN_MESSAGES.disputeDenied);
    expect((await ledgerOf(id)).filter((entry) => entry.kind === 'dispute-credit')).toEqual([]);

    const old = await contractorWithLead(freshZip());
    await harness.db
      .updateTable('assignments')
      .set({ assigned_at: new Date(Date.now() - 15 * 86_400_000).toISOString() })
      .where('lead_id', '=', old.leadId)
      .execute();
    const late = await dispute(old.pro, old.leadId, { reason: 'duplicate' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(ADMIN_MESSAGES.disputeWindowClosed(14));
    expect((await dispute(pro, old.leadId, { reason: 'duplicate' })).statusCode).toBe(404);
    expect((await send('POST', `/api/admin/disputes/${randomUUID()}/decision`, { decision: 'approved' })).statusCode).toBe(404);
  });
});

describe('the notification email status', () => {
  it('never says sent while the mail server is down, says failed when the outbox gives up, and can be resent', async () => {
    // Port 1: nothing listens, so every attempt fails and the outbox keeps retrying.
    const dead = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const { app } = dead;
      await app.ready();
      const db = app.database.db;
      const admin = bearer((await signIn(app, TEST_ADMIN)).token);
      const contractor = await insertContractor(db, { zips: ['01701'] });
      const leadId = await insertLead(db, { zip: '01701' });
      const assigned = await app.inject({
        method: 'POST',
        url: '/api/leads/assign-manually',
        headers: admin,
        payload: { leadId, contractorIds: [contractor] },
      });
      const assignmentId = assigned.json().assignments[0].assignmentId;
      const row = async () =>
        (await app.inject({ method: 'GET', url: '/api/leads/get-assignments', headers: admin }))
          .json()
          .assignments.find((candidate: { id: string }) => candidate.id === assignmentId);
      // Give the sender time for its first attempt (it fails at once on a closed port).
      await expect
        .poll(
          async () =>
            (await db.selectFrom('mail_outbox').select('attempts').where('kind', '=', 'contractor-lead').executeTakeFirstOrThrow())
              .attempts,
        )
        .toBeGreaterThan(0);
      expect(await row()).toMatchObject({ email_sent: false, email_status: 'queued' });

      const { notification_mail_id } = await db
        .selectFrom('assignments')
        .select('notification_mail_id')
        .where('id', '=', assignmentId)
        .executeTakeFirstOrThrow();
      // As the sender leaves it after its last attempt.
      await db.updateTable('mail_outbox').set({ status: 'failed' }).where('id', '=', notification_mail_id!).execute();
      expect(await row()).toMatchObject({ email_sent: false, email_status: 'failed' });
      const stats = (await app.inject({ method: 'GET', url: '/api/leads/get-assignments', headers: admin })).json().stats;
      expect(stats.emailSent).toBe(0);

      const resent = await app.inject({
        method: 'POST',
        url: `/api/admin/assignments/${assignmentId}/resend-notification`,
        headers: admin,
      });
      expect(resent.json().message).toBe(ADMIN_MESSAGES.notificationResent);
      expect(await row()).toMatchObject({ email_status: 'queued' });
      expect(
        await db.selectFrom('mail_outbox').select('id').where('kind', '=', 'contractor-lead').where('lead_id', '=', leadId).execute(),
      ).toHaveLength(2);
    } finally {
      await dead.close();
    }
  });
});

describe('the dashboard figures of the lead business', () => {
  it('shows the median contractor response time and revenue per month', async () => {
    const zip = freshZip();
    const ids = await contractors(4, zip);
    const leadId = await insertLead(harness.db, { zip });
    await assign({ leadId, contractorIds: ids });
    for (const [index, hours] of [1, 2, 4, 10].entries())
      await harness.db
        .updateTable('assignments')
        .set({ contractor_responded: true, response_time_hours: hours })
        .where('lead_id', '=', leadId)
        .where('contractor_id', '=', ids[index])
        .execute();
    const summary = (await send('GET', '/api/admin/get-dashboard-summary')).json().data;
    expect(summary.contractors.medianResponseHours).toBe(3);
    const revenue: { period: string; leadCents: number }[] = (await send('GET', '/api/admin/revenue')).json().months;
    expect(revenue.find((month) => month.period === massachusettsMonth(new Date()))?.leadCents).toBeGreaterThanOrEqual(4 * 2500);
  });
});

describe('making a user a contractor', () => {
  it('links the contractor record with their confirmed email, creates one when there is none, and leaves a record they have not proven', async () => {
    const role = (userId: string) => send('PUT', '/api/admin/update-user-role', { userId, newRole: 'contractor' });
    const verified = await personWithRole(harness, 'homeowner');
    await harness.db.updateTable('users').set({ email_verified: true }).where('id', '=', verified.id).execute();
    const record = await insertContractor(harness.db, { name: 'Verified Builders', email: verified.email.toUpperCase() });
    expect((await role(verified.id)).json().contractorLink).toEqual({
      outcome: 'linked',
      message: ADMIN_MESSAGES.contractorRecordLinked('Verified Builders'),
    });
    expect((await harness.db.selectFrom('contractors').select('user_id').where('id', '=', record).executeTakeFirstOrThrow()).user_id).toBe(
      verified.id,
    );
    expect((await role(verified.id)).json().contractorLink.outcome).toBe('already-linked');

    const fresh = await personWithRole(harness, 'homeowner');
    expect((await role(fresh.id)).json().contractorLink.outcome).toBe('created');
    const created = await harness.db.selectFrom('contractors').selectAll().where('user_id', '=', fresh.id).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ email: fresh.email, is_active_subscriber: false });

    const unproven = await personWithRole(harness, 'homeowner');
    await harness.db.updateTable('users').set({ email_verified: false }).where('id', '=', unproven.id).execute();
    const theirs = await insertContractor(harness.db, { name: 'Someone Else', email: unproven.email });
    expect((await role(unproven.id)).json().contractorLink.outcome).toBe('not-linked');
    expect(
      (await harness.db.selectFrom('contractors').select('user_id').where('id', '=', theirs).executeTakeFirstOrThrow()).user_id,
    ).toBeNull();

    const users = (await send('GET', '/api/admin/get-all-users')).json().users;
    expect(users.find((user: { id: string }) => user.id === verified.id).contractor_name).toBe('Verified Builders');
    expect(users.find((user: { id: string }) => user.id === unproven.id).contractor_name).toBeNull();
  });
});

describe('the System status test lead', () => {
  it('is assigned for free and can be deleted again; a homeowner’s lead cannot be deleted that way', async () => {
    const zip = freshZip();
    const [id] = await contractors(1, zip, { price_per_lead: 40 });
    await send('PUT', '/api/admin/settings', { autoAssignment: 'next-in-line' });
    try {
      const created = (await send('POST', '/api/notify-contractor', { name: 'Test', email: 'test-lead@example.com', zipCode: zip })).json();
      expect(created.assignment).toMatchObject({ assigned: true, contractorId: id });
      expect((await ledgerOf(id)).map((entry) => entry.amount_cents)).toEqual([0]);
      expect((await send('DELETE', `/api/debug-test-lead/${created.id}`)).statusCode).toBe(200);
      expect(await harness.db.selectFrom('leads').select('id').where('id', '=', created.id).execute()).toEqual([]);
      expect(await harness.db.selectFrom('assignments').select('id').where('lead_id', '=', created.id).execute()).toEqual([]);
    } finally {
      await send('PUT', '/api/admin/settings', { autoAssignment: 'off' });
    }
    const real = await insertLead(harness.db, { zip });
    const refused = await send('DELETE', `/api/debug-test-lead/${real}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(ADMIN_MESSAGES.testLeadNotFound);
  });
});
