// What route plugins get from the app: the database, storage, the domain events (mail.queued, lead.engaged), the public URL
// for links in emails, the postal address for their footers, and a clock that tests may replace.
import type { Db } from '#server/db/database';
import type { Clock } from '#server/infra/clock';
import type { DomainEvents } from '#server/infra/domain-events';
import type { Storage } from '#server/infra/storage/storage';

export type RouteDeps = {
  db: Db;
  storage: Storage;
  domainEvents: DomainEvents;
  publicUrl: string;
  postalAddress: string;
  now?: Clock;
};
