// A contractor's monthly statement (docs/lead-business.md): the balance brought forward, every ledger entry
// of the month with its date, and the month's charges, fees, credits and closing balance. The same figures
// go out as JSON (the Contractors tab), CSV and PDF.
import { LEDGER_KINDS, type LedgerKind } from '#shared/constants';
import { ADMIN_MESSAGES } from '#shared/messages';
import { csvRow } from '#shared/csv';
import type { Db } from '#server/db/database';
import { massachusettsDay, monthBounds } from '#server/http/date-window';
import { invalid, notFound } from '#server/http/errors';
import { findContractor } from '#server/modules/contractors/contractors.repository';
import { findStatementEntries } from './ledger.repository';

export type Statement = {
  contractor: { id: string; name: string; email: string };
  period: string;
  openingCents: number;
  entries: Array<{ id: string; date: string; kind: LedgerKind; description: string; amountCents: number; leadId: string | null }>;
  totals: { leadChargesCents: number; feesCents: number; creditsCents: number; closingCents: number };
};

export async function buildStatement(db: Db, contractorId: string, period: string): Promise<Statement> {
  if (!monthBounds(period)) throw invalid(ADMIN_MESSAGES.periodInvalid);
  const contractor = await findContractor(db, contractorId);
  if (!contractor) throw notFound(ADMIN_MESSAGES.contractorNotFound);
  const { entries, openingCents } = await findStatementEntries(db, contractorId, period);
  const rows = entries.map((entry) => ({
    id: entry.id,
    date: massachusettsDay(new Date(entry.created_at)),
    kind: entry.kind,
    description: entry.description,
    amountCents: entry.amount_cents,
    leadId: entry.lead_id,
  }));
  const sum = (kinds: readonly LedgerKind[]) =>
    rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row.amountCents, 0);
  const leadChargesCents = sum(['lead-charge']);
  const feesCents = sum(['subscription-fee']);
  const creditsCents = sum(LEDGER_KINDS.filter((kind) => kind.endsWith('-credit')));
  return {
    contractor,
    period,
    openingCents,
    entries: rows,
    totals: { leadChargesCents, feesCents, creditsCents, closingCents: openingCents + leadChargesCents + feesCents + creditsCents },
  };
}

export const statementFileName = (statement: Statement, extension: 'csv' | 'pdf') =>
  `statement-${statement.contractor.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'contractor'}-${statement.period}.${extension}`;

/** The statement as CSV: one row per entry, then the totals, amounts in dollars with cents. */
export function statementCsv(statement: Statement): string {
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  let csv = csvRow(['date', 'kind', 'description', 'amount_usd', 'lead_id']);
  csv += csvRow([`${statement.period}-01`, 'opening-balance', 'Balance brought forward', dollars(statement.openingCents), null]);
  for (const entry of statement.entries)
    csv += csvRow([entry.date, entry.kind, entry.description, dollars(entry.amountCents), entry.leadId]);
  const { leadChargesCents, feesCents, creditsCents, closingCents } = statement.totals;
  csv += csvRow([null, 'total-lead-charges', 'Lead charges this month', dollars(leadChargesCents), null]);
  csv += csvRow([null, 'total-fees', 'Subscription fees this month', dollars(feesCents), null]);
  csv += csvRow([null, 'total-credits', 'Credits this month', dollars(creditsCents), null]);
  csv += csvRow([null, 'closing-balance', 'Balance at the end of the month', dollars(closingCents), null]);
  return csv;
}
