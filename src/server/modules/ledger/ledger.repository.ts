// The ledger (docs/lead-business.md): one append-only table of what contractors owe and are credited, in
// whole cents. Every fact has its own entry key ('charge:<assignment>', 'fee:<contractor>:<YYYY-MM>',
// 'credit:dispute:<dispute>', 'credit:late:<assignment>'), so a retried step never writes it twice. Nothing
// here updates or deletes an entry; a mistake is put right by a new one.
import { randomUUID } from 'node:crypto';
import type { LedgerKind } from '#shared/constants';
import type { Db } from '#server/db/database';

export type NewLedgerEntry = {
  contractorId: string;
  entryKey: string;
  kind: LedgerKind;
  amountCents: number;
  description: string;
  period: string;
  at: string;
  leadId?: string | null;
  assignmentId?: string | null;
  disputeId?: string | null;
};

/** Appends an entry unless one with its key exists; true when it was written. */
export async function appendLedgerEntry(db: Db, entry: NewLedgerEntry): Promise<boolean> {
  const result = await db
    .insertInto('ledger_entries')
    .values({
      id: randomUUID(),
      contractor_id: entry.contractorId,
      entry_key: entry.entryKey,
      kind: entry.kind,
      amount_cents: entry.amountCents,
      description: entry.description,
      lead_id: entry.leadId ?? null,
      assignment_id: entry.assignmentId ?? null,
      dispute_id: entry.disputeId ?? null,
      period: entry.period,
      created_at: entry.at,
    })
    .onConflict((conflict) => conflict.column('entry_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const LEAD_SPEND_KINDS: LedgerKind[] = ['lead-charge', 'dispute-credit', 'late-credit'];

/** Net spend on leads in a month (charges less their credits), per contractor, in cents. */
export async function monthlyLeadSpend(db: Db, contractorIds: string[], period: string): Promise<Map<string, number>> {
  if (contractorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['contractor_id', eb.fn.sum<number>('amount_cents').as('cents')])
    .where('contractor_id', 'in', contractorIds)
    .where('period', '=', period)
    .where('kind', 'in', LEAD_SPEND_KINDS)
    .groupBy('contractor_id')
    .execute();
  return new Map(rows.map((row) => [row.contractor_id, Number(row.cents ?? 0)]));
}

/** Contractors' balances (what they owe, less credits), in cents: all, or the ones named; contractors without entries are absent. */
export async function contractorBalances(db: Db, contractorIds?: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['contractor_id', eb.fn.sum<number>('amount_cents').as('cents')])
    .$if(contractorIds !== undefined, (qb) => qb.where('contractor_id', 'in', contractorIds!))
    .groupBy('contractor_id')
    .execute();
  return new Map(rows.map((row) => [row.contractor_id, Number(row.cents ?? 0)]));
}

/** A contractor's entries of one month, oldest first, and their balance before it. */
export async function findStatementEntries(db: Db, contractorId: string, period: string) {
  const [entries, before] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .leftJoin('leads', 'leads.id', 'ledger_entries.lead_id')
      .select([
        'ledger_entries.id',
        'ledger_entries.kind',
        'ledger_entries.amount_cents',
        'ledger_entries.description',
        'ledger_entries.lead_id',
        'ledger_entries.created_at',
        'leads.zip',
        'leads.room_type',
      ])
      .where('ledger_entries.contractor_id', '=', contractorId)
      .where('ledger_entries.period', '=', period)
      .orderBy('ledger_entries.created_at')
      .orderBy('ledger_entries.id')
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('cents'))
      .where('contractor_id', '=', contractorId)
      .where('period', '<', period)
      .executeTakeFirst(),
  ]);
  return { entries, openingCents: Number(before?.cents ?? 0) };
}

/** Revenue per month: lead charges, subscription fees and credits, newest month first. */
export async function revenueByMonth(db: Db, months: number) {
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['period', 'kind', eb.fn.sum<number>('amount_cents').as('cents')])
    .groupBy(['period', 'kind'])
    .orderBy('period', 'desc')
    .execute();
  const byPeriod = new Map<string, { period: string; leadCents: number; feeCents: number; creditCents: number; netCents: number }>();
  for (const row of rows) {
    const entry = byPeriod.get(row.period) ?? { period: row.period, leadCents: 0, feeCents: 0, creditCents: 0, netCents: 0 };
    const cents = Number(row.cents ?? 0);
    if (row.kind === 'lead-charge') entry.leadCents += cents;
    else if (row.kind === 'subscription-fee') entry.feeCents += cents;
    else entry.creditCents += cents;
    entry.netCents += cents;
    byPeriod.set(row.period, entry);
  }
  return [...byPeriod.values()].sort((a, b) => (a.period < b.period ? 1 : -1)).slice(0, months);
}

/** The active subscribers with a monthly fee, for the month's fee entries. */
export async function findFeePayingContractors(db: Db) {
  return db
    .selectFrom('contractors')
    .select(['id', 'name', 'monthly_subscription_fee'])
    .where('is_active_subscriber', '=', true)
    .where('monthly_subscription_fee', '>', 0)
    .execute();
}
