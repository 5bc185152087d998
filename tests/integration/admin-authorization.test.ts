// The back-office routes with real payloads: an anonymous caller (401), a homeowner (403), a contractor (403
// except their own leads' status), each with the seed's exact message, and an admin whose every call
// succeeds. route-authorization.test.ts proves that every route has an access class; this one proves the
// messages and that the admin's calls really work. Admins go last, because their calls change things.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import { createBackOfficeApp, insertContractor, insertLead, personWithRole, type BackOfficeHarness, type Person } from './admin-harness';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; contractorAllowed?: boolean };
type Caller = 'anonymous' | 'homeowner' | 'contractor' | 'admin';

let harness: BackOfficeHarness;
let people: Record<Exclude<Caller, 'anonymous' | 'admin'>, Person>;
let calls: Call[];
const publicCalls: Call[] = [];

beforeAll(async () => {
  harness = await createBackOfficeApp();
  const { db } = harness;
  people = { homeowner: await personWithRole(harness, 'homeowner'), contractor: await personWithRole(harness, 'contractor') };
  const roleTarget = await personWithRole(harness, 'homeowner');
  const deleteTarget = await personWithRole(harness, 'homeowner');
  const ownContractor = await insertContractor(db, { user_id: people.contractor.id, zips: ['01701'] });
  const otherContractor = await insertContractor(db, { serves_all_zipcodes: true });
  const ownLead = await insertLead(db, { status: 'assigned', assigned_contractor_id: ownContractor });
  await db
    .insertInto('assignments')
    .values({ id: randomUUID(), lead_id: ownLead, contractor_id: ownContractor, assignment_method: 'manual', email_sent: true })
    .execute();
  const unassignedLead = await insertLead(db);
  const applications = [randomUUID(), randomUUID()];
  for (const [index, id] of applications.entries()) {
    await db
      .insertInto('contractor_applications')
      .values({
        id,
        name: `Applicant ${index}`,
        company: `Company ${index}`,
        email: `applicant-${index}@example.com`,
        trade: 'Kitchens',
        service_area: 'Natick',
      })
      .execute();
  }

  calls = [
    { method: 'GET', url: '/api/admin/get-dashboard-summary?dateRange=30d' },
    { method: 'GET', url: '/api/admin/get-all-leads?page=1&pageSize=10' },
    { method: 'GET', url: '/api/admin/export-leads?dateRange=7d' },
    { method: 'GET', url: '/api/admin/system-status' },
    { method: 'POST', url: '/api/admin/system-status/test-email' },
    { method: 'GET', url: '/api/admin/get-all-users' },
    { method: 'GET', url: '/api/admin/get-all-contractors' },
    { method: 'GET', url: '/api/leads/get-assignments?dateRange=7d' },
    { method: 'GET', url: '/api/admin/get-all-feedback' },
    { method: 'PUT', url: '/api/admin/update-user-role', payload: { userId: roleTarget.id, newRole: 'contractor' } },
    { method: 'DELETE', url: '/api/admin/delete-user', payload: { userId: deleteTarget.id } },
    { method: 'POST', url: '/api/recalculate-lead-scores' },
    { method: 'POST', url: '/api/admin/add-contractor', payload: { name: 'Added Co', email: 'added@example.com' } },
    { method: 'PUT', url: '/api/admin/update-contractor', payload: { contractorId: otherContractor, updates: { price_per_lead: 30 } } },
    { method: 'POST', url: '/api/admin/contractor-invitations', payload: { contractorId: otherContractor } },
    { method: 'GET', url: '/api/admin/contractor-applications' },
    { method: 'POST', url: `/api/admin/contractor-applications/${applications[0]}/approve` },
    { method: 'POST', url: `/api/admin/contractor-applications/${applications[1]}/reject` },
    { method: 'PUT', url: '/api/leads/update-status', payload: { leadId: ownLead, status: 'contacted' }, contractorAllowed: true },
    { method: 'POST', url: '/api/leads/assign-manually', payload: { leadId: unassignedLead, contractorIds: [otherContractor] } },
    { method: 'GET', url: '/api/admin/eligible-contractors?zip=01701' },
    { method: 'GET', url: '/api/admin/settings' },
    { method: 'PUT', url: '/api/admin/settings', payload: { autoAssignment: 'off' } },
    { method: 'GET', url: '/api/admin/service-area' },
    { method: 'POST', url: '/api/admin/service-area', payload: { zip: '01999', town: 'Testville' } },
    { method: 'DELETE', url: '/api/admin/service-area/01999' },
    { method: 'GET', url: '/api/debug-env' },
    { method: 'GET', url: '/api/debug-supabase' },
    { method: 'GET', url: '/api/debug-replicate' },
    { method: 'POST', url: '/api/setup-feedback-table' },
    { method: 'POST', url: '/api/apply-feedback-migration' },
    { method: 'POST', url: '/api/notify-contractor', payload: { email: 'debug-lead@example.com', zip: '01701', room_type: 'kitchen' } },
  ];
  publicCalls.push(
    { method: 'GET', url: `/api/t/o/${randomUUID()}.gif` },
    { method: 'GET', url: `/api/t/c/${randomUUID()}` },
    { method: 'GET', url: '/api/contractor-invitations/by-token/not-a-real-token' },
    { method: 'POST', url: '/api/contractor-invitations/accept', payload: { token: 'not-a-real-token', password: 'secret12' } },
  );
});
afterAll(() => harness.close());

function inject(call: Call, caller: Caller) {
  const headers = caller === 'anonymous' ? {} : caller === 'admin' ? harness.admin.headers : people[caller].headers;
  return harness.app.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) });
}

describe('back-office authorisation', () => {
  it('turns away anonymous callers with 401 on every admin route', async () => {
    for (const call of calls) {
      const response = await inject(call, 'anonymous');
      expect([call.url, response.statusCode]).toEqual([call.url, 401]);
      expect(response.json()).toMatchObject({ success: false, error: BACK_OFFICE_MESSAGES.authenticationRequired });
    }
  });

  it('turns away homeowners with 403', async () => {
    for (const call of calls) {
      const response = await inject(call, 'homeowner');
      expect([call.url, response.statusCode]).toEqual([call.url, 403]);
      const expected = call.contractorAllowed ? PRODUCT_MESSAGES.forbidden : BACK_OFFICE_MESSAGES.accessDeniedNotAdmin;
      expect(response.json()).toMatchObject({ success: false, error: expected });
    }
  });

  it('turns away contractors with 403, except the status of their own leads', async () => {
    for (const call of calls) {
      const response = await inject(call, 'contractor');
      if (call.contractorAllowed) {
        expect([call.url, response.statusCode]).toEqual([call.url, 200]);
      } else {
        expect([call.url, response.statusCode]).toEqual([call.url, 403]);
        expect(response.json()).toMatchObject({ success: false, error: BACK_OFFICE_MESSAGES.accessDeniedNotAdmin });
      }
    }
  });

  it('lets admins make every call', async () => {
    for (const call of calls) {
      const response = await inject(call, 'admin');
      // The CSV export answers with the file itself; everything else with the JSON envelope.
      const success = String(response.headers['content-type']).startsWith('text/csv') ? true : response.json().success;
      expect([call.url, response.statusCode, success]).toEqual([call.url, 200, true]);
    }
  });

  it('answers the public tracking and invitation routes alike for everyone', async () => {
    const expected = [200, 302, 404, 404];
    for (const caller of ['anonymous', 'homeowner', 'contractor', 'admin'] as const) {
      const statuses = [];
      for (const call of publicCalls) statuses.push((await inject(call, caller)).statusCode);
      expect([caller, statuses]).toEqual([caller, expected]);
    }
  });
});
