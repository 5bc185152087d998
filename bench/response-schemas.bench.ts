// What the response schemas cost: serialising the largest answers we send (a full page of the admin's Leads
// tab and of the contractor's leads) through the route's zod schema (http/response-serializer.ts, as in
// production) against plain JSON.stringify of the same object, in the same run. Target: the schema adds at
// most 5 µs per row (1 ms to a full 200-row page of the Leads tab), small beside the 200 ms target of the
// list itself (admin-lists bench).
import { randomUUID } from 'node:crypto';
import { responseSerializer } from '#server/http/response-serializer';
import {
  ADMIN_LEAD_COLUMNS,
  adminLeadsResponseSchema,
  CONTRACTOR_LEAD_COLUMNS,
  contractorLeadsResponseSchema,
} from '#shared/lead-row.schema';
import { MAX_LEAD_PAGE_SIZE } from '#server/modules/admin/admin-leads.routes';

const TARGET_EXTRA_MS_PER_ROW = 0.005;
const ROUNDS = 400;

function leadColumns(index: number) {
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
    status: 'new' as const,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
    render_count: 2,
    social_engaged: false,
    is_repeat_visitor: true,
    probability_to_close_score: 41,
    intent_score: 72,
    lead_quality_score: 64,
    engagement_score: 55,
    lead_score: 63,
    image_url: `/api/uploads/${index}/image`,
    ai_url: `/api/renders/${index}/result`,
    assigned_contractor_id: null,
    timeline: '1-3 months',
    budget: '$25k - $50k',
    project_type: 'Kitchen remodel',
    contact_method: 'phone',
    notes: 'Wants an island and better light.',
    score_factors: {
      engagement: [{ label: 'Two renders', points: 12 }],
      intent: [{ label: 'Asked for a quote', points: 30 }],
      quality: [{ label: 'Phone given', points: 10 }],
      close: [{ label: 'Timeline 1-3 months', points: 8 }],
    },
  };
}

function timePerCall(fn: () => string) {
  for (let warm = 0; warm < 20; warm += 1) fn();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) fn();
  return (performance.now() - started) / ROUNDS;
}

function measure(name: string, rows: number, schema: Parameters<ReturnType<typeof responseSerializer>>[0]['schema'], body: object) {
  // Strict first: the bench's answers carry exactly the declared fields, so both sides do the same work.
  responseSerializer({ strict: true })({ schema, method: 'GET', url: name, httpStatus: '200' })(body);
  const serialize = responseSerializer({ strict: false })({ schema, method: 'GET', url: name, httpStatus: '200' });
  const withSchema = timePerCall(() => serialize(body));
  const plain = timePerCall(() => JSON.stringify(body));
  const extra = withSchema - plain;
  const target = TARGET_EXTRA_MS_PER_ROW * rows;
  const met = extra <= target;
  console.warn(
    `${name}: ${withSchema.toFixed(3)} ms with the schema, ${plain.toFixed(3)} ms JSON.stringify alone ` +
      `(${(withSchema / plain).toFixed(1)}×, +${extra.toFixed(3)} ms; target +${target.toFixed(1)} ms) ${met ? 'met' : 'NOT MET'}`,
  );
  return met;
}

/** A contractor's list has no pages; 1,000 leads is a busy contractor's year. */
const CONTRACTOR_LEADS = 1000;

/** One lead with only the columns a view shows, as the repository selects them. */
function pick(lead: ReturnType<typeof leadColumns>, columns: readonly string[]) {
  return Object.fromEntries(columns.map((column) => [column, lead[column as keyof typeof lead]]));
}

const adminPage = {
  success: true,
  leads: Array.from({ length: MAX_LEAD_PAGE_SIZE }, (_, index) => {
    const lead = leadColumns(index);
    return { ...pick(lead, ADMIN_LEAD_COLUMNS), score_factors: lead.score_factors, contractors: { name: 'Framingham Kitchens' } };
  }),
  // 100,000 leads: the count stops at its limit and says there are more (decision 073).
  total: 10_000,
  totalCapped: true,
  page: 1,
  pageSize: MAX_LEAD_PAGE_SIZE,
};
const contractorPage = {
  success: true,
  contractor: {
    id: randomUUID(),
    name: 'Framingham Kitchens',
    email: 'pro@example.com',
    subscription_tier: 'premium',
    serves_all_zipcodes: false,
  },
  leads: Array.from({ length: CONTRACTOR_LEADS }, (_, index) => {
    const lead = leadColumns(index);
    const { score_factors, image_url, ai_url, created_at } = lead;
    return {
      ...pick(lead, CONTRACTOR_LEAD_COLUMNS),
      assigned_at: created_at,
      respond_by: created_at,
      overdue: index % 10 === 0,
      exclusive: index % 4 === 0,
      price_cents: 4500,
      status_notes: index % 3 === 0 ? [{ status: 'contacted', note: 'Left a voicemail', at: created_at }] : [],
      dispute: null,
      score_factors,
      image_url,
      ai_url,
      ai_label: 'Offline preview',
    };
  }),
  stats: { totalLeads: CONTRACTOR_LEADS, highValueLeads: 300, recentLeads: 40, avgLeadScore: 61 },
  assignedZipCodes: ['01701', '01702'],
};
const results = [
  measure(`GET /api/admin/get-all-leads (${MAX_LEAD_PAGE_SIZE} rows)`, MAX_LEAD_PAGE_SIZE, adminLeadsResponseSchema, adminPage),
  measure(`GET /api/contractor/leads (${CONTRACTOR_LEADS} rows)`, CONTRACTOR_LEADS, contractorLeadsResponseSchema, contractorPage),
];
process.exit(results.every(Boolean) ? 0 : 1);
