// Lists of leads, each with the columns of its view (src/shared/lead-row.schema.ts): the admin's table
// (one page in the date window, filtered, searched and sorted, with the assigned contractor's name and
// the count of the matches up to 10,000; a page stays fast at 100,000 leads), its rows for the CSV export
// (lead-export.ts walks them), the contractor's own leads, and the counts of the admin's home-page section.
import type { LeadStatus } from '#shared/constants';
import { ADMIN_LEAD_COLUMNS, CONTRACTOR_LEAD_COLUMNS, type AdminLeadRow, type ContractorLeadRow } from '#shared/lead-row.schema';
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import { afterImageLabel } from '#shared/render-credit';
import { creditOf } from '#server/modules/renders/render-credit';
import type { DateWindow } from '#server/http/date-window';
import { explainLeadScores } from '#server/modules/scoring/score-explanations';
import { EMPTY_SCORE_FACTORS } from '#shared/lead-score-factors';
import { withinWindow } from '#server/db/sql-dialect';
import { leadSearchCondition, type LeadSearchCondition } from './lead-search';

export const LEAD_SORTS = ['created_at', 'probability_to_close_score', 'lead_score'] as const;
export type LeadListQuery = {
  window: DateWindow;
  page: number;
  pageSize: number;
  search?: string;
  status?: LeadStatus;
  sort: (typeof LEAD_SORTS)[number];
  order: 'asc' | 'desc';
};

/** The admin table's columns (src/shared/lead-row.schema.ts), qualified for the join. */
const ADMIN_FIELDS = ADMIN_LEAD_COLUMNS.map((column) => `leads.${column}` as const);

export type LeadFilters = Omit<LeadListQuery, 'page' | 'pageSize'>;

function matchingLeads(db: Db, query: LeadFilters, search: LeadSearchCondition | undefined) {
  return db
    .selectFrom('leads')
    .$call(withinWindow('leads.created_at', query.window))
    .$if(query.status !== undefined, (qb) => qb.where('leads.status', '=', query.status!))
    .$if(search !== undefined, (qb) => qb.where(search!));
}

/**
 * A list's count stops past this many leads, or past the page asked for if that lies further: "more than 10,000
 * leads" is all the table needs to say, and counting a term most leads contain (a mail domain) read every match,
 * about a second at 1,000,000 leads (issue 22).
 */
export const LEAD_COUNT_LIMIT = 10_000;

export type LeadPage = { leads: AdminLeadRow[]; total: number; totalCapped: boolean };

export async function findLeadPage(db: Db, query: LeadListQuery): Promise<LeadPage> {
  // The page and the total as two queries: the page walks its sort's index and stops after `pageSize`
  // rows, and the count stops one past its limit. (One query with count(*) over () made the database
  // build every matching row, joined, before the limit: 190 ms for page 1 of 100,000 leads on SQLite.)
  const countUpTo = Math.max(LEAD_COUNT_LIMIT, query.page * query.pageSize);
  const search = await searchCondition(db, query);
  const [rows, counted] = await Promise.all([
    leadPageQuery(db, query, search).execute(),
    db
      .selectFrom(
        matchingLeads(db, query, search)
          .select(sql<number>`1`.as('one'))
          .limit(countUpTo + 1)
          .as('matching'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  // The explanations are worked out for the page's leads only, a handful of queries for the whole page.
  const factors = await explainLeadScores(
    db,
    rows.map((row) => row.id),
  );
  const leads = rows.map((row) => ({ ...toListedLead(row), score_factors: factors.get(row.id) ?? EMPTY_SCORE_FACTORS }));
  const total = Number(counted.count);
  return { leads, total: Math.min(total, countUpTo), totalCapped: total > countUpTo };
}

/**
 * One page of the list: the page's leads are picked by their sort value and id alone, then only their rows are read
 * and joined (decision 074). PostgreSQL sorts every match for a list by a score (no index covers one, decision 032):
 * page 1,000 of 100,000 leads sorted whole joined rows, 12 MB through disk, where the ids and scores alone take 5 MB.
 * On SQLite the pick walks the sort's index (sort value and id) alone, without reading the rows it skips.
 */
function leadPageQuery(db: Db, query: LeadListQuery, search: LeadSearchCondition | undefined) {
  const pageIds = matchingLeads(db, query, search)
    .select('leads.id')
    // The list's order (listedRows): its sort column, then the id, so equal values keep one order across pages.
    .orderBy(`leads.${query.sort}`, query.order)
    .orderBy('leads.id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return listedRows(db.selectFrom('leads').where('leads.id', 'in', pageIds), query);
}

/** A row of the admin's table before its scores are explained. */
export type ListedLead = Omit<AdminLeadRow, 'score_factors'>;

/** The list's search as a condition on `leads`, if it has one (lead-search.ts: how depends on the term). */
export async function searchCondition(db: Db, query: LeadFilters) {
  const term = query.search?.trim();
  return term ? leadSearchCondition(db, term) : undefined;
}

/** Every matching lead in the list's order, with its contractor's name: one query, to be limited, or walked (lead-export.ts). */
export function listedLeadsQuery(db: Db, query: LeadFilters, search: LeadSearchCondition | undefined) {
  return listedRows(matchingLeads(db, query, search), query);
}

/** The admin table's columns of `leads`, with the assigned contractor's name, in the list's order. */
function listedRows(leads: ReturnType<typeof matchingLeads>, query: LeadFilters) {
  return leads
    .leftJoin('contractors', 'contractors.id', 'leads.assigned_contractor_id')
    .select([...ADMIN_FIELDS, 'contractors.name as contractor_name'])
    .orderBy(`leads.${query.sort}`, query.order)
    .orderBy('leads.id', query.order);
}

type ListedLeadRow = Awaited<ReturnType<ReturnType<typeof listedLeadsQuery>['execute']>>[number];

export function toListedLead({ contractor_name, ...lead }: ListedLeadRow): ListedLead {
  return { ...lead, contractors: contractor_name === null ? null : { name: contractor_name } };
}

/** The leads assigned to one contractor, newest first, with the contractor's own links to their images. */
export async function findContractorLeads(db: Db, contractor: { id: string; userId: string }, now: Date): Promise<ContractorLeadRow[]> {
  const contractorId = contractor.id;
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('leads', 'leads.id', 'assignments.lead_id')
    .leftJoin('lead_disputes', 'lead_disputes.assignment_id', 'assignments.id')
    .leftJoin('renders', 'renders.id', 'leads.render_id')
    .select([
      ...CONTRACTOR_LEAD_COLUMNS.map((column) => `leads.${column}` as const),
      'leads.render_id',
      'renders.provider as render_provider',
      'renders.model as render_model',
      'renders.fallback_reason as render_fallback_reason',
      'assignments.assigned_at',
      'assignments.respond_by',
      'assignments.contractor_responded',
      'assignments.exclusive',
      'assignments.price_cents',
      'lead_disputes.status as dispute_status',
      'lead_disputes.reason as dispute_reason',
    ])
    .where('assignments.contractor_id', '=', contractorId)
    // A lead reassigned after its deadline is no longer theirs.
    .where('assignments.state', '=', 'active')
    .orderBy('leads.created_at', 'desc')
    .execute();
  const ids = rows.map((row) => row.id);
  const [notes, factors] = await Promise.all([findStatusNotes(db, ids, contractor.userId), explainLeadScores(db, ids)]);
  // Each row is written out field by field, not spread from the row read: spread from a copy of the database's row,
  // nearly every one of 1,000 rows had a shape of its own, and the response schema's check of the list took three
  // times as long, more than JSON itself (decision 081).
  const nowIso = now.toISOString();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    zip: row.zip,
    room_type: row.room_type,
    style: row.style,
    wants_quote: row.wants_quote,
    status: row.status,
    created_at: row.created_at,
    lead_score: row.lead_score,
    probability_to_close_score: row.probability_to_close_score,
    timeline: row.timeline,
    budget: row.budget,
    project_type: row.project_type,
    contact_method: row.contact_method,
    notes: row.notes,
    email_confirmed: row.email_confirmed,
    assigned_at: row.assigned_at,
    respond_by: row.respond_by,
    exclusive: row.exclusive,
    price_cents: row.price_cents,
    status_notes: notes.get(row.id) ?? [],
    overdue: !row.contractor_responded && row.respond_by !== null && row.respond_by < nowIso,
    dispute: row.dispute_status && row.dispute_reason ? { status: row.dispute_status, reason: row.dispute_reason } : null,
    score_factors: factors.get(row.id) ?? EMPTY_SCORE_FACTORS,
    image_url: row.render_id ? `/api/contractor/leads/${row.id}/before` : null,
    ai_url: row.render_id ? `/api/contractor/leads/${row.id}/after` : null,
    ai_label: afterImageLabel(
      creditOf({ provider: row.render_provider, model: row.render_model, fallback_reason: row.render_fallback_reason }),
    ),
  }));
}

/** Leads created since an instant, and leads still new and unassigned (the admin's home-page section). */
export async function countLeadsForHome(db: Db, since: string): Promise<{ newLeads: number; awaitingAssignment: number }> {
  const [created, waiting] = await Promise.all([
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'new')
      .where('assigned_contractor_id', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { newLeads: Number(created.count), awaitingAssignment: Number(waiting.count) };
}

/** The storage keys of a lead's before and after images, when the lead is assigned to this contractor. */
export async function findContractorLeadImages(db: Db, contractorId: string, leadId: string) {
  return db
    .selectFrom('assignments')
    .innerJoin('leads', 'leads.id', 'assignments.lead_id')
    .innerJoin('renders', 'renders.id', 'leads.render_id')
    .innerJoin('uploads', 'uploads.id', 'renders.upload_id')
    .select(['uploads.storage_key as before', 'renders.result_key as after'])
    .where('assignments.contractor_id', '=', contractorId)
    .where('assignments.state', '=', 'active')
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
}

/** The notes this contractor left with their status changes, per lead, newest first (other people's notes stay private). */
async function findStatusNotes(db: Db, leadIds: string[], userId: string) {
  const byLead = new Map<string, Array<{ status: LeadStatus; note: string; at: string }>>();
  if (leadIds.length === 0) return byLead;
  const rows = await db
    .selectFrom('lead_status_changes')
    .select(['lead_id', 'to_status', 'note', 'created_at'])
    .where('lead_id', 'in', leadIds)
    .where('changed_by_user_id', '=', userId)
    .where('note', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows)
    byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), { status: row.to_status, note: row.note!, at: row.created_at }]);
  return byLead;
}
