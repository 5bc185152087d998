// The email step and the quote request. The email step turns a finished render into a lead (one per
// render: a retry updates it), releases the full image and queues the homeowner's email, all in one
// transaction, so a lead is never acknowledged without its email on the way. The quote request adds the
// project details to that lead and rescores it.
import { myDesignsQuoteUrl } from '#shared/pages';
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '#shared/api';
import { roomTypeLabel } from '#shared/constants';
import { EMAIL_STEP_MESSAGES } from '#shared/messages';
import { type quoteRequestSchema, type sendEmailSchema } from '#shared/lead.schema';
import type { z } from 'zod';
import type { Db } from '#server/db/database';
import type { Database, Lead, RendersTable } from '#server/db/schema';
import type { Selectable, Transaction } from 'kysely';
import { isEmailConfirmed, queueConfirmationMail } from '#server/modules/auth/email-confirmation';
import { forbidden, invalid, notFound } from '#server/http/errors';
import { queueMail } from '#server/infra/mail/outbox';
import { autoAssignOnQuote } from '#server/modules/assignments/assignment.service';
import { EXAMPLE_DESIGNS } from '#server/modules/feed/example-designs';
import { requireServedQuoteZip, requireServedZip } from '#server/modules/service-area/zip-gate';
import { unsubscribeUrl } from './email-links';
import {
  findFeedLead,
  findLead,
  findLeadByDesignRequest,
  insertLead,
  markEmailConfirmed,
  updateLead,
  upsertDesignLead,
} from './leads.repository';
import { renderDesignReadyEmail } from './emails/design-ready-email';
import { nowOf, type Clock } from '#server/infra/clock';
import type { Log } from '#server/infra/log';
import type { DomainEvents } from '#server/infra/domain-events';
import { assignmentsOn } from '#server/modules/assignments/assignment.store';
import { quoteConsentText, quoteConsentVersion } from '#shared/consent';
import { creditOf } from '#server/modules/renders/render-credit';
import { findRender } from '#server/modules/renders/renders.repository';
import { readAssignmentSettings } from '#server/modules/assignments/assignment-settings.repository';

export type LeadDeps = {
  db: Db;
  publicUrl: string;
  authSecret: string;
  postalAddress: string;
  domainEvents: DomainEvents;
  now?: Clock;
  log?: Pick<Log, 'error'>;
};
type SendEmail = z.output<typeof sendEmailSchema>;
type QuoteRequest = z.output<typeof quoteRequestSchema>;

export async function submitDesignEmail(deps: LeadDeps, user: CurrentUser, input: SendEmail): Promise<{ leadId: string; message: string }> {
  const { db } = deps;
  const now = nowOf(deps).toISOString();
  // The email is locked to the account's address (seed 000 §5); the server holds to that too.
  if (input.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden(EMAIL_STEP_MESSAGES.accountEmailOnly);

  const found = await findUsersRender(db, user, input);
  if (!found) throw notFound('Design not found. Please create your design again.');
  // The design's picked result (its first render unless the homeowner picked a variation or a refinement).
  const { design, render } = await pickedResult(db, found);
  if (render.status !== 'succeeded' || !render.result_key) throw invalid('Your design is not ready yet.');
  await requireServedZip(db, input.zipCode);

  const { leadId, confirmed } = await db.transaction().execute(async (trx) => {
    const confirmed = await isEmailConfirmed(trx, user.id);
    const fields = {
      name: input.name,
      email: user.email.toLowerCase(),
      phone: input.phone,
      zip: input.zipCode,
      room_type: render.room_type,
      style: render.style_name ?? 'Custom',
      subscribe: input.subscribe,
      share_in_feed: input.shareInFeed,
      image_url: `/api/uploads/${render.upload_id}/image`,
      ai_url: `/api/renders/${render.id}/result`,
      email_confirmed: confirmed,
      // Unconfirmed: the design email waits for the link in the confirmation message.
      design_email_pending: !confirmed,
      updated_at: now,
    };
    const leadId = await upsertDesignLead(
      trx,
      { id: randomUUID(), user_id: user.id, render_id: render.id, design_request_id: design.id, created_at: now, ...fields },
      fields,
    );

    // The email step releases every result of the design: the homeowner gave their address for it.
    await trx
      .updateTable('renders')
      .set({ released_at: now, updated_at: now })
      .where((eb) => eb.or([eb('id', '=', design.id), eb('design_id', '=', design.id)]))
      .where('released_at', 'is', null)
      .execute();
    // Unconfirmed: a short confirmation message instead (no images, no text of theirs, at most once a
    // day); opening its link sends the design email (onEmailConfirmed).
    if (confirmed) await queueDesignEmail(trx, deps, leadId, new Date(now));
    else await queueConfirmationMail(trx, deps, user, new Date(now));
    const metadata = {
      room_type: render.room_type,
      style: fields.style,
      zip_code: input.zipCode,
      wants_quote: input.subscribe,
      timestamp: now,
    };
    await trx
      .insertInto('user_events')
      .values({ id: randomUUID(), user_id: user.id, event_type: 'email_submit', metadata: JSON.stringify(metadata), created_at: now })
      .execute();
    await trx
      .insertInto('analytics_events')
      .values({
        id: randomUUID(),
        name: 'email_submit',
        user_id: user.id,
        lead_id: leadId,
        properties: JSON.stringify({ room_type: render.room_type, style: fields.style, zip: input.zipCode, subscribe: input.subscribe }),
        created_at: now,
      })
      .execute();
    return { leadId, confirmed };
  });
  // After the commit, so the sender finds the message when it wakes.
  await deps.domainEvents.emit('mail.queued', {});
  // A design shared into the community feed appears there at once.
  if (input.shareInFeed) await deps.domainEvents.emit('feed.changed', {});
  // A new render and new contact details move the scores of every lead of this homeowner.
  await deps.domainEvents.emit('lead.engaged', { target: { userId: user.id }, at: new Date(now) });
  return { leadId, message: confirmed ? EMAIL_STEP_MESSAGES.sent : EMAIL_STEP_MESSAGES.confirmAddressFirst(user.email) };
}

/**
 * After the homeowner opened the confirmation link: their leads record the confirmed address, and every
 * design email that waited for it is queued now.
 */
export async function onEmailConfirmed(deps: LeadDeps, userId: string): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    const waiting = await markEmailConfirmed(trx, userId, now.toISOString());
    for (const leadId of waiting) await queueDesignEmail(trx, deps, leadId, now);
  });
  await deps.domainEvents.emit('mail.queued', {});
  // A confirmed address is a signal in the lead score.
  await deps.domainEvents.emit('lead.engaged', { target: { userId }, at: now });
}

/**
 * The render the email step is about: by designRequestId, or, for a client that only knows the seed's
 * answer and sends its own designRequestId, by the render URL it shows as afterImage.
 */
async function findUsersRender(db: Db, user: CurrentUser, input: SendEmail) {
  const byId = await db
    .selectFrom('renders')
    .selectAll()
    .where('id', '=', input.designRequestId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (byId) return byId;
  const fromImage = input.afterImage?.match(RENDER_IMAGE_URL)?.[1];
  if (!fromImage) return undefined;
  return db.selectFrom('renders').selectAll().where('id', '=', fromImage).where('user_id', '=', user.id).executeTakeFirst();
}
/** The design a render belongs to, and the result picked for it (the first render unless another was picked). */
async function pickedResult(db: Db, render: Selectable<RendersTable>) {
  const design = render.design_id && render.design_id !== render.id ? ((await findRender(db, render.design_id)) ?? render) : render;
  const picked = design.picked_render_id ? await findRender(db, design.picked_render_id) : undefined;
  return { design, render: picked?.status === 'succeeded' ? picked : design };
}

/** Our render image URLs, relative or absolute: /api/renders/{id}/preview or /result. */
const RENDER_IMAGE_URL = /^(?:https?:\/\/[^/]+)?\/api\/renders\/([0-9a-f-]{36})\/(?:preview|result)(?:\?.*)?$/;

/** A design email sent this recently is not sent again (repeated clicks, racing requests). */
const RESEND_AFTER_MS = 10 * 60 * 1000;

/**
 * Queues the homeowner's design email for a lead (in the caller's transaction), unless one is already on
 * its way or went in the last few minutes; asking again later, when it did not arrive, sends it again.
 */
async function queueDesignEmail(
  trx: Transaction<Database>,
  deps: Pick<LeadDeps, 'publicUrl' | 'authSecret' | 'postalAddress'>,
  leadId: string,
  now: Date,
): Promise<void> {
  // Handled now, whatever follows: sent, already on its way, or nothing left to send.
  await updateLead(trx, leadId, { design_email_pending: false });
  const lead = (await findLead(trx, leadId))!;
  const render = lead.render_id
    ? await trx
        .selectFrom('renders')
        .select(['result_key', 'upload_id', 'provider', 'model', 'fallback_reason'])
        .where('id', '=', lead.render_id)
        .executeTakeFirst()
    : undefined;
  const upload = render
    ? await trx.selectFrom('uploads').select('email_copy_key').where('id', '=', render.upload_id).executeTakeFirst()
    : undefined;
  // The photos went with the account (deleted meanwhile): there is nothing left to send.
  if (!render?.result_key || !upload) return;
  const recently = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const onItsWay = await trx
    .selectFrom('mail_outbox')
    .select('id')
    .where('lead_id', '=', leadId)
    .where('kind', '=', 'homeowner-design')
    .where((eb) =>
      eb.or([eb('status', 'in', ['pending', 'sending']), eb.and([eb('status', '=', 'sent'), eb('created_at', '>', recently)])]),
    )
    .executeTakeFirst();
  if (onItsWay) return;
  const roomLabel = roomTypeLabel(lead.room_type, 'Room');
  const styleName = lead.style ?? 'Custom';
  const email = renderDesignReadyEmail({
    name: lead.name,
    roomLabel,
    styleName,
    beforeCid: 'before-image',
    afterCid: 'after-image',
    quoteUrl: myDesignsQuoteUrl(deps.publicUrl, leadId),
    credit: creditOf(render),
    feedbackUrl: (rating) => `${deps.publicUrl}/feedback?lead_id=${encodeURIComponent(leadId)}&rating=${rating}`,
    unsubscribeUrl: unsubscribeUrl(deps.publicUrl, deps.authSecret, lead.email),
    postalAddress: deps.postalAddress,
  });
  await queueMail(trx, {
    kind: 'homeowner-design',
    to: lead.email,
    subject: email.subject,
    html: email.html,
    text: email.text,
    leadId,
    attachments: [
      { filename: 'before.jpg', storageKey: upload.email_copy_key, contentType: 'image/jpeg', cid: 'before-image' },
      { filename: 'after.jpg', storageKey: render.result_key, contentType: 'image/jpeg', cid: 'after-image' },
    ],
  });
}

/** The consent columns for the text the homeowner saw, refused when that text is no longer the current one. */
async function consentRecord(db: Db, version: string | undefined, source: ConsentSource, now: string) {
  const { max_contractors_per_lead: max } = await readAssignmentSettings(db);
  if (version !== quoteConsentVersion(max)) throw invalid(EMAIL_STEP_MESSAGES.consentChanged);
  return {
    consent_version: version,
    consent_text: quoteConsentText(max),
    consent_at: now,
    consent_ip: source.ip,
    consent_user_agent: source.userAgent?.slice(0, 500) ?? null,
  };
}

/** Where a consent came from: the request's address and browser, kept with the consent text. */
export type ConsentSource = { ip: string; userAgent: string | null };

export async function requestQuote(deps: LeadDeps, user: CurrentUser, input: QuoteRequest, source: ConsentSource): Promise<Lead> {
  const { db } = deps;
  const now = nowOf(deps).toISOString();
  const consent = input.contactConsent ? await consentRecord(db, input.consentVersion, source, now) : {};
  const lead = input.designRequestId
    ? await findLeadByDesignRequest(db, input.designRequestId)
    : await inspiredLead(deps, user, input.inspirationId!, input.zipCode, now);
  if (!lead || lead.user_id !== user.id) throw notFound('Please enter your email for this design first.');
  // "Call me" needs a number: the one given now, or one the email step already has.
  const phone = input.phone ?? lead.phone;
  if (input.contactMethod === 'phone' && !phone) throw invalid(EMAIL_STEP_MESSAGES.phoneNeeded);
  await db.transaction().execute(async (trx) => {
    await updateLead(trx, lead.id, {
      wants_quote: true,
      project_type: input.projectType,
      timeline: input.timeline,
      budget: input.budget,
      contact_method: input.contactMethod,
      phone,
      notes: input.notes,
      quote_requested_at: lead.quote_requested_at ?? now,
      updated_at: now,
      // A quote without the box ticked keeps an earlier consent; withdrawing one is a separate request.
      ...consent,
    });
    await trx
      .insertInto('analytics_events')
      .values({
        id: randomUUID(),
        name: 'quote_request',
        user_id: user.id,
        lead_id: lead.id,
        properties: JSON.stringify({
          zip_code: input.zipCode,
          project_type: input.projectType,
          timeline: input.timeline,
          budget: input.budget,
          contact_method: input.contactMethod,
        }),
        created_at: now,
      })
      .execute();
  });
  // Rescored before automatic assignment, whose email shows the close probability.
  await deps.domainEvents.emit('lead.engaged', { target: { leadIds: [lead.id] }, at: new Date(now) });
  // The admin's automatic assignment (off, round robin or next in line); the quote itself is already
  // saved, so a failure here is logged for admins rather than refused to the homeowner.
  await autoAssignOnQuote(assignmentsOn(db, deps), lead.id, deps).catch((error: unknown) =>
    deps.log?.error({ err: error, leadId: lead.id }, 'automatic assignment failed'),
  );
  return (await findLead(db, lead.id))!;
}

/**
 * The lead behind 'Get a quote for a design like this': one per homeowner and feed design, with the
 * design's room and style, created on the first request and reused after.
 */
async function inspiredLead(deps: LeadDeps, user: CurrentUser, inspirationId: string, zip: string, now: string): Promise<Lead> {
  const { db } = deps;
  await requireServedQuoteZip(db, zip);
  const key = `inspired:${inspirationId}:${user.id}`;
  const existing = await findLeadByDesignRequest(db, key);
  if (existing) return existing;
  const example = EXAMPLE_DESIGNS.find((design) => design.id === inspirationId);
  const source = example ? { room_type: example.roomType, style: example.style } : await findFeedLead(db, inspirationId);
  if (!source) throw notFound('This design is no longer in the feed.');
  // Simultaneous first requests: the unique key lets one insert win and the others read its row.
  await insertLead(db, {
    id: randomUUID(),
    user_id: user.id,
    design_request_id: key,
    email: user.email.toLowerCase(),
    name: user.name || null,
    zip,
    room_type: source.room_type,
    style: source.style,
    email_confirmed: await isEmailConfirmed(db, user.id),
    created_at: now,
    updated_at: now,
  });
  return (await findLeadByDesignRequest(db, key))!;
}
