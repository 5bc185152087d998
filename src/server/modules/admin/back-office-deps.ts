// What the back office needs from the app: the database, storage, the mail sender's wake-up, the public
// URL for links in emails, the postal address for their footers, and a clock that tests may replace.
import type { Db } from '#server/db/database';
import type { MailSender } from '#server/infra/mail/mail-sender';
import type { Storage } from '#server/infra/storage/storage';
import type { SystemStatusSources } from './system-status.routes';

export type BackOfficeDeps = {
  db: Db;
  storage: Storage;
  mailer: Pick<MailSender, 'wake'>;
  publicUrl: string;
  postalAddress: string;
  now?: () => Date;
  /** For the System status tab; absent in tests that do not need it. */
  system?: SystemStatusSources;
};

export const clockOf = (deps: { now?: () => Date }) => deps.now ?? (() => new Date());
