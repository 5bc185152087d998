// What AI renders cost: the estimated spend per provider over a period, today's spend against the daily
// budget (AI_DAILY_BUDGET_USD), and the failure rate. Every provider render records its model and estimated
// cost (renders.model, renders.cost_usd); a charge falls on the day the render completed, in Massachusetts.
import type { Db } from '#server/db/database';
import { startOfTodayInMassachusetts, DAY_MS } from '#shared/time';

export type ProviderSpend = { provider: string; renders: number; failed: number; fellBack: number; costUsd: number };

/** Renders, failures, fall-backs and spend per provider the renders went to, since an instant. */
export async function spendByProvider(db: Db, since: Date): Promise<ProviderSpend[]> {
  const rows = await db
    .selectFrom('renders')
    .select((eb) => [
      'bound_provider',
      eb.fn.countAll<number>().as('renders'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'failed').then(1).else(0).end()).as('failed'),
      eb.fn.sum<number>(eb.case().when('fallback', '=', true).then(1).else(0).end()).as('fell_back'),
      eb.fn.coalesce(eb.fn.sum<number>('cost_usd'), eb.lit(0)).as('cost_usd'),
    ])
    .where('created_at', '>=', since.toISOString())
    .where('bound_provider', 'is not', null)
    .groupBy('bound_provider')
    .orderBy('bound_provider')
    .execute();
  return rows.map((row) => ({
    provider: row.bound_provider!,
    renders: Number(row.renders),
    failed: Number(row.failed),
    fellBack: Number(row.fell_back),
    costUsd: roundCents(Number(row.cost_usd)),
  }));
}

/** Estimated AI spend of the renders completed since midnight in Massachusetts. */
export async function spentToday(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom('renders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cost_usd'), eb.lit(0)).as('spent'))
    .where('completed_at', '>=', startOfTodayInMassachusetts(now).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.spent);
}

export type BudgetState = { dailyBudgetUsd: number | null; spentTodayUsd: number; reached: boolean };

export async function budgetState(db: Db, dailyBudgetUsd: number | undefined, now: Date): Promise<BudgetState> {
  const spent = await spentToday(db, now);
  const budget = dailyBudgetUsd ?? null;
  return { dailyBudgetUsd: budget, spentTodayUsd: roundCents(spent), reached: budget !== null && spent >= budget };
}

export const THIRTY_DAYS_MS = 30 * DAY_MS;

/** Estimates carry fractions of a cent (Nano Banana is $0.039); totals are shown to the cent. */
const roundCents = (usd: number) => Math.round(usd * 10_000) / 10_000;
