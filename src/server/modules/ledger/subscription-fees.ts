// Every active subscriber's monthly fee becomes one ledger entry per Massachusetts month ('fee:<contractor>:
// <YYYY-MM>'), written by a scheduler that runs at start and every hour; the entry key makes a second run,
// or a second instance, write nothing.
import { massachusettsMonth } from '#server/http/date-window';
import type { Db } from '#server/db/database';
import { dollarsToCents } from '#shared/money';
import { HOUR_MS } from '#shared/time';
import type { Log } from '#server/infra/log';
import { createPoller } from '#server/infra/poller';
import { appendLedgerEntry, findFeePayingContractors } from './ledger.repository';

/** Writes this month's fee for every active subscriber that has none yet; returns how many were written. */
export async function chargeSubscriptionFees(db: Db, now: Date): Promise<number> {
  const period = massachusettsMonth(now);
  let written = 0;
  for (const contractor of await findFeePayingContractors(db)) {
    const added = await appendLedgerEntry(db, {
      contractorId: contractor.id,
      entryKey: `fee:${contractor.id}:${period}`,
      kind: 'subscription-fee',
      amountCents: dollarsToCents(contractor.monthly_subscription_fee),
      description: `Subscription fee, ${period}`,
      period,
      at: now.toISOString(),
    });
    if (added) written += 1;
  }
  return written;
}

export function createFeeScheduler(deps: { db: Db; log?: Pick<Log, 'error'>; now?: () => Date }, intervalMs = HOUR_MS) {
  const poller = createPoller({
    name: 'subscription fees',
    intervalMs,
    round: async () => void (await chargeSubscriptionFees(deps.db, (deps.now ?? (() => new Date()))())),
    log: deps.log,
    unref: true,
  });
  return { start: poller.start, stop: poller.stop };
}
