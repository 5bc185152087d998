// The System status tab's calls and the leads CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_COUNT_LIMIT } from '#server/modules/leads/lead-lists.repository';
import { allMatchingLeads } from '#server/modules/leads/lead-export';
import { createBackOfficeApp, insertLead, personWithRole, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const send = (method: 'GET' | 'POST', url: string) => harness.app.inject({ method, url, headers: harness.admin.headers });

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

describe('system status', () => {
  it('reports database, storage, mail, queue and each engine, for admins only', async () => {
    const response = await send('GET', '/api/admin/system-status');
    expect(response.statusCode).toBe(200);
    const status = response.json();
    expect(status.database).toMatchObject({ kind: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite', reachable: true });
    expect(status.storage).toMatchObject({ healthy: true });
    expect(status.mail).toMatchObject({ transport: expect.any(String), pending: expect.any(Number), failed: expect.any(Number) });
    expect(status.queue).toMatchObject({ healthy: true, waiting: expect.any(Number) });
    expect(status.engines.map((engine: { engine: string }) => engine.engine)).toEqual([
      'structural-design-ai',
      'architectural-vision-engine',
    ]);
    expect(status.engines[0]).toMatchObject({ provider: expect.any(String), configured: true, reachable: true, failedLast24h: 0 });

    const homeowner = await personWithRole(harness, 'homeowner');
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/system-status', headers: homeowner.headers })).statusCode).toBe(403);
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/system-status' })).statusCode).toBe(401);
  });

  it('never shows a secret value', async () => {
    const text = (await send('GET', '/api/admin/system-status')).body;
    expect(text).not.toContain(harness.config.authSecret);
    if (harness.config.admin) expect(text).not.toContain(harness.config.admin.password);
  });

  it('queues a test email to the signed-in admin', async () => {
    const response = await send('POST', '/api/admin/system-status/test-email');
    expect(response.json()).toMatchObject({ success: true, message: `A test email is on its way to ${harness.admin.email}.` });
    const mail = await harness.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind'])
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ to_address: harness.admin.email, kind: 'system-test' });
  });
});

/** `count` leads whose ids and emails carry `tag`, 2,000 to an INSERT statement. */
async function insertTaggedLeads(tag: string, count: number, leadScore: (index: number) => number = () => 0) {
  for (let start = 0; start < count; start += 2000) {
    const indexes = Array.from({ length: Math.min(2000, count - start) }, (_, offset) => start + offset);
    const leads = indexes.map((index) => ({
      id: `${tag}-${index}`,
      email: `${tag}-${index}@example.com`,
      zip: '01701',
      lead_score: leadScore(index),
    }));
    await harness.db.insertInto('leads').values(leads).execute();
  }
}

describe('leads CSV export', () => {
  it('exports every matching lead with the filters of the list, quoting safely', async () => {
    const tag = `csv${Date.now()}`;
    await insertLead(harness.db, { email: `${tag}-a@example.com`, name: '=cmd|evil', lead_score: 90 });
    await insertLead(harness.db, { email: `${tag}-b@example.com`, name: 'Smith, Jane "JJ"', lead_score: 40 });
    const response = await send('GET', `/api/admin/export-leads?search=${tag}&sort=lead_score&order=desc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,name,email,phone,zip,room_type/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=cmd|evil,${tag}-a@example.com`);
    expect(lines[2]).toContain(`"Smith, Jane ""JJ""",${tag}-b@example.com`);
  });

  it("exports each lead once, in the list's order, across batches of leads that tie on the sort", async () => {
    // 1,203 leads inserted in one statement: on PostgreSQL they share one transaction time to the microsecond,
    // which a millisecond timestamp cannot tell apart, and every lead score is the same. The batches must still
    // follow on exactly (by the id where the sort ties).
    const tag = `bulk${Date.now()}`;
    await insertTaggedLeads(tag, 1203);
    for (const order of ['created_at&order=asc', 'lead_score&order=desc']) {
      const body = (await send('GET', `/api/admin/export-leads?search=${tag}&sort=${order}`)).body;
      const ids = body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(ids).toHaveLength(1203);
      expect(new Set(ids).size).toBe(1203);
      const direction = order.endsWith('asc') ? 1 : -1;
      expect(ids).toEqual([...ids].sort((a, b) => direction * (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('counts a search up to 10,000 leads, or to the page asked for, and exports every match', async () => {
    const tag = `many${Date.now()}`;
    const count = LEAD_COUNT_LIMIT + 1;
    await insertTaggedLeads(tag, count, (index) => index % 100);
    const list = (query: string) => send('GET', `/api/admin/get-all-leads?search=${tag}&${query}`).then((response) => response.json());
    const first = await list('pageSize=50');
    expect(first).toMatchObject({ total: LEAD_COUNT_LIMIT, totalCapped: true });
    expect(first.leads).toHaveLength(50);
    // The page past the limit: the count reaches it and finds how many there are.
    const last = await list('pageSize=50&page=201');
    expect(last).toMatchObject({ total: count, totalCapped: false });
    expect(last.leads).toHaveLength(1);

    const body = (await send('GET', `/api/admin/export-leads?search=${tag}&sort=lead_score&order=desc`)).body;
    const rows = body.trimEnd().split('\r\n').slice(1);
    expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(count);
    const scores = rows.map((line) => Number(line.split(',')[10]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('gives its database connection back when an export stops part way', async () => {
    // More exports stopped after their first batch than PostgreSQL's pool has connections (10): one kept would
    // leave the last of them waiting for a connection for ever.
    const tag = `stop${Date.now()}`;
    await insertTaggedLeads(tag, 30);
    const query = { window: { from: null, before: null }, search: tag, sort: 'lead_score', order: 'desc' } as const;
    for (let export_ = 0; export_ < 12; export_ += 1) {
      const batches = allMatchingLeads(harness.db, query, 10);
      expect((await batches.next()).value).toHaveLength(10);
      await batches.return(undefined);
    }
    expect(await harness.db.selectFrom('leads').select('id').where('id', 'like', `${tag}-%`).execute()).toHaveLength(30);
  });

  it('rejects bad filters and non-admins', async () => {
    expect((await send('GET', '/api/admin/export-leads?sort=name')).statusCode).toBe(400);
    expect((await harness.app.inject({ method: 'GET', url: '/api/admin/export-leads' })).statusCode).toBe(401);
  });
});
