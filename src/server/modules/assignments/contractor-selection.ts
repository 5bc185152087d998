// Who may get a lead, and whose turn it is. Eligible (seed 001 §6): an active subscriber that serves all
// ZIP codes or has the lead's ZIP among its own. Round robin gives the turn to the next eligible contractor
// after the last one served, by id, wrapping around; next in line (seed 001 §4) to the fewest leads
// received, ties by id. Ids are compared in code-point order in code, so both engines agree.
import type { Db } from '#server/db/database';

export type EligibleContractor = { id: string; name: string; email: string; leads_received_count: number };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function findEligibleContractors(db: Db, zip: string): Promise<EligibleContractor[]> {
  const rows = await db
    .selectFrom('contractors')
    .select(['id', 'name', 'email', 'leads_received_count'])
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

export function pickRoundRobin<T extends { id: string }>(candidates: T[], lastId: string | null): T | undefined {
  const sorted = [...candidates].sort(byId);
  return sorted.find((candidate) => lastId === null || candidate.id > lastId) ?? sorted[0];
}

export function pickNextInLine<T extends { id: string; leads_received_count: number }>(candidates: T[]): T | undefined {
  return [...candidates].sort((a, b) => a.leads_received_count - b.leads_received_count || byId(a, b))[0];
}
