// Queues a contractor's new-lead email inside the assignment's transaction: the lead's details, the
// render's before (the upload's email copy) and after images as inline attachments, and the tracked
// dashboard link and open pixel of this one assignment; and the notice a late contractor gets when their lead
// is reassigned.
import { roomTypeLabel } from '#shared/constants';
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import { queueMail, type MailAttachment } from '#server/infra/mail/outbox';
import { renderContractorLeadEmail } from './emails/contractor-lead-email';
import { renderLeadReassignedEmail } from './emails/lead-reassigned-email';
import { formatCents } from '#shared/money';
import { PRODUCT_TIME_ZONE } from '#shared/time';
import { afterImageLabel } from '#shared/render-credit';
import { creditOf } from '#server/modules/renders/render-credit';

export type NotificationDeps = { publicUrl: string; postalAddress: string };

export const trackedClickUrl = (publicUrl: string, assignmentId: string) => `${publicUrl}/api/t/c/${assignmentId}`;
export const trackedPixelUrl = (publicUrl: string, assignmentId: string) => `${publicUrl}/api/t/o/${assignmentId}.gif`;

/** What every notification of one lead shares: its town and its images. Read once per assignment call. */
export async function loadLeadContext(trx: Db, lead: Lead) {
  const [area, images] = await Promise.all([
    trx.selectFrom('service_area_zips').select('town').where('zip', '=', lead.zip).executeTakeFirst(),
    lead.render_id
      ? trx
          .selectFrom('renders')
          .innerJoin('uploads', 'uploads.id', 'renders.upload_id')
          .select(['renders.result_key', 'uploads.email_copy_key', 'renders.provider', 'renders.model', 'renders.fallback_reason'])
          .where('renders.id', '=', lead.render_id)
          .executeTakeFirst()
      : undefined,
  ]);
  const attachments: MailAttachment[] = [];
  if (images?.email_copy_key)
    attachments.push({ filename: 'before.jpg', storageKey: images.email_copy_key, contentType: 'image/jpeg', cid: 'before-image' });
  if (images?.result_key)
    attachments.push({ filename: 'after.jpg', storageKey: images.result_key, contentType: 'image/jpeg', cid: 'after-image' });
  return { town: area?.town ?? null, attachments, afterLabel: afterImageLabel(images ? creditOf(images) : null) };
}
export type LeadContext = Awaited<ReturnType<typeof loadLeadContext>>;

export async function queueLeadNotification(
  trx: Db,
  deps: NotificationDeps,
  input: { lead: Lead; context: LeadContext; contractor: { name: string; email: string }; assignmentId: string; now: Date },
): Promise<string> {
  const { lead, context, contractor, assignmentId } = input;
  const cids = new Set(context.attachments.map((attachment) => attachment.cid));
  const email = renderContractorLeadEmail({
    contractorName: contractor.name,
    lead: {
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      zip: lead.zip,
      town: context.town,
      roomLabel: roomTypeLabel(lead.room_type, 'Home project'),
      style: lead.style,
      wantsQuote: lead.wants_quote,
      projectType: lead.project_type,
      timeline: lead.timeline,
      budget: lead.budget,
      contactMethod: lead.contact_method,
      notes: lead.notes,
      closeProbability: lead.probability_to_close_score,
    },
    beforeCid: cids.has('before-image') ? 'before-image' : undefined,
    afterCid: cids.has('after-image') ? 'after-image' : undefined,
    afterLabel: context.afterLabel,
    dashboardUrl: trackedClickUrl(deps.publicUrl, assignmentId),
    pixelUrl: trackedPixelUrl(deps.publicUrl, assignmentId),
    postalAddress: deps.postalAddress,
  });
  return queueMail(
    trx,
    { kind: 'contractor-lead', to: contractor.email, ...email, attachments: context.attachments, leadId: lead.id },
    input.now,
  );
}

/** The late contractor's notice that their lead was reassigned and credited, queued in the reassignment's transaction. */
export async function queueReassignedNotice(
  trx: Db,
  deps: NotificationDeps,
  input: {
    contractorId: string;
    leadId: string;
    roomType: string | null;
    zip: string;
    respondBy: string | null;
    creditCents: number;
    now: Date;
  },
): Promise<void> {
  const contractor = await trx.selectFrom('contractors').select(['name', 'email']).where('id', '=', input.contractorId).executeTakeFirst();
  if (!contractor) return;
  const email = renderLeadReassignedEmail({
    contractorName: contractor.name,
    projectLabel: roomTypeLabel(input.roomType, 'Home project'),
    zip: input.zip,
    respondBy: input.respondBy
      ? new Date(input.respondBy).toLocaleString('en-US', { timeZone: PRODUCT_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' })
      : 'the deadline',
    credit: formatCents(input.creditCents),
    dashboardUrl: `${deps.publicUrl}/contractor-dashboard`,
    postalAddress: deps.postalAddress,
  });
  await queueMail(trx, { kind: 'contractor-lead-reassigned', to: contractor.email, ...email, leadId: input.leadId }, input.now);
}
