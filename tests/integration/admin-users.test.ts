// The Users tab's changes: a role change (never an admin's own demotion) and deleting a user (never
// oneself), which keeps the leads and history but takes the person's details out of them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { createBackOfficeApp, insertLead, personWithRole, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const call = (method: 'PUT' | 'DELETE', url: string, payload: object, headers = harness.admin.headers) =>
  harness.app.inject({ method, url, headers, payload });

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

describe('PUT /api/admin/update-user-role', () => {
  it('changes a role, which applies from the next request', async () => {
    const person = await personWithRole(harness, 'homeowner');
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/get-all-users', headers: person.headers })).statusCode).toBe(403);
    const response = await call('PUT', '/api/admin/update-user-role', { userId: person.id, newRole: 'admin' });
    expect(response.json()).toEqual({ success: true });
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/get-all-users', headers: person.headers })).statusCode).toBe(200);
    const profile = await harness.app.inject({ method: 'GET', url: '/api/profile', headers: person.headers });
    expect(profile.json().profile.role).toBe('admin');
  });

  it('never lets admins demote themselves', async () => {
    for (const newRole of ['homeowner', 'contractor']) {
      const response = await call('PUT', '/api/admin/update-user-role', { userId: harness.admin.id, newRole });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, error: 'You cannot remove your own administrator role.' });
    }
    expect((await call('PUT', '/api/admin/update-user-role', { userId: harness.admin.id, newRole: 'admin' })).statusCode).toBe(200);
    const row = await harness.db.selectFrom('users').select('role').where('id', '=', harness.admin.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });

  it('refuses an unknown role or user', async () => {
    const person = await personWithRole(harness, 'homeowner');
    expect((await call('PUT', '/api/admin/update-user-role', { userId: person.id, newRole: 'owner' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/update-user-role', { newRole: 'admin' })).statusCode).toBe(400);
    const missing = await call('PUT', '/api/admin/update-user-role', { userId: randomUUID(), newRole: 'admin' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: 'User not found.' });
  });
});

describe('DELETE /api/admin/delete-user', () => {
  it('never deletes the admin’s own account', async () => {
    const response = await call('DELETE', '/api/admin/delete-user', { userId: harness.admin.id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, error: BACK_OFFICE_MESSAGES.cannotDeleteOwnAccount });
    expect(await harness.db.selectFrom('users').select('id').where('id', '=', harness.admin.id).executeTakeFirst()).toBeDefined();
  });

  it('deletes the user, their sessions and accounts, and anonymises their leads', async () => {
    const { db } = harness;
    const person = await personWithRole(harness, 'homeowner', 'leaving@example.com', 'Lee Leaving');
    const own = await insertLead(db, {
      user_id: person.id,
      name: 'Lee Leaving',
      email: 'leaving@example.com',
      phone: '508-555-0100',
      status: 'quoted',
    });
    const byEmail = await insertLead(db, { name: 'Lee L', email: 'leaving@example.com', phone: '508-555-0101' });
    const someoneElse = await insertLead(db, { name: 'Stay Put', email: 'stay@example.com', phone: '508-555-0102' });
    await db
      .insertInto('lead_status_changes')
      .values({ id: randomUUID(), lead_id: own, from_status: 'new', to_status: 'quoted', changed_by_user_id: person.id })
      .execute();
    await db.insertInto('feedback').values({ id: randomUUID(), lead_id: own, user_id: person.id, rating: 5, comment: 'Great' }).execute();

    const response = await call('DELETE', '/api/admin/delete-user', { userId: person.id });
    expect(response.json()).toEqual({ success: true });

    expect(await db.selectFrom('users').select('id').where('id', '=', person.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', person.id).execute()).toEqual([]);
    expect(await db.selectFrom('accounts').select('id').where('user_id', '=', person.id).execute()).toEqual([]);
    expect((await harness.app.inject({ method: 'GET', url: '/api/profile', headers: person.headers })).statusCode).toBe(401);

    const leads = await db
      .selectFrom('leads')
      .select(['id', 'user_id', 'name', 'email', 'phone', 'status'])
      .where('id', 'in', [own, byEmail, someoneElse])
      .execute();
    const byId = Object.fromEntries(leads.map((lead) => [lead.id, lead]));
    const placeholder = `deleted-user-${person.id}@anonymised.invalid`;
    expect(byId[own]).toEqual({ id: own, user_id: null, name: null, email: placeholder, phone: null, status: 'quoted' });
    expect(byId[byEmail]).toMatchObject({ name: null, email: placeholder, phone: null });
    expect(byId[someoneElse]).toMatchObject({ name: 'Stay Put', email: 'stay@example.com', phone: '508-555-0102' });
    // The history stays, without the link to the person.
    expect(await db.selectFrom('lead_status_changes').select('changed_by_user_id').where('lead_id', '=', own).execute()).toEqual([
      { changed_by_user_id: null },
    ]);
    expect(await db.selectFrom('feedback').select(['user_id', 'rating']).where('lead_id', '=', own).execute()).toEqual([
      { user_id: null, rating: 5 },
    ]);
  });

  it('answers 404 for an unknown user and 400 without one', async () => {
    expect((await call('DELETE', '/api/admin/delete-user', { userId: randomUUID() })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/delete-user', {})).statusCode).toBe(400);
  });
});
