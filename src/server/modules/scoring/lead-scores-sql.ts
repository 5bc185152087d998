// The score model as SQL: the scores computeLeadScores gives (lead-scoring.ts), computed by the database
// for every lead in a scope with one UPDATE, which writes only the leads whose scores or counts moved.
// Recalculating 100,000 leads is then five statements (batches of 20,000) instead of reading, scoring and
// writing each lead through JavaScript (7.4 s before, 2.0 s now on SQLite; decision 030).
//
// It is built from the same constants as the JavaScript model (points, lookup tables, the close model's
// weights), and each expression keeps its twin's order of operations and its floating-point types, so the
// two agree to the bit: tests/integration/lead-scores-sql.test.ts compares them lead by lead. A change to
// the model changes both files. The explanations (which factors moved a score) are computed in JavaScript
// when a lead is shown (score-explanations.ts).
import { sql, type RawBuilder } from 'kysely';
import { ANONYMISED_EMAIL_DOMAIN, DOSSIER_WEIGHTS } from '#shared/constants';
import type { Db } from '#server/db/database';
import { isPostgres } from '#server/db/sql-dialect';
import type { CloseModel } from './close-model';
import { BUDGET_FIT, ENGAGEMENT_POINTS, INTENT_POINTS, QUALITY_POINTS, TIMELINE_INTENT } from './lead-scoring';
import { ZIP_INCOME_TIERS } from './zip-income-tier';

/** Which leads a statement rescores. */
export type ScoringScope =
  | { email: string }
  | { userId: string }
  | { leadIds: string[] }
  /** Leads with after < id ≤ through, in id order (one batch of a full recalculation). */
  | { after: string; through: string };

type Fragment = RawBuilder<unknown>;

/**
 * A constant of the model. Whole numbers are written into the statement; fractions (weights such as 0.2 or a
 * fitted -3.17…) travel as bound doubles, so the database uses the very double JavaScript does rather than
 * parsing decimal text its own way.
 */
const lit = (value: number): Fragment => {
  if (!Number.isFinite(value)) throw new Error(`The score model holds a non-finite number: ${value}`);
  return Number.isInteger(value) ? sql.raw(String(value)) : sql`cast(${value} as double precision)`;
};
const double = (expression: Fragment): Fragment => sql`cast(${expression} as double precision)`;
/** lead-scoring.ts `saturating`: 0 for no activity, else count / (count + halfAt), in floating point. */
const saturating = (count: Fragment, halfAt: number): Fragment =>
  sql`(case when ${count} <= 0 then 0.0 else ${double(count)} / (${double(count)} + ${lit(halfAt)}) end)`;
const pointsIf = (condition: Fragment, points: number): Fragment => sql`(case when ${condition} then ${lit(points)} else 0 end)`;
/** JavaScript's Boolean(text): neither null nor empty. */
const given = (column: string): Fragment => sql`(coalesce(${sql.ref(column)}, '') <> '')`;
/** Sums left to right from the first term, as Array.reduce does from 0 (0 + x is x exactly). */
const sum = (terms: Fragment[]): Fragment => terms.reduce((total, term) => sql`(${total} + ${term})`);
/**
 * score-result.ts `clampScore`: Math.round (half up), then 0–100. The value appears once in the statement, so
 * a large expression is not evaluated three times (SQLite spells least/greatest min/max).
 */
const clampScore = (db: Db, value: Fragment): Fragment => {
  const rounded = sql`floor(${value} + 0.5)`;
  return isPostgres(db) ? sql`cast(least(100, greatest(0, ${rounded})) as integer)` : sql`cast(min(100, max(0, ${rounded})) as integer)`;
};

/** The scope as a condition on `leads` under the given alias. */
function scopeCondition(scope: ScoringScope, table: string): Fragment {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  if ('email' in scope) return sql`${column('email')} = ${scope.email.toLowerCase()}`;
  if ('userId' in scope) return sql`${column('user_id')} = ${scope.userId}`;
  if ('leadIds' in scope) return sql`${column('id')} in (${sql.join(scope.leadIds)})`;
  return sql`${column('id')} > ${scope.after} and ${column('id')} <= ${scope.through}`;
}

/**
 * lead-signals.repository.ts `loadLeadSignals`, per lead: a lead whose account exists counts its owner's
 * activity; one without keeps the counts stored on it.
 */
function signalsQuery(scope: ScoringScope): Fragment {
  const suffix = `@${ANONYMISED_EMAIL_DOMAIN}`;
  return sql`
    select
      l.id, l.zip, l.name, l.phone, l.wants_quote, l.subscribe, l.timeline, l.budget, l.room_type, l.project_type,
      l.notes, l.email_confirmed,
      (length(l.email) >= ${lit(suffix.length)} and substr(l.email, length(l.email) - ${lit(suffix.length - 1)}) = ${suffix}) as anonymised,
      -- Counted over the homeowner's renders (their index), not found through the status index: SQLite without
      -- statistics would otherwise pick the status index and read every succeeded render for each lead.
      case when u.id is null then l.render_count
        else (select count(case when r.status = 'succeeded' then 1 end) from renders r where r.user_id = u.id) end as renders,
      coalesce(u.login_count, 0) as logins,
      coalesce(u.total_time_on_site_ms, 0) as time_on_site_ms,
      case when u.id is null then 0 else (select count(*) from feed_likes f where f.user_id = u.id) end as feed_likes,
      case when u.id is null then 0
        else (select count(*) from feed_comments c where c.user_id = u.id and c.removed_at is null) end as feed_comments,
      case when u.id is null then l.is_repeat_visitor else u.login_count > 1 end as repeat_visitor,
      exists (select 1 from service_area_zips z where z.zip = l.zip and z.active) as in_service_area
    from leads l
    left join users u on u.id = l.user_id
    where ${scopeCondition(scope, 'l')}`;
}

/** lead-scoring.ts `engagementScore`, before clamping. */
function engagementSum(): Fragment {
  const minutes = sql`(${double(sql`s.time_on_site_ms`)} / 60000)`;
  return sum([
    sql`${lit(ENGAGEMENT_POINTS.renders)} * ${saturating(sql`s.renders`, 2)}`,
    sql`${lit(ENGAGEMENT_POINTS.logins)} * ${saturating(sql`s.logins`, 3)}`,
    sql`${lit(ENGAGEMENT_POINTS.timeOnSite)} * ${saturating(minutes, 10)}`,
    sql`${lit(ENGAGEMENT_POINTS.feed)} * ${saturating(sql`(s.feed_likes + 2 * s.feed_comments)`, 3)}`,
    pointsIf(sql`s.repeat_visitor`, ENGAGEMENT_POINTS.repeatVisitor),
  ]);
}

/** lead-scoring.ts `intentScore`, before clamping. */
function intentSum(): Fragment {
  const timeline = Object.entries(TIMELINE_INTENT).map(([value, points]) => sql`when ${value} then ${lit(points)}`);
  return sum([
    pointsIf(sql`s.wants_quote`, INTENT_POINTS.quote),
    sql`(case s.timeline ${sql.join(timeline, sql` `)} else 0 end)`,
    pointsIf(given('s.budget'), INTENT_POINTS.budget),
    pointsIf(given('s.phone'), INTENT_POINTS.phone),
    pointsIf(sql`s.subscribe`, INTENT_POINTS.subscribed),
  ]);
}

/** lead-scoring.ts `qualityScore`, before clamping. */
function qualitySum(): Fragment {
  const fields = [given('s.name'), given('s.phone'), given('s.room_type'), given('s.timeline'), given('s.budget')];
  const projectDetails = sql`(${given('s.project_type')} or ${given('s.notes')})`;
  const filled = sum([...fields, projectDetails].map((field) => pointsIf(field, 1)));
  const tiers = Object.entries(QUALITY_POINTS.income).flatMap(([tier, points]) => {
    const zips = [...ZIP_INCOME_TIERS].filter(([, zipTier]) => zipTier === tier).map(([zip]) => zip);
    return zips.length ? [sql`when s.zip in (${sql.join(zips)}) then ${lit(points)}`] : [];
  });
  const fits = Object.entries(BUDGET_FIT).flatMap(([room, budgets]) =>
    Object.entries(budgets).map(
      ([budget, fit]) => sql`when s.room_type = ${room} and s.budget = ${budget} then ${lit(QUALITY_POINTS.budgetFit[fit])}`,
    ),
  );
  return sum([
    sql`${double(sql`${lit(QUALITY_POINTS.completeness)} * ${filled}`)} / ${lit(fields.length + 1)}`,
    pointsIf(sql`s.in_service_area`, QUALITY_POINTS.serviceArea),
    pointsIf(sql`s.email_confirmed`, QUALITY_POINTS.emailConfirmed),
    sql`(case ${sql.join(tiers, sql` `)} else 0 end)`,
    sql`(case ${sql.join(fits, sql` `)} else 0 end)`,
  ]);
}

/** close-model.ts `closeScore`: sigmoid(intercept + Σ weight · score/100) as a 0–100 score. */
function closeValue(db: Db, model: CloseModel): Fragment {
  const z = sum([
    lit(model.intercept),
    sql`(${double(sql`t.engagement`)} / 100) * ${lit(model.weights.engagement)}`,
    sql`(${double(sql`t.intent`)} / 100) * ${lit(model.weights.intent)}`,
    sql`(${double(sql`t.quality`)} / 100) * ${lit(model.weights.quality)}`,
  ]);
  return clampScore(db, sql`100 * (1 / (1 + exp(-${z})))`);
}

/** lead-scoring.ts `overallScore`: the dossier's weighted mean of the four. */
function overallValue(db: Db): Fragment {
  return clampScore(
    db,
    sum([
      sql`${lit(DOSSIER_WEIGHTS.engagement)} * c.engagement`,
      sql`${lit(DOSSIER_WEIGHTS.intent)} * c.intent`,
      sql`${lit(DOSSIER_WEIGHTS.quality)} * c.quality`,
      sql`${lit(DOSSIER_WEIGHTS.close)} * c.close`,
    ]),
  );
}

/**
 * Rescores the leads in scope with the given close model and writes the ones that moved (their scores,
 * render count or repeat-visitor flag), stamping updated_at. A deleted account's lead scores zero: it is
 * nobody's priority and can never be assigned (docs/lead-business.md). Returns how many leads changed.
 */
export async function rescoreInDatabase(db: Db, scope: ScoringScope, model: CloseModel, now: Date): Promise<number> {
  if ('leadIds' in scope && scope.leadIds.length === 0) return 0;
  const zeroIfAnonymised = (value: Fragment) => sql`case when t.anonymised then 0 else ${value} end`;
  const threeScores = sql`
    select s.id, s.anonymised, s.renders, s.repeat_visitor,
      ${clampScore(db, engagementSum())} as engagement,
      ${clampScore(db, intentSum())} as intent,
      ${clampScore(db, qualitySum())} as quality
    from signals s`;
  const withClose = sql`
    select t.id, t.renders, t.repeat_visitor,
      ${zeroIfAnonymised(sql`t.engagement`)} as engagement,
      ${zeroIfAnonymised(sql`t.intent`)} as intent,
      ${zeroIfAnonymised(sql`t.quality`)} as quality,
      ${zeroIfAnonymised(closeValue(db, model))} as close
    from three t`;
  // Every step is materialized. A subquery is folded into the query that reads it, its expressions copied to each
  // mention: folded into the formulas, the signals would count a homeowner's renders once per mention, and the three
  // scores, each read by the close model and the overall score, were computed up to four times a lead (the scoring
  // took 1.1 s of a full recalculation on SQLite, 0.4 s materialized; decision 030).
  const result = await sql`
    with
      signals as materialized (${signalsQuery(scope)}),
      three as materialized (${threeScores}),
      closed as materialized (${withClose}),
      scored as materialized (select c.*, ${overallValue(db)} as overall from closed c)
    update leads set
      engagement_score = n.engagement,
      intent_score = n.intent,
      lead_quality_score = n.quality,
      probability_to_close_score = n.close,
      lead_score = n.overall,
      render_count = n.renders,
      is_repeat_visitor = n.repeat_visitor,
      updated_at = ${now.toISOString()}
    from scored n
    -- The scope again, on the table written, so the database walks only those leads.
    where ${scopeCondition(scope, 'leads')} and leads.id = n.id and (
      leads.engagement_score <> n.engagement or leads.intent_score <> n.intent or leads.lead_quality_score <> n.quality
      or leads.probability_to_close_score <> n.close or leads.lead_score <> n.overall
      or leads.render_count <> n.renders or leads.is_repeat_visitor <> n.repeat_visitor
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
