// The email step and the quote request. The email step turns a finished render into a lead (one per
// render: a retry updates it), releases the full image and queues the homeowner's email, all in one
// transaction, so a lead is never acknowledged without its email on the way. The quote request adds the
// project details to that lead and rescores it.
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '../../../shared/api';
import { ROOM_TYPES } from '../../../shared/constants';
import { EMAIL_STEP_MESSAGES, type quoteRequestSchema, type sendEmailSchema } from '../../../shared/lead.schema';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Lead } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../http/errors';
import type { MailSender } from '../../infra/mail/mail-sender';
import { queueMail } from '../../infra/mail/outbox';
import { autoAssignOnQuote } from '../assignments/assignment.service';
import { EXAMPLE_DESIGNS } from '../feed/example-designs';
import { refreshLeadScoresQuietly } from '../scoring/refresh-lead-scores';
import { unsubscribeUrl } from './email-links';
import { renderDesignReadyEmail } from './emails/design-ready-email';

export type LeadDeps = {
  db: Db;
  publicUrl: string;
  authSecret: string;
  postalAddress: string;
  mailer: Pick<MailSender, 'wake'>;
  now?: () => Date;
  log?: { error: (object: object, message: string) => void };
};
type SendEmail = z.output<typeof sendEmailSchema>;
type QuoteRequest = z.output<typeof quoteRequestSchema>;

export async function submitDesignEmail(deps: LeadDeps, user: CurrentUser, input: SendEmail): Promise<{ leadId: string; message: string }> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))().toISOString();
  // The email is locked to the account's address (seed 000 §5); the server holds to that too.
  if (input.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden(EMAIL_STEP_MESSAGES.accountEmailOnly);

  const render = await db.selectFrom('renders').selectAll().where('id', '=', input.designRequestId).executeTakeFirst();
  if (!render || render.user_id !== user.id) throw notFound('Design not found. Please create your design again.');
  if (render.status !== 'succeeded' || !render.result_key) throw invalid('Your design is not ready yet.');
  const upload = await db.selectFrom('uploads').select(['id', 'email_copy_key']).where('id', '=', render.upload_id).executeTakeFirstOrThrow();
  const inServiceArea = Boolean(await db.selectFrom('service_area_zips').select('zip').where('zip', '=', input.zipCode).where('active', '=', true).executeTakeFirst());
  if (!inServiceArea) throw invalid('Sorry! This service is currently only available to MetroWest MA homeowners.');

  const existing = await db.selectFrom('leads').selectAll().where('design_request_id', '=', render.id).executeTakeFirst();
  const leadId = existing?.id ?? randomUUID();
  const roomLabel = ROOM_TYPES.find((room) => room.key === render.room_type)?.label ?? 'Room';
  const styleName = render.style_name ?? 'Custom';
  const email = renderDesignReadyEmail({
    name: input.name,
    roomLabel,
    styleName,
    beforeCid: 'before-image',
    afterCid: 'after-image',
    quoteUrl: `${deps.publicUrl}/?quote=${encodeURIComponent(leadId)}#upload`,
    feedbackUrl: (rating) => `${deps.publicUrl}/feedback?lead_id=${encodeURIComponent(leadId)}&rating=${rating}`,
    unsubscribeUrl: unsubscribeUrl(deps.publicUrl, deps.authSecret, user.email),
    postalAddress: deps.postalAddress,
  });

  await db.transaction().execute(async (trx) => {
    const fields = {
      name: input.name,
      email: user.email.toLowerCase(),
      phone: input.phone,
      zip: input.zipCode,
      room_type: render.room_type,
      style: styleName,
      subscribe: input.subscribe,
      share_in_feed: input.shareInFeed,
      image_url: `/api/uploads/${upload.id}/image`,
      ai_url: `/api/renders/${render.id}/result`,
      updated_at: now,
    };
    if (existing) await trx.updateTable('leads').set(fields).where('id', '=', leadId).execute();
    else await trx.insertInto('leads').values({ id: leadId, user_id: user.id, render_id: render.id, design_request_id: render.id, created_at: now, ...fields }).execute();

    await trx.updateTable('renders').set({ released_at: render.released_at ?? now, updated_at: now }).where('id', '=', render.id).execute();
    // A retried request while the first email is still on its way does not send it twice; once it
    // has gone, asking again sends it again.
    const onItsWay = await trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('lead_id', '=', leadId)
      .where('kind', '=', 'homeowner-design')
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    if (!onItsWay) await queueMail(trx, {
      kind: 'homeowner-design',
      to: user.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      leadId,
      attachments: [
        { filename: 'before.jpg', storageKey: upload.email_copy_key, contentType: 'image/jpeg', cid: 'before-image' },
        { filename: 'after.jpg', storageKey: render.result_key!, contentType: 'image/jpeg', cid: 'after-image' },
      ],
    });
    const metadata = { room_type: render.room_type, style: styleName, zip_code: input.zipCode, wants_quote: input.subscribe, timestamp: now };
    await trx.insertInto('user_events').values({ id: randomUUID(), user_id: user.id, event_type: 'email_submit', metadata: JSON.stringify(metadata), created_at: now }).execute();
    await trx
      .insertInto('analytics_events')
      .values({ id: randomUUID(), name: 'email_submit', user_id: user.id, lead_id: leadId, properties: JSON.stringify({ room_type: render.room_type, style: styleName, zip: input.zipCode, subscribe: input.subscribe }), created_at: now })
      .execute();
  });
  // Woken after the commit, so the sender finds the message; otherwise it waits for the next poll.
  deps.mailer.wake();
  // A new render and new contact details move the scores of every lead of this homeowner.
  await refreshLeadScoresQuietly(db, { userId: user.id }, deps.log, new Date(now));
  return { leadId, message: EMAIL_STEP_MESSAGES.sent };
}

export async function requestQuote(deps: LeadDeps, user: CurrentUser, input: QuoteRequest): Promise<Lead> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))().toISOString();
  const lead = input.designRequestId
    ? await db.selectFrom('leads').selectAll().where('design_request_id', '=', input.designRequestId).executeTakeFirst()
    : await inspiredLead(deps, user, input.inspirationId!, input.zipCode, now);
  if (!lead || lead.user_id !== user.id) throw notFound('Please enter your email for this design first.');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('leads')
      .set({
        wants_quote: true,
        project_type: input.projectType,
        timeline: input.timeline,
        budget: input.budget,
        contact_method: input.contactMethod,
        notes: input.notes,
        quote_requested_at: lead.quote_requested_at ?? now,
        updated_at: now,
      })
      .where('id', '=', lead.id)
      .execute();
    await trx
      .insertInto('analytics_events')
      .values({
        id: randomUUID(),
        name: 'quote_request',
        user_id: user.id,
        lead_id: lead.id,
        properties: JSON.stringify({ zip_code: input.zipCode, project_type: input.projectType, timeline: input.timeline, budget: input.budget, contact_method: input.contactMethod }),
        created_at: now,
      })
      .execute();
  });
  // Rescored before automatic assignment, whose email shows the close probability.
  await refreshLeadScoresQuietly(db, { leadIds: [lead.id] }, deps.log, new Date(now));
  // The admin's automatic assignment (off, round robin or next in line); the quote itself is already
  // saved, so a failure here is logged for admins rather than refused to the homeowner.
  await autoAssignOnQuote(db, lead.id, deps).catch((error: unknown) => deps.log?.error({ err: error, leadId: lead.id }, 'automatic assignment failed'));
  return db.selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
}

/**
 * The lead behind 'Get a quote for a design like this': one per homeowner and feed design, with the
 * design's room and style, created on the first request and reused after.
 */
async function inspiredLead(deps: LeadDeps, user: CurrentUser, inspirationId: string, zip: string, now: string): Promise<Lead> {
  const { db } = deps;
  const key = `inspired:${inspirationId}:${user.id}`;
  const existing = await db.selectFrom('leads').selectAll().where('design_request_id', '=', key).executeTakeFirst();
  if (existing) return existing;
  const example = EXAMPLE_DESIGNS.find((design) => design.id === inspirationId);
  const source = example
    ? { room_type: example.roomType, style: example.style }
    : await db.selectFrom('leads').select(['room_type', 'style']).where('id', '=', inspirationId).where('share_in_feed', '=', true).where('hidden_from_feed', '=', false).executeTakeFirst();
  if (!source) throw notFound('This design is no longer in the feed.');
  const id = randomUUID();
  await db.insertInto('leads').values({ id, user_id: user.id, design_request_id: key, email: user.email.toLowerCase(), name: user.name || null, zip, room_type: source.room_type, style: source.style, created_at: now, updated_at: now }).execute();
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
