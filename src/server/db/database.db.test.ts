import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import type { Db } from './database';

let harness: TestApp;
let db: Db;
beforeAll(async () => {
  harness = await createTestApp();
  db = harness.app.database.db;
});
afterAll(() => harness.close());

describe('the schema', () => {
  it('has a table for every entity of both seeds', async () => {
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'accounts',
        'verifications',
        'user_events',
        'service_area_zips',
        'uploads',
        'renders',
        'leads',
        'lead_status_changes',
        'contractors',
        'contractor_zip_codes',
        'assignments',
        'feedback',
        'feed_likes',
        'mail_outbox',
      ]),
    );
  });

  it('stores every back-office lead field and reads booleans, numbers and timestamps the same on both engines', async () => {
    const id = randomUUID();
    const createdAt = '2026-11-01T12:30:00.000Z';
    await db
      .insertInto('leads')
      .values({
        id,
        email: 'lead@example.com',
        zip: '01701',
        room_type: 'kitchen',
        style: 'Farmhouse Chic',
        wants_quote: true,
        intent_score: 72,
        created_at: createdAt,
      })
      .execute();
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      wants_quote: true,
      subscribe: false,
      social_engaged: false,
      is_repeat_visitor: false,
      status: 'new',
      intent_score: 72,
      probability_to_close_score: 0,
      lead_score: 0,
      created_at: createdAt,
      assigned_contractor_id: null,
    });
    expect(lead.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const found = await db
      .selectFrom('leads')
      .select('id')
      .where('wants_quote', '=', true)
      .where('created_at', '>=', '2026-10-31T00:00:00.000Z')
      .execute();
    expect(found.map((row) => row.id)).toContain(id);
    const { count } = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(typeof count).toBe('number');
  });

  it('enforces the seed value lists and ranges in the database itself', async () => {
    const insert = (values: Record<string, unknown>) =>
      db
        .insertInto('leads')
        .values({ id: randomUUID(), email: 'x@example.com', zip: '01701', ...values })
        .execute();
    await expect(insert({ status: 'bogus' })).rejects.toThrow();
    await expect(insert({ intent_score: 101 })).rejects.toThrow();
    await expect(insert({ zip: '123' })).rejects.toThrow();
    await expect(db.insertInto('feedback').values({ id: randomUUID(), rating: 6 }).execute()).rejects.toThrow();
  });

  it('keeps foreign keys: an assignment needs a real lead and contractor', async () => {
    await expect(
      db
        .insertInto('assignments')
        .values({ id: randomUUID(), lead_id: 'missing', contractor_id: 'missing', assignment_method: 'manual' })
        .execute(),
    ).rejects.toThrow();
  });

  it('stores money with cents', async () => {
    const id = randomUUID();
    await db.insertInto('contractors').values({ id, name: 'Acme Kitchens', email: 'acme@example.com', price_per_lead: 37.5 }).execute();
    const contractor = await db.selectFrom('contractors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(contractor).toMatchObject({
      price_per_lead: 37.5,
      monthly_subscription_fee: 99,
      subscription_tier: 'basic',
      is_active_subscriber: false,
    });
  });

  it('runs in WAL mode with foreign keys on when on SQLite', async () => {
    if (harness.app.database.kind !== 'sqlite') return;
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(journal.rows[0].journal_mode).toBe('wal');
    const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(keys.rows[0].foreign_keys).toBe(1);
  });
});
