// Contractor records: adding one (the seed's defaults and rules, field errors, the invitation email),
// the invitation link (a contractor login that signs in with the contractor role; used or expired links
// answer 410), editing, listing, and applications from the 'Join as Contractor' form.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTOR_DEFAULTS } from '#shared/constants';
import { BACK_OFFICE_MESSAGES, HOMEOWNER_MESSAGES } from '#shared/messages';
import { bearer, signIn } from '../helpers/auth';
import { createBackOfficeApp, personWithRole, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  harness.app.inject({ method, url, headers: harness.admin.headers, ...(payload ? { payload } : {}) });

/** The token of the newest invitation mailed to the address: the one not among those seen before. */
async function invitationToken(email: string, seen: string[] = []): Promise<string> {
  const mails = await harness.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('kind', '=', 'contractor-invitation')
    .where('to_address', '=', email)
    .execute();
  const tokens = mails
    .map((mail) => /\/contractor-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1])
    .filter((token) => !seen.includes(token));
  expect(tokens).toHaveLength(1);
  return tokens[0];
}

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

describe('POST /api/admin/add-contractor', () => {
  it('adds a contractor with the seed defaults and queues the invitation', async () => {
    const response = await send('POST', '/api/admin/add-contractor', { name: '  Acme Builders ', email: 'Office@Acme.example' });
    expect(response.statusCode).toBe(200);
    const { contractor, success } = response.json();
    expect(success).toBe(true);
    expect(contractor).toEqual({
      id: expect.any(String),
      name: 'Acme Builders',
      email: 'office@acme.example',
      subscription_tier: CONTRACTOR_DEFAULTS.subscriptionTier,
      is_active_subscriber: CONTRACTOR_DEFAULTS.isActiveSubscriber,
      serves_all_zipcodes: false,
      assigned_zip_codes: [],
      leads_received_count: 0,
      leads_converted_count: 0,
      conversion_rate: 0,
      price_per_lead: CONTRACTOR_DEFAULTS.pricePerLead,
      monthly_subscription_fee: CONTRACTOR_DEFAULTS.monthlySubscriptionFee,
      // No exclusive price (twice the lead price), no caps, nothing owed yet.
      exclusive_price: null,
      monthly_lead_cap: null,
      monthly_spend_cap: null,
      balance_cents: 0,
      created_at: expect.any(String),
    });
    const mail = await harness.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'contractor-invitation')
      .where('to_address', '=', 'office@acme.example')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your MetroWest AI Renovations contractor dashboard');
    expect(mail.text).toContain(`${harness.config.publicUrl}/contractor-invite?token=`);
    expect(mail.html).toContain('Set my password');
    const stored = await harness.db
      .selectFrom('contractor_invitations')
      .select(['token_hash', 'expires_at'])
      .where('contractor_id', '=', contractor.id)
      .executeTakeFirstOrThrow();
    // Only a hash of the token is kept.
    expect(stored.token_hash).toBe(
      createHash('sha256')
        .update(await invitationToken('office@acme.example'))
        .digest('hex'),
    );
  });

  it('stores every given field, ZIP codes included', async () => {
    const response = await send('POST', '/api/admin/add-contractor', {
      name: 'Zip Co',
      email: 'zip@example.com',
      assignedZipCodes: ['01760', '01701', '01701'],
      servesAllZipcodes: false,
      pricePerLead: '40.456',
      monthlySubscriptionFee: 0,
      isActiveSubscriber: true,
      subscriptionTier: 'premium',
    });
    expect(response.json().contractor).toMatchObject({
      assigned_zip_codes: ['01701', '01760'],
      price_per_lead: 40.46,
      monthly_subscription_fee: 0,
      is_active_subscriber: true,
      subscription_tier: 'premium',
    });
  });

  it.each([
    [{ email: 'a@example.com' }, 'name', 'Name is required'],
    [{ name: 'A' }, 'email', 'Email is required'],
    [{ name: 'A', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@example.com', pricePerLead: -1 }, 'pricePerLead', 'Price per lead must be 0 or more'],
    [
      { name: 'A', email: 'a@example.com', monthlySubscriptionFee: 'lots' },
      'monthlySubscriptionFee',
      'Monthly subscription fee must be a number',
    ],
    [
      { name: 'A', email: 'a@example.com', subscriptionTier: 'gold' },
      'subscriptionTier',
      'Subscription tier must be one of basic, premium, enterprise',
    ],
    [{ name: 'A', email: 'a@example.com', assignedZipCodes: ['123'] }, 'assignedZipCodes.0', 'Please enter a 5-digit ZIP code'],
  ])('answers field errors (%#)', async (body, field, message) => {
    const response = await send('POST', '/api/admin/add-contractor', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message, fields: { [field]: message } });
  });

  it('refuses ZIP codes outside the service area and a taken email', async () => {
    const outside = await send('POST', '/api/admin/add-contractor', {
      name: 'Far Co',
      email: 'far@example.com',
      assignedZipCodes: ['01701', '90210'],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('ZIP code 90210 is not in the service area.');
    const taken = await send('POST', '/api/admin/add-contractor', { name: 'Copy', email: 'OFFICE@acme.example' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('A contractor with this email already exists.');
    expect(
      await harness.db.selectFrom('contractors').select('id').where('email', '=', 'far@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('contractor invitations', () => {
  it('creates a contractor login once, which signs in with the contractor role', async () => {
    const added = (await send('POST', '/api/admin/add-contractor', { name: 'Invited Co', email: 'invited@example.com' })).json().contractor;
    const token = await invitationToken('invited@example.com');

    const described = await harness.app.inject({ method: 'GET', url: `/api/contractor-invitations/by-token/${token}` });
    expect(described.json()).toMatchObject({ success: true, invitation: { name: 'Invited Co', email: 'invited@example.com' } });

    const short = await harness.app.inject({
      method: 'POST',
      url: '/api/contractor-invitations/accept',
      payload: { token, password: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(HOMEOWNER_MESSAGES.passwordTooShort);

    const accepted = await harness.app.inject({
      method: 'POST',
      url: '/api/contractor-invitations/accept',
      payload: { token, password: 'builder-pass', name: 'Ivy Invited' },
    });
    expect(accepted.json()).toEqual({ success: true, email: 'invited@example.com' });

    const session = await signIn(harness.app, { email: 'invited@example.com', password: 'builder-pass' });
    expect(session.response.statusCode).toBe(200);
    const current = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: bearer(session.token) });
    expect(current.json().user).toMatchObject({ email: 'invited@example.com', name: 'Ivy Invited', role: 'contractor' });
    const contractor = await harness.db.selectFrom('contractors').select('user_id').where('id', '=', added.id).executeTakeFirstOrThrow();
    expect(contractor.user_id).toBe(current.json().user.id);

    const again = await harness.app.inject({
      method: 'POST',
      url: '/api/contractor-invitations/accept',
      payload: { token, password: 'other-pass' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      success: false,
      error: 'This invitation has already been used. Sign in with your email and password.',
    });
    expect((await harness.app.inject({ method: 'GET', url: `/api/contractor-invitations/by-token/${token}` })).statusCode).toBe(410);
  });

  it('links an existing account and refuses expired or replaced links', async () => {
    const person = await personWithRole(harness, 'homeowner', 'already@example.com');
    const added = (await send('POST', '/api/admin/add-contractor', { name: 'Already Co', email: 'already@example.com' })).json().contractor;
    const first = await invitationToken('already@example.com');
    const resent = await send('POST', '/api/admin/contractor-invitations', { contractorId: added.id });
    expect(resent.json()).toMatchObject({ success: true, invitation: { expiresAt: expect.any(String) } });
    const second = await invitationToken('already@example.com', [first]);
    expect(second).not.toBe(first);

    const replaced = await harness.app.inject({
      method: 'POST',
      url: '/api/contractor-invitations/accept',
      payload: { token: first, password: 'new-pass1' },
    });
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().error).toBe('This invitation has expired. Please ask us for a new one.');

    await harness.db
      .updateTable('contractor_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('contractor_id', '=', added.id)
      .where('used_at', 'is', null)
      .execute();
    const expired = await harness.app.inject({
      method: 'POST',
      url: '/api/contractor-invitations/accept',
      payload: { token: second, password: 'new-pass1' },
    });
    expect(expired.statusCode).toBe(410);

    await send('POST', '/api/admin/contractor-invitations', { contractorId: added.id });
    const third = await invitationToken('already@example.com', [first, second]);
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/contractor-invitations/accept',
          payload: { token: third, password: 'new-pass1' },
        })
      ).statusCode,
    ).toBe(200);
    const user = await harness.db.selectFrom('users').select(['id', 'role']).where('email', '=', 'already@example.com').execute();
    expect(user).toEqual([{ id: person.id, role: 'contractor' }]);
    expect((await signIn(harness.app, { email: 'already@example.com', password: 'new-pass1' })).response.statusCode).toBe(200);

    const unknown = await harness.app.inject({
      method: 'POST',
      url: '/api/contractor-invitations/accept',
      payload: { token: 'nope', password: 'new-pass1' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('This invitation link is not valid.');
  });
});

describe('PUT /api/admin/update-contractor and GET /api/admin/get-all-contractors', () => {
  it('updates snake_case fields and the ZIP list', async () => {
    const { id } = (
      await send('POST', '/api/admin/add-contractor', { name: 'Edit Co', email: 'edit@example.com', assignedZipCodes: ['01701'] })
    ).json().contractor;
    const response = await send('PUT', '/api/admin/update-contractor', {
      contractorId: id,
      updates: {
        name: 'Edited Co',
        is_active_subscriber: true,
        serves_all_zipcodes: true,
        price_per_lead: 30.5,
        subscription_tier: 'enterprise',
        assigned_zip_codes: ['01760', '01702'],
        leads_received_count: 99,
      },
    });
    expect(response.json()).toEqual({ success: true });
    const listed = (await send('GET', '/api/admin/get-all-contractors'))
      .json()
      .contractors.find((contractor: { id: string }) => contractor.id === id);
    expect(listed).toMatchObject({
      name: 'Edited Co',
      is_active_subscriber: true,
      serves_all_zipcodes: true,
      price_per_lead: 30.5,
      monthly_subscription_fee: 99,
      subscription_tier: 'enterprise',
      assigned_zip_codes: ['01702', '01760'],
      // Counters are the server's own.
      leads_received_count: 0,
    });
  });

  it("answers 'Contractor ID is missing.' without an id, 404 for an unknown one", async () => {
    for (const body of [
      { updates: { name: 'X' } },
      { contractorId: '', updates: { name: 'X' } },
      { contractorId: '', updates: { price_per_lead: -5 } },
    ]) {
      const response = await send('PUT', '/api/admin/update-contractor', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: BACK_OFFICE_MESSAGES.contractorIdMissing });
    }
    const unknown = await send('PUT', '/api/admin/update-contractor', { contractorId: randomUUID(), updates: { name: 'X' } });
    expect(unknown.statusCode).toBe(404);
    const badZip = await send('PUT', '/api/admin/update-contractor', { contractorId: randomUUID(), updates: { price_per_lead: -5 } });
    expect(badZip.json()).toMatchObject({
      error: 'Price per lead must be 0 or more',
      fields: { 'updates.price_per_lead': 'Price per lead must be 0 or more' },
    });
  });
});

describe('contractor applications', () => {
  it('lists, approves (creating the contractor and inviting) and rejects applications once', async () => {
    const { db } = harness;
    const [approveId, rejectId] = [randomUUID(), randomUUID()];
    await db
      .insertInto('contractor_applications')
      .values([
        {
          id: approveId,
          name: 'Ann Apply',
          company: 'Apply Kitchens',
          email: 'Apply@Example.com',
          trade: 'Kitchens',
          service_area: 'Natick',
          created_at: '2026-01-02T00:00:00.000Z',
        },
        {
          id: rejectId,
          name: 'Rex Reject',
          company: 'Reject Roofs',
          email: 'reject@example.com',
          trade: 'Roofs',
          service_area: 'Boston',
          created_at: '2026-01-03T00:00:00.000Z',
        },
      ])
      .execute();
    const listed = (await send('GET', '/api/admin/contractor-applications')).json();
    expect(listed.applications.map((application: { id: string }) => application.id)).toEqual([rejectId, approveId]);
    expect(listed.applications[0]).toMatchObject({
      name: 'Rex Reject',
      company: 'Reject Roofs',
      trade: 'Roofs',
      service_area: 'Boston',
      status: 'new',
    });

    const approved = await send('POST', `/api/admin/contractor-applications/${approveId}/approve`, { assignedZipCodes: ['01760'] });
    expect(approved.json()).toMatchObject({
      success: true,
      contractor: { name: 'Apply Kitchens', email: 'apply@example.com', is_active_subscriber: false, assigned_zip_codes: ['01760'] },
    });
    expect(await invitationToken('apply@example.com')).toBeTruthy();
    const invitation = await db
      .selectFrom('contractor_invitations')
      .select('application_id')
      .where('contractor_id', '=', approved.json().contractor.id)
      .executeTakeFirstOrThrow();
    expect(invitation.application_id).toBe(approveId);

    expect((await send('POST', `/api/admin/contractor-applications/${rejectId}/reject`)).json()).toEqual({ success: true });
    const twice = await send('POST', `/api/admin/contractor-applications/${rejectId}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This application has already been rejected.');
    expect((await send('POST', `/api/admin/contractor-applications/${randomUUID()}/reject`)).statusCode).toBe(404);
    const statuses = (await send('GET', '/api/admin/contractor-applications?status=approved')).json().applications;
    expect(statuses.map((application: { id: string }) => application.id)).toEqual([approveId]);
  });
});
