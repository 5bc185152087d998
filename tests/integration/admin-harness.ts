// The back-office test harness: the real app (app.ts mounts the back-office routes), people of every role signed in through the real auth API, and rows made directly in the
// database where a test needs many of them quickly.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Role } from '#shared/constants';
import type { Db } from '#server/db/database';
import type { ContractorsTable, LeadsTable } from '#server/db/schema';
import { bearer, signIn, signUp } from '../helpers/auth';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/test-app';

export type Person = { id: string; email: string; token: string; headers: { authorization: string } };
export type BackOfficeHarness = TestApp & { db: Db; admin: Person };

export async function createBackOfficeApp(): Promise<BackOfficeHarness> {
  const harness = await createTestApp();
  const { app } = harness;
  await app.ready();
  const { token } = await signIn(app, TEST_ADMIN);
  const row = await app.database.db.selectFrom('users').select('id').where('email', '=', TEST_ADMIN.email).executeTakeFirstOrThrow();
  return { ...harness, db: app.database.db, admin: { id: row.id, email: TEST_ADMIN.email, token: token!, headers: bearer(token) } };
}

/** Signs a new person up through the API, then gives them a role as an admin would. */
export async function personWithRole(
  harness: TestApp,
  role: Role,
  email = `${role}-${randomUUID().slice(0, 8)}@example.com`,
  name = 'Test Person',
): Promise<Person> {
  const { response, token } = await signUp(harness.app, { name, email, password: 'secret1' });
  const id = response.json().user.id as string;
  if (role !== 'homeowner') await harness.app.database.db.updateTable('users').set({ role }).where('id', '=', id).execute();
  return { id, email, token: token!, headers: bearer(token) };
}

export const TEST_CONSENT = {
  consent_version: 'quote-contact-2026-11/4',
  consent_text: 'I agree to be contacted (test).',
  consent_at: '2026-11-01T12:00:00.000Z',
  consent_ip: '203.0.113.7',
  consent_user_agent: 'vitest',
} as const;

export async function insertLead(db: Db, fields: Partial<Insertable<LeadsTable>> = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await db
    .insertInto('leads')
    .values({
      email: `lead-${id.slice(0, 8)}@example.com`,
      zip: '01701',
      room_type: 'kitchen',
      style: 'Farmhouse Chic',
      // The homeowner agreed to be contacted (the quote form's box), as every assignable lead has.
      ...TEST_CONSENT,
      ...fields,
      id,
    })
    .execute();
  return id;
}

export async function insertContractor(db: Db, fields: Partial<Insertable<ContractorsTable>> & { zips?: string[] } = {}): Promise<string> {
  const { zips = [], ...columns } = fields;
  const id = columns.id ?? randomUUID();
  await db
    .insertInto('contractors')
    .values({
      name: `Contractor ${id.slice(0, 4)}`,
      email: `contractor-${id.slice(0, 8)}@example.com`,
      is_active_subscriber: true,
      ...columns,
      id,
    })
    .execute();
  if (zips.length)
    await db
      .insertInto('contractor_zip_codes')
      .values(zips.map((zip) => ({ contractor_id: id, zip })))
      .execute();
  return id;
}

/** Code-point order, the order the server rotates contractors in. */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The quote form as a homeowner sends it with the consent box ticked: the current consent text's version comes from the server. */
export async function requestQuoteWithConsent(
  app: TestApp['app'],
  headers: Record<string, string>,
  quote: { designRequestId: string; zipCode: string; projectType?: string; timeline?: string; budget?: string },
) {
  const consent = (await app.inject({ method: 'GET', url: '/api/consent/quote' })).json();
  return app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers,
    payload: {
      projectType: 'Kitchen',
      timeline: 'Ready now',
      budget: '$25k - $50k',
      ...quote,
      contactConsent: true,
      consentVersion: consent.version,
    },
  });
}

/**
 * Presses 'Recalculate Scores' as an admin and waits for the background run: the POST answers at once with
 * the queued recalculation; one round of the app's runner runs it; the GET then reports it finished.
 */
export async function recalculateScores(harness: BackOfficeHarness) {
  const started = await harness.app.inject({ method: 'POST', url: '/api/recalculate-lead-scores', headers: harness.admin.headers });
  if (started.statusCode !== 200) throw new Error(`Recalculate Scores answered ${started.statusCode}: ${started.body}`);
  await harness.app.recalculations.tick();
  const progress = await harness.app.inject({ method: 'GET', url: '/api/admin/lead-score-recalculation', headers: harness.admin.headers });
  return { started: started.json(), recalculation: progress.json().recalculation };
}
