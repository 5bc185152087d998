// What the response schemas cost: serialising the largest answers we send (a full page of the admin's Leads
// tab and a busy contractor's leads) through the route's zod schema (http/response-serializer.ts, as in
// production) against plain JSON.stringify of the same object, in the same run. Target: the schema's work is at
// most JSON's own, so serialising through it takes at most twice as long as JSON.stringify alone, on a slow machine
// as on a quiet one (decision 081). On the quiet machine of 2026-11-28 that is about 2.5 µs a row, small beside the
// 200 ms target of the list itself (admin-lists bench).
//
// The rows come from the repositories themselves, read from a seeded SQLite database, because the schema's
// cost depends on how the row objects were built: the same data built another way parsed up to four times
// slower or faster (decision 081).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Db } from '#server/db/database';
import { responseSerializer } from '#server/http/response-serializer';
import { MAX_LEAD_PAGE_SIZE } from '#server/modules/admin/admin-leads.routes';
import { findContractorLeads, findLeadPage } from '#server/modules/leads/lead-lists.repository';
import { adminLeadsResponseSchema, contractorLeadsResponseSchema } from '#shared/lead-row.schema';

/** Serialising through the schema against JSON.stringify alone. */
const TARGET_RATIO = 2;
const ROUNDS = 400;
/** A contractor's list has no pages; 1,000 leads is a busy contractor's year. */
const CONTRACTOR_LEADS = 1000;

/**
 * Both ways in turn, round by round, each round's time kept: the median of each then compares the two under the same
 * load. Timed as two blocks one after the other, the machine's speed drifted between them by more than the schema's
 * cost (the same build read +1.5 to +6 ms on the contractor list).
 */
function medianTimes(withSchema: () => string, plain: () => string) {
  for (let warm = 0; warm < 20; warm += 1) {
    withSchema();
    plain();
  }
  const times = { withSchema: [] as number[], plain: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    let started = performance.now();
    withSchema();
    times.withSchema.push(performance.now() - started);
    started = performance.now();
    plain();
    times.plain.push(performance.now() - started);
  }
  const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1];
  return { withSchema: median(times.withSchema), plain: median(times.plain) };
}

function measure(name: string, schema: Parameters<ReturnType<typeof responseSerializer>>[0]['schema'], body: object) {
  // Strict first: the answers carry exactly the declared fields, so both sides do the same work.
  responseSerializer({ strict: true })({ schema, method: 'GET', url: name, httpStatus: '200' })(body);
  const serialize = responseSerializer({ strict: false })({ schema, method: 'GET', url: name, httpStatus: '200' });
  const { withSchema, plain } = medianTimes(
    () => serialize(body),
    () => JSON.stringify(body),
  );
  const ratio = withSchema / plain;
  const met = ratio <= TARGET_RATIO;
  console.warn(
    `${name}: ${withSchema.toFixed(3)} ms with the schema, ${plain.toFixed(3)} ms JSON.stringify alone, medians ` +
      `(${ratio.toFixed(2)}×, +${(withSchema - plain).toFixed(3)} ms; target ≤ ${TARGET_RATIO}×) ${met ? 'met' : 'NOT MET'}`,
  );
  return met;
}

/** One contractor with a year of quote requests assigned, a third of them with a note left on a status change. */
async function seed(db: Db) {
  const userId = randomUUID();
  await db.insertInto('users').values({ id: userId, email: 'pro@example.com', name: 'Framingham Kitchens', role: 'contractor' }).execute();
  const contractor = { id: randomUUID(), userId };
  await db
    .insertInto('contractors')
    .values({ id: contractor.id, user_id: userId, name: 'Framingham Kitchens', email: 'pro@example.com', subscription_tier: 'premium' })
    .execute();
  const leads = Array.from({ length: CONTRACTOR_LEADS }, (_, index) => {
    const created = new Date(Date.UTC(2026, 0, 1, 0, index * 500)).toISOString();
    return {
      id: randomUUID(),
      name: `Homeowner ${index}`,
      email: `homeowner${index}@example.com`,
      email_confirmed: index % 2 === 0,
      phone: '508-555-0100',
      zip: '01701',
      room_type: 'kitchen',
      style: 'Modern Farmhouse',
      wants_quote: true,
      status: index % 3 === 0 ? ('contacted' as const) : ('new' as const),
      render_count: 1 + (index % 3),
      probability_to_close_score: index % 101,
      intent_score: (index * 7) % 101,
      lead_quality_score: (index * 13) % 101,
      engagement_score: (index * 17) % 101,
      lead_score: (index * 31) % 101,
      assigned_contractor_id: contractor.id,
      timeline: '1-3 months',
      budget: '$25k - $50k',
      project_type: 'Kitchen remodel',
      contact_method: 'phone',
      notes: index % 2 === 0 ? 'Wants an island and better light.' : null,
      quote_requested_at: created,
      created_at: created,
      updated_at: created,
    };
  });
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('leads').values(leads).execute();
    await trx
      .insertInto('assignments')
      .values(
        leads.map((lead, index) => ({
          id: randomUUID(),
          lead_id: lead.id,
          contractor_id: contractor.id,
          assignment_method: 'manual' as const,
          assigned_at: lead.created_at,
          respond_by: lead.created_at,
          contractor_responded: lead.status === 'contacted',
          exclusive: index % 4 === 0,
          price_cents: 4500,
        })),
      )
      .execute();
    const noted = leads.filter((lead) => lead.status === 'contacted');
    await trx
      .insertInto('lead_status_changes')
      .values(
        noted.map((lead) => ({
          id: randomUUID(),
          lead_id: lead.id,
          from_status: 'new' as const,
          to_status: 'contacted' as const,
          changed_by_user_id: userId,
          note: 'Left a voicemail',
          created_at: lead.created_at,
        })),
      )
      .execute();
  });
  return contractor;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'mw-bench-schemas-'));
const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), { startWorker: false });
let met: boolean;
try {
  const { db } = app.database;
  const contractor = await seed(db);
  const page = await findLeadPage(db, {
    window: { from: null, before: null },
    page: 1,
    pageSize: MAX_LEAD_PAGE_SIZE,
    sort: 'created_at',
    order: 'desc',
  });
  const leads = await findContractorLeads(db, contractor, new Date(Date.UTC(2026, 11, 1)));
  // The pages as the routes wrap the rows (admin-leads.routes.ts, contractor-leads.routes.ts).
  const adminPage = { success: true, ...page, page: 1, pageSize: MAX_LEAD_PAGE_SIZE };
  const contractorPage = {
    success: true,
    contractor: {
      id: contractor.id,
      name: 'Framingham Kitchens',
      email: 'pro@example.com',
      subscription_tier: 'premium',
      serves_all_zipcodes: false,
    },
    leads,
    stats: { totalLeads: leads.length, highValueLeads: 300, recentLeads: 40, avgLeadScore: 61 },
    assignedZipCodes: ['01701', '01702'],
  };
  const results = [
    measure(`GET /api/admin/get-all-leads (${page.leads.length} rows)`, adminLeadsResponseSchema, adminPage),
    measure(`GET /api/contractor/leads (${leads.length} rows)`, contractorLeadsResponseSchema, contractorPage),
  ];
  met = results.every(Boolean);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(met ? 0 : 1);
