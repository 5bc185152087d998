// Resending a contractor's new-lead email after the outbox gave up on it (or it never arrived): a fresh
// outbox row with the same content, and the assignment's email status follows the new row from now on.
import type { Db } from '#server/db/database';
import { notFound } from '#server/http/errors';
import type { DomainEvents } from '#server/infra/domain-events';
import { requeueMail } from '#server/infra/mail/outbox';
import { ADMIN_MESSAGES } from '#shared/messages';
import { findAssignmentNotification, linkNotificationMail } from './assignments.repository';

export async function resendNotification(deps: { db: Db; domainEvents: DomainEvents }, assignmentId: string, now: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const assignment = await findAssignmentNotification(trx, assignmentId);
    if (!assignment?.notification_mail_id) throw notFound(ADMIN_MESSAGES.assignmentNotFound);
    const mailId = await requeueMail(trx, assignment.notification_mail_id, now);
    if (!mailId) throw notFound(ADMIN_MESSAGES.assignmentNotFound);
    await linkNotificationMail(trx, assignmentId, mailId);
  });
  await deps.domainEvents.emit('mail.queued', {});
}
