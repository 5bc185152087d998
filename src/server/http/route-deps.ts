// What route plugins get from the app: the database, storage, the mail sender's wake-up, the public URL
// for links in emails, the postal address for their footers, and a clock that tests may replace.
import type { Db } from '#server/db/database';
import type { Clock } from '#server/infra/clock';
import type { MailSender } from '#server/infra/mail/mail-sender';
import type { Storage } from '#server/infra/storage/storage';

export type RouteDeps = {
  db: Db;
  storage: Storage;
  mailer: Pick<MailSender, 'wake'>;
  publicUrl: string;
  postalAddress: string;
  now?: Clock;
};
