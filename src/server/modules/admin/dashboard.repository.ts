// The figures of the admin dashboard (seed 001 §3 "Dashboard summary", §4 "Funnel"), each one aggregate
// query over the date window: leads and users by creation time, contractors as they stand now, and the
// site activity recorded in user_events.
import { LEAD_STATUSES, ROLES, type LeadStatus, type Role } from '#shared/constants';
import type { Db } from '#server/db/database';
import { massachusettsDay, type DateWindow } from '#server/http/date-window';
import { jsonNumber, utcHour, withinWindow } from '#server/db/sql-dialect';

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole) : 0);

export async function leadStatusCounts(db: Db, window: DateWindow) {
  const rows = await db
    .selectFrom('leads')
    .$call(withinWindow('leads.created_at', window))
    .select((eb) => ['status', eb.fn.countAll<number>().as('count'), eb.fn.avg<number>('probability_to_close_score').as('avg_probability')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  let total = 0;
  let probabilitySum = 0;
  for (const row of rows) {
    const count = Number(row.count);
    counts[row.status] = count;
    total += count;
    probabilitySum += Number(row.avg_probability ?? 0) * count;
  }
  return { counts, total, avgProbability: total > 0 ? round(probabilitySum / total, 1) : 0 };
}

/**
 * The funnel's rates. The pipeline is new → assigned → contacted → quoted → converted; dead and
 * unqualified leave it, so they count in the total only.
 */
export function funnel(counts: Record<LeadStatus, number>, total: number) {
  const assignedOrLater = counts.assigned + counts.contacted + counts.quoted + counts.converted;
  const contactedOrLater = counts.contacted + counts.quoted + counts.converted;
  return {
    counts,
    conversionRate: percent(counts.converted, total),
    assignmentRate: percent(assignedOrLater, total),
    responseRate: percent(contactedOrLater, assignedOrLater),
  };
}

export async function usersByRole(db: Db, window: DateWindow) {
  const rows = await db
    .selectFrom('users')
    .$call(withinWindow('users.created_at', window))
    .select((eb) => ['role', eb.fn.countAll<number>().as('count')])
    .groupBy('role')
    .execute();
  const byRole = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
  for (const row of rows) byRole[row.role] = Number(row.count);
  return {
    totalUsers: byRole.homeowner + byRole.contractor + byRole.admin,
    homeowners: byRole.homeowner,
    contractors: byRole.contractor,
    admins: byRole.admin,
  };
}

/** Contractors as they stand now; the average conversion rate is over active subscribers (seed 001 §6). */
export async function contractorFigures(db: Db) {
  const row = await db
    .selectFrom('contractors')
    // Aliases never share a name with a boolean column: the portable-values plugin would turn them into booleans.
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('is_active_subscriber', '=', true).then(1).else(0).end()).as('active_count'),
      eb.fn.avg<number>(eb.case().when('is_active_subscriber', '=', true).then(eb.ref('conversion_rate')).end()).as('avg_conversion'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalContractors: Number(row.total),
    activeSubscribers: Number(row.active_count ?? 0),
    avgConversionRate: round(Number(row.avg_conversion ?? 0)),
    medianResponseHours: await medianResponseHours(db),
  };
}

/** The median hours from assignment to the contractor's first action, over every answered assignment; null before any. */
async function medianResponseHours(db: Db): Promise<number | null> {
  const answered = db.selectFrom('assignments').where('response_time_hours', 'is not', null);
  const { count } = await answered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const total = Number(count);
  if (total === 0) return null;
  // The middle one or two values, read in order with an offset: the same on both engines.
  const middle = await answered
    .select('response_time_hours')
    .orderBy('response_time_hours')
    .limit(total % 2 === 0 ? 2 : 1)
    .offset(Math.floor((total - 1) / 2))
    .execute();
  const values = middle.map((row) => Number(row.response_time_hours));
  return round(values.reduce((sum, value) => sum + value, 0) / values.length, 1);
}

/** Leads per Massachusetts calendar day, oldest first; days without leads are left out. */
export async function leadsPerDay(db: Db, window: DateWindow) {
  const hour = utcHour(db, 'leads.created_at');
  const rows = await db
    .selectFrom('leads')
    .$call(withinWindow('leads.created_at', window))
    .select((eb) => [hour.as('hour'), eb.fn.countAll<number>().as('count')])
    .groupBy(hour)
    .execute();
  // Grouped by UTC hour in SQL and folded into local days here: Massachusetts' offsets are whole hours,
  // so this is exact on both engines, daylight saving included.
  const days = new Map<string, number>();
  for (const row of rows) {
    const day = massachusettsDay(new Date(`${row.hour}:00:00Z`));
    days.set(day, (days.get(day) ?? 0) + Number(row.count));
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count }));
}

export async function activity(db: Db, window: DateWindow) {
  const rows = await db
    .selectFrom('user_events')
    .$call(withinWindow('user_events.created_at', window))
    .where('event_type', 'in', ['login', 'ai_render', 'email_submit', 'time_spent'])
    .select((eb) => [
      'event_type',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number | null>(jsonNumber(db, 'metadata', 'time_spent_ms')).as('time_ms'),
    ])
    .groupBy('event_type')
    .execute();
  const find = (type: string) => rows.find((row) => row.event_type === type);
  return {
    logins: Number(find('login')?.count ?? 0),
    renders: Number(find('ai_render')?.count ?? 0),
    emails: Number(find('email_submit')?.count ?? 0),
    timeOnSiteMs: Math.round(Number(find('time_spent')?.time_ms ?? 0)),
  };
}
