// Who may get a lead, at what price, and whose turn it is. Eligible (seed 001 §6): an active subscriber that
// serves all ZIP codes or has the lead's ZIP among its own, and (issue 21) not at its monthly lead or spend
// cap. Round robin gives the turn to the next eligible contractor after the last one served, by id, wrapping
// around; next in line (seed 001 §4) to the fewest leads received, ties by id. Ids are compared in
// code-point order in code, so both engines agree.
import { LEAD_BUSINESS } from '#shared/constants';
import { ADMIN_MESSAGES } from '#shared/messages';
import { dollarsToCents } from '#shared/money';
import type { Db } from '#server/db/database';

export type EligibleContractor = {
  id: string;
  name: string;
  email: string;
  leads_received_count: number;
  price_per_lead: number;
  exclusive_price: number | null;
  monthly_lead_cap: number | null;
  monthly_spend_cap: number | null;
};

/** What a contractor has taken this month: active leads and net spend on leads (charges less credits). */
export type MonthlyUsage = { leads: number; spendCents: number };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function findEligibleContractors(db: Db, zip: string): Promise<EligibleContractor[]> {
  const rows = await db
    .selectFrom('contractors')
    .select(['id', 'name', 'email', 'leads_received_count', 'price_per_lead', 'exclusive_price', 'monthly_lead_cap', 'monthly_spend_cap'])
    .where('is_active_subscriber', '=', true)
    .where((eb) =>
      eb.or([
        eb('serves_all_zipcodes', '=', true),
        eb.exists(
          eb
            .selectFrom('contractor_zip_codes')
            .select('contractor_zip_codes.zip')
            .whereRef('contractor_zip_codes.contractor_id', '=', 'contractors.id')
            .where('contractor_zip_codes.zip', '=', zip),
        ),
      ]),
    )
    .execute();
  return rows.sort(byId);
}

/** What this lead costs the contractor, in cents: the lead price, or the exclusive price (default twice the lead price). */
export function leadPriceCents(contractor: Pick<EligibleContractor, 'price_per_lead' | 'exclusive_price'>, exclusive: boolean): number {
  if (!exclusive) return dollarsToCents(contractor.price_per_lead);
  return dollarsToCents(contractor.exclusive_price ?? contractor.price_per_lead * LEAD_BUSINESS.exclusivePriceFactor);
}

/** Why a contractor may not take one more lead this month at this price; null when they may. */
export function capProblem(contractor: EligibleContractor, usage: MonthlyUsage, priceCents: number): string | null {
  if (contractor.monthly_lead_cap !== null && usage.leads >= contractor.monthly_lead_cap)
    return ADMIN_MESSAGES.monthlyLeadCapReached(contractor.monthly_lead_cap);
  if (contractor.monthly_spend_cap !== null && usage.spendCents + priceCents > dollarsToCents(contractor.monthly_spend_cap))
    return ADMIN_MESSAGES.monthlySpendCapReached(contractor.monthly_spend_cap);
  return null;
}

export function pickRoundRobin<T extends { id: string }>(candidates: T[], lastId: string | null): T | undefined {
  const sorted = [...candidates].sort(byId);
  return sorted.find((candidate) => lastId === null || candidate.id > lastId) ?? sorted[0];
}

export function pickNextInLine<T extends { id: string; leads_received_count: number }>(candidates: T[]): T | undefined {
  return [...candidates].sort((a, b) => a.leads_received_count - b.leads_received_count || byId(a, b))[0];
}
