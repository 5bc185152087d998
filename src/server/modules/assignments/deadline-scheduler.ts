// Runs the response-deadline rule (reassignOverdue) at start and every minute while automatic reassignment
// is on. Safe on several instances: each overdue assignment is expired under the settings lock, once.
import type { Db } from '#server/db/database';
import type { Clock } from '#server/infra/clock';
import type { DomainEvents } from '#server/infra/domain-events';
import type { Log } from '#server/infra/log';
import { createPoller } from '#server/infra/poller';
import { MINUTE_MS } from '#shared/time';
import { reassignOverdue } from './assignment.service';
import { assignmentsOn } from './assignment.store';
import type { NotificationDeps } from './lead-notification';

export type DeadlineSchedulerDeps = NotificationDeps & {
  db: Db;
  domainEvents: DomainEvents;
  now?: Clock;
  log?: Pick<Log, 'error' | 'info'>;
};

export function createDeadlineScheduler(deps: DeadlineSchedulerDeps, intervalMs = MINUTE_MS) {
  const poller = createPoller({
    name: 'response deadlines',
    intervalMs,
    round: async () => {
      const outcomes = await reassignOverdue(assignmentsOn(deps.db, deps), deps);
      const reassigned = outcomes.filter((outcome) => outcome.reassignedTo).length;
      if (reassigned) deps.log?.info({ reassigned, overdue: outcomes.length }, 'overdue leads reassigned');
    },
    log: deps.log,
    unref: true,
  });
  return { start: poller.start, stop: poller.stop };
}
