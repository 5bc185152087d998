// The admin leads table's query: one page of leads in the date window, filtered, searched and sorted,
// with the assigned contractor's name, plus the count of all that match. Each sort has an index
// (created_at, either score; id breaks ties), so a page stays fast at 100,000 leads.
import type { LeadStatus } from '#shared/constants';
import type { Db } from '#server/db/database';
import type { DateWindow } from '#server/http/date-window';
import { parseScoreFactors } from '#server/modules/scoring/score-factors-column';
import { containsInsensitive, withinWindow } from '#server/db/sql-dialect';

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

/** The lead as seed 001 §3 lists it. */
const LEAD_FIELDS = [
  'leads.id',
  'leads.name',
  'leads.email',
  'leads.phone',
  'leads.zip',
  'leads.room_type',
  'leads.style',
  'leads.wants_quote',
  'leads.status',
  'leads.created_at',
  'leads.render_count',
  'leads.social_engaged',
  'leads.is_repeat_visitor',
  'leads.probability_to_close_score',
  'leads.intent_score',
  'leads.lead_quality_score',
  'leads.engagement_score',
  'leads.lead_score',
  'leads.image_url',
  'leads.ai_url',
  'leads.assigned_contractor_id',
  'leads.score_factors',
  'leads.email_confirmed',
] as const;

function matchingLeads(db: Db, query: LeadListQuery) {
  const search = query.search?.trim();
  return db
    .selectFrom('leads')
    .$call(withinWindow('leads.created_at', query.window))
    .$if(query.status !== undefined, (qb) => qb.where('leads.status', '=', query.status!))
    .$if(Boolean(search), (qb) =>
      qb.where((eb) => eb.or(['leads.email', 'leads.name', 'leads.zip', 'leads.style'].map((column) => containsInsensitive(db, column, search!)))),
    );
}

export async function findLeadPage(db: Db, query: LeadListQuery) {
  // The page and the total as two queries: the page walks its sort's index and stops after `pageSize`
  // rows, and the count reads only the date index. (One query with count(*) over () made the database
  // build every matching row, joined, before the limit: 190 ms for page 1 of 100,000 leads on SQLite.)
  const [rows, counted] = await Promise.all([
    matchingLeads(db, query)
      .leftJoin('contractors', 'contractors.id', 'leads.assigned_contractor_id')
      .select([...LEAD_FIELDS, 'contractors.name as contractor_name'])
      .orderBy(`leads.${query.sort}`, query.order)
      .orderBy('leads.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matchingLeads(db, query)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  // The explanations ride along in the same row (a JSON column), parsed here: no query per lead.
  const leads = rows.map(({ contractor_name, score_factors, ...lead }) => ({
    ...lead,
    score_factors: parseScoreFactors(score_factors),
    contractors: contractor_name === null ? null : { name: contractor_name },
  }));
  return { leads, total: Number(counted.count) };
}
