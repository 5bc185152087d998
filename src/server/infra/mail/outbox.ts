// The durable half of sending mail: a message becomes a mail_outbox row in the caller's transaction,
// so it exists exactly when the business change that caused it is committed. The mail sender delivers it.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';

/** A file from storage sent with the message; a `cid` makes it an inline image for `<img src="cid:…">`. */
export type MailAttachment = { filename: string; storageKey: string; contentType: string; cid?: string };

/** Every kind of mail the product sends, one per template. tests/integration/email-links.test.ts follows every link of each. */
export const MAIL_KINDS = [
  'email-confirmation',
  'password-reset',
  'homeowner-design',
  'newsletter-confirm',
  'contractor-invitation',
  'contractor-lead',
  'contractor-lead-reassigned',
  'lead-dossier',
  'system-test',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type OutgoingMail = {
  /** What the mail is for, for logs and the admin view. */
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  leadId?: string | null;
};

/**
 * Mail that carries what a user typed or uploaded (their photos, their name). It only ever goes to an
 * address whose owner has confirmed it; anything else is a bug, refused here whatever the caller.
 */
const CONFIRMED_RECIPIENTS_ONLY = new Set<MailKind>(['homeowner-design']);

/** Inserts the message into mail_outbox inside the caller's transaction (or on the plain connection). Returns its id. */
export async function queueMail(
  executor: Kysely<Database> | Transaction<Database>,
  mail: OutgoingMail,
  now: Date = new Date(),
): Promise<string> {
  if (!mail.to.trim()) throw new Error(`Mail "${mail.kind}" has no recipient`);
  if (CONFIRMED_RECIPIENTS_ONLY.has(mail.kind)) {
    const owner = await executor
      .selectFrom('users')
      .select('email_verified')
      .where(sql<string>`lower(email)`, '=', mail.to.trim().toLowerCase())
      .executeTakeFirst();
    if (owner?.email_verified !== true) throw new Error(`Mail "${mail.kind}" refused: its recipient has not confirmed the address`);
  }
  const id = randomUUID();
  const at = now.toISOString();
  await executor
    .insertInto('mail_outbox')
    .values({
      id,
      kind: mail.kind,
      to_address: mail.to.trim(),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: JSON.stringify(mail.attachments ?? []),
      lead_id: mail.leadId ?? null,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
  return id;
}

/** Reads the attachments column back; a malformed value is an error the sender records on the row. */
export function parseAttachments(json: string): MailAttachment[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value) || !value.every(isAttachment)) throw new Error('mail_outbox.attachments is not a list of attachments');
  return value;
}

function isAttachment(value: unknown): value is MailAttachment {
  if (typeof value !== 'object' || value === null) return false;
  const { filename, storageKey, contentType, cid } = value as Record<string, unknown>;
  return (
    typeof filename === 'string' &&
    typeof storageKey === 'string' &&
    typeof contentType === 'string' &&
    (cid === undefined || typeof cid === 'string')
  );
}

/** Queues a fresh copy of a stored message (same recipient, content and attachments) for another try. Returns the new id, or null when the message is gone. */
export async function requeueMail(executor: Kysely<Database> | Transaction<Database>, id: string, now: Date): Promise<string | null> {
  const row = await executor.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return queueMail(
    executor,
    {
      kind: row.kind as MailKind,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments: parseAttachments(row.attachments),
      leadId: row.lead_id,
    },
    now,
  );
}
