// A contractor's performance counters (seed 001 §3): leads received, leads converted and the conversion
// rate in percent. Each change is one UPDATE whose right-hand sides read the row's old values, so the
// rate always matches the counts it was computed from, however updates interleave.
import { sql } from 'kysely';
import type { Db } from '#server/db/database';

export async function countLeadReceived(trx: Db, contractorId: string, now: Date): Promise<void> {
  await trx
    .updateTable('contractors')
    .set((eb) => ({
      leads_received_count: eb('leads_received_count', '+', 1),
      conversion_rate: sql<number>`round(100.0 * leads_converted_count / (leads_received_count + 1), 2)`,
      updated_at: now.toISOString(),
    }))
    .where('id', '=', contractorId)
    .execute();
}

/** +1 when one of the contractor's leads becomes converted, −1 when an admin takes a conversion back. */
export async function countConversion(trx: Db, contractorId: string, change: 1 | -1, now: Date): Promise<void> {
  const converted =
    change === 1
      ? sql<number>`leads_converted_count + 1`
      : sql<number>`case when leads_converted_count > 0 then leads_converted_count - 1 else 0 end`;
  await trx
    .updateTable('contractors')
    .set({
      leads_converted_count: converted,
      conversion_rate: sql<number>`case when leads_received_count > 0 then round(100.0 * (${converted}) / leads_received_count, 2) else 0 end`,
      updated_at: now.toISOString(),
    })
    .where('id', '=', contractorId)
    .execute();
}
