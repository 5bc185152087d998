// Delivers the mail_outbox rows. Like the job queue, a sender claims one due row at a time with a lease,
// so several app instances on PostgreSQL can run senders side by side; a row whose sender died goes back
// to pending when its lease runs out. Every attempt reuses the row's Message-ID, so if a sender dies after
// the server accepted a message but before the row says so, the receiver can drop the duplicate.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/database';
import type { MailOutboxTable } from '#server/db/schema';
import type { Storage } from '#server/infra/storage/storage';
import type { BuiltMessage, MailTransport } from './mail-transport';
import { parseAttachments } from './outbox';
import { isSuppressed, SUPPRESSED_MAIL_ERROR } from './suppressions';
import type { Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';
import { createPoller } from '#server/infra/poller';

export type MailSenderOptions = {
  db: Db;
  storage: Storage;
  transport: MailTransport;
  mailFrom: string;
  now?: Clock;
  log?: Pick<Log, 'error' | 'warn'>;
  pollIntervalMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
};

export type MailSender = {
  /** Polls for due messages every pollIntervalMs. */
  start: () => void;
  /** Stops polling and waits for the message being sent. */
  stop: () => Promise<void>;
  /** Looks for due messages now (after queueing one, once the transaction has committed). */
  wake: () => void;
  /** One round: recover abandoned rows, then send every due message; for tests. */
  tick: () => Promise<void>;
};

type OutboxRow = Selectable<MailOutboxTable>;

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;
const ABANDONED = 'The sender stopped while sending this message.';

/** 5 s after the first failed attempt, then 10 s, 20 s… capped at 15 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

/** The domain of MAIL_FROM ("Name <hello@example.com>" → example.com) for Message-IDs; 'localhost' when there is none. */
export function mailDomain(mailFrom: string): string {
  const address = /<([^<>]*)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return address.includes('@') && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const {
    db,
    storage,
    transport,
    mailFrom,
    now = () => new Date(),
    log,
    pollIntervalMs = 1000,
    leaseMs = 60_000,
    maxAttempts = 8,
  } = options;
  const domain = mailDomain(mailFrom);

  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  async function recoverAbandoned() {
    const abandoned = await db
      .selectFrom('mail_outbox')
      .select(['id', 'attempts'])
      .where('status', '=', 'sending')
      .where('locked_until', '<', iso())
      .execute();
    for (const row of abandoned) {
      // The dead sender's attempt is already counted; retry at once, the Message-ID makes a duplicate harmless.
      const givingUp = row.attempts >= maxAttempts;
      const updated = await db
        .updateTable('mail_outbox')
        .set({ status: givingUp ? 'failed' : 'pending', locked_until: null, last_error: ABANDONED, next_attempt_at: iso() })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('locked_until', '<', iso())
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0)
        log?.warn({ outboxId: row.id, attempts: row.attempts, givingUp }, 'mail sender lease expired');
    }
  }

  /** The next due row, now ours; null when nothing is due. Losing a race to another sender just tries the next row. */
  async function claim(): Promise<OutboxRow | null> {
    for (;;) {
      const candidate = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', iso())
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      // The update re-checks the status under the row lock, so exactly one sender wins the row.
      const claimed = await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          status: 'sending',
          locked_until: iso(leaseMs),
          attempts: eb('attempts', '+', 1),
          message_id: eb.fn.coalesce('message_id', eb.val(`<${candidate.id}@${domain}>`)),
        }))
        .where('id', '=', candidate.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', iso())
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
    }
  }

  async function build(row: OutboxRow): Promise<BuiltMessage> {
    const attachments = await Promise.all(
      parseAttachments(row.attachments).map(async ({ filename, storageKey, contentType, cid }) => ({
        filename,
        contentType,
        content: await storage.get(storageKey),
        ...(cid ? { cid } : {}),
      })),
    );
    return {
      outboxId: row.id,
      messageId: row.message_id ?? `<${row.id}@${domain}>`,
      from: mailFrom,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments,
    };
  }

  async function deliver(row: OutboxRow) {
    // Checked at delivery, so mail queued after an account was deleted (a retried step, a racing
    // request) never goes out either.
    if (await isSuppressed(db, row.to_address)) {
      log?.warn({ outboxId: row.id, kind: row.kind }, 'mail to a suppressed address not sent');
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', locked_until: null, last_error: SUPPRESSED_MAIL_ERROR })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      return;
    }
    // Keep the lease while a slow server or a large attachment takes its time.
    const heartbeat = setInterval(() => {
      void db
        .updateTable('mail_outbox')
        .set({ locked_until: iso(leaseMs) })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('attempts', '=', row.attempts)
        .execute()
        .catch((error: unknown) => log?.error({ err: error, outboxId: row.id }, 'mail lease renewal failed'));
    }, leaseMs / 4);
    try {
      await transport.send(await build(row));
    } catch (error) {
      await recordFailure(row, error);
      return;
    } finally {
      clearInterval(heartbeat);
    }
    // Delivered, so the row says so even if our lease ran out meanwhile and another sender took it over.
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: iso(), locked_until: null, last_error: null })
      .where('id', '=', row.id)
      .where('status', '!=', 'sent')
      .execute();
  }

  async function recordFailure(row: OutboxRow, error: unknown) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const givingUp = row.attempts >= maxAttempts;
    const context = { err: error, outboxId: row.id, kind: row.kind, attempt: row.attempts, transport: transport.name };
    if (givingUp) log?.error(context, 'mail failed for good');
    else log?.warn(context, 'mail attempt failed');
    await db
      .updateTable('mail_outbox')
      .set({
        status: givingUp ? 'failed' : 'pending',
        locked_until: null,
        last_error: message,
        ...(givingUp ? {} : { next_attempt_at: iso(retryDelayMs(row.attempts)) }),
      })
      .where('id', '=', row.id)
      // Only while the row is still this attempt's: a sender that took over an expired lease owns it now.
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .execute();
  }

  /** One round: recover abandoned rows, then send every due message (the next after this one, unless stopping). */
  async function round() {
    await recoverAbandoned();
    while (!poller.stopping()) {
      const row = await claim();
      if (!row) break;
      await deliver(row);
    }
  }

  const poller = createPoller({ name: 'mail sender poll', intervalMs: pollIntervalMs, round, log });
  return { start: poller.start, stop: poller.stop, wake: poller.wake, tick: poller.tick };
}
