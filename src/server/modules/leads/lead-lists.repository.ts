// Lists of leads, each with the columns of its view (src/shared/lead-row.schema.ts): the admin's table
// (one page in the date window, filtered, searched and sorted, with the assigned contractor's name and
// the count of all that match; each sort has an index, so a page stays fast at 100,000 leads), the
// contractor's own leads, and the counts of the admin's home-page section.
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

type LeadFilters = Omit<LeadListQuery, 'page' | 'pageSize'>;

/** The list's search as a condition on `leads`, if it has one (lead-search.ts: how depends on the term). */
async function searchCondition(db: Db, query: LeadFilters) {
  const term = query.search?.trim();
  return term ? leadSearchCondition(db, term) : undefined;
}

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
  // rows, and the count reads only the date index. (One query with count(*) over () made the database
  // build every matching row, joined, before the limit: 190 ms for page 1 of 100,000 leads on SQLite.)
  const countUpTo = Math.max(LEAD_COUNT_LIMIT, query.page * query.pageSize);
  const search = await searchCondition(db, query);
  const [page, counted] = await Promise.all([
    leadRows(db, query, search, query.pageSize, { offset: (query.page - 1) * query.pageSize }),
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
    page.leads.map((lead) => lead.id),
  );
  const leads = page.leads.map((lead) => ({ ...lead, score_factors: factors.get(lead.id) ?? EMPTY_SCORE_FACTORS }));
  const total = Number(counted.count);
  return { leads, total: Math.min(total, countUpTo), totalCapped: total > countUpTo };
}

/**
 * Every lead the list's filters match, in its order, `batch` at a time (the CSV export, which has no use for the
 * scores' explanations, so they are not worked out). Each batch starts after
 * the last row of the one before (a keyset on the sort and the id): an offset would read every earlier row again
 * for each batch (an export of 200,000 leads took minutes) and would repeat or skip rows when a lead arrives while
 * the export runs.
 */
export async function* allMatchingLeads(db: Db, query: LeadFilters, batch: number) {
  const search = await searchCondition(db, query);
  let after: Cursor | undefined;
  do {
    const { leads, last } = await leadRows(db, query, search, batch, { after });
    if (leads.length) yield leads;
    after = leads.length === batch ? last : undefined;
  } while (after);
}

/** Where a row stands in a list: its sort column's value exactly as stored, and its id. */
type Cursor = { key: string | number; id: string };

/** A row of the admin's table before its scores are explained. */
type ListedLead = Omit<AdminLeadRow, 'score_factors'>;

/**
 * Up to `limit` matching leads in the list's order, with their contractor: past `offset` rows, or after the row
 * at `after`. `last` is where the last of them stands.
 */
async function leadRows(
  db: Db,
  query: LeadFilters,
  search: LeadSearchCondition | undefined,
  limit: number,
  start: { offset?: number; after?: Cursor },
): Promise<{ leads: ListedLead[]; last?: Cursor }> {
  const { offset, after } = start;
  const sortColumn = `leads.${query.sort}` as const;
  // A timestamp read back as a JavaScript date loses PostgreSQL's microseconds, and a cursor that lost them would
  // skip the rows between; as text it is exact on both databases.
  const sortKey =
    query.sort === 'created_at' ? sql<string | number>`cast(${sql.ref(sortColumn)} as text)` : sql<string | number>`${sql.ref(sortColumn)}`;
  const rows = await matchingLeads(db, query, search)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) => eb(eb.refTuple(sortColumn, 'leads.id'), query.order === 'desc' ? '<' : '>', eb.tuple(after!.key, after!.id))),
    )
    .leftJoin('contractors', 'contractors.id', 'leads.assigned_contractor_id')
    .select([...ADMIN_FIELDS, 'contractors.name as contractor_name', sortKey.as('sort_key')])
    .orderBy(sortColumn, query.order)
    .orderBy('leads.id', query.order)
    .limit(limit)
    .$if(Boolean(offset), (qb) => qb.offset(offset!))
    .execute();
  const leads = rows.map(({ contractor_name, sort_key: _, ...lead }) => ({
    ...lead,
    contractors: contractor_name === null ? null : { name: contractor_name },
  }));
  const final = rows.at(-1);
  return { leads, last: final && { key: final.sort_key, id: final.id } };
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
  return rows.map(
    ({
      render_id,
      render_provider,
      render_model,
      render_fallback_reason,
      contractor_responded,
      dispute_status,
      dispute_reason,
      ...lead
    }) => ({
      ...lead,
      status_notes: notes.get(lead.id) ?? [],
      overdue: !contractor_responded && lead.respond_by !== null && lead.respond_by < now.toISOString(),
      dispute: dispute_status && dispute_reason ? { status: dispute_status, reason: dispute_reason } : null,
      score_factors: factors.get(lead.id) ?? EMPTY_SCORE_FACTORS,
      image_url: render_id ? `/api/contractor/leads/${lead.id}/before` : null,
      ai_url: render_id ? `/api/contractor/leads/${lead.id}/after` : null,
      ai_label: afterImageLabel(creditOf({ provider: render_provider, model: render_model, fallback_reason: render_fallback_reason })),
    }),
  );
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
