// POST /api/send-email (the seed's email step), POST /api/quotes (the quote request), and the
// unsubscribe link of every email.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  quoteConsentResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  sendEmailResponseSchema,
  sendEmailSchema,
} from '#shared/lead.schema';
import { EMAIL_STEP_MESSAGES, HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from '#shared/messages';
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { AppError } from '#server/http/errors';
import { MY_DESIGNS_ANCHOR, MY_DESIGNS_PATH } from '#shared/pages';
import { CONFIRMED_PAGE_PATH } from '#server/modules/auth/email-confirmation';
import { requireUser, signedIn } from '#server/modules/auth/guards';
import { isValidUnsubscribeToken } from './email-links';
import { requestQuote, submitDesignEmail, type LeadDeps } from './lead.service';
import { sendMessagePage } from '#server/http/server-page';
import { clearSubscription } from './leads.repository';
import { unsubscribeSubscriber } from '#server/modules/marketing/marketing.repository';
import { quoteConsentText, quoteConsentVersion } from '#shared/consent';
import { readAssignmentSettings } from '#server/modules/assignments/assignment-settings.repository';

export async function leadsRoutes(app: FastifyInstance, deps: LeadDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/send-email', {
    onRequest: signedIn,
    schema: { body: sendEmailSchema, response: { 200: sendEmailResponseSchema } },
    // The seed's client shows 'Email failed: {message}' with the service's 'Failed to send email: …'.
    // Client errors keep their status (malformed JSON 400, a body over the limit 413, a wrong content
    // type 415), with a message the modal can show; only real faults are 500.
    errorHandler(error: FastifyError | AppError, request, reply: FastifyReply) {
      const status = error instanceof AppError ? error.status : error.validation ? 400 : (clientErrorStatus(error) ?? 500);
      const detail = status === 413 ? EMAIL_STEP_MESSAGES.tooLarge : status < 500 ? error.message : PRODUCT_MESSAGES.internalError;
      if (status >= 500) request.log.error({ err: error }, 'send-email failed');
      return reply.status(status).send({ success: false, error: HOMEOWNER_MESSAGES.failedToSendEmail(detail) });
    },
    handler: async (request) => {
      const user = await requireUser(request);
      const { leadId, message } = await submitDesignEmail(deps, user, request.body);
      return { success: true as const, message, leadId };
    },
  });

  routes.post(
    '/api/quotes',
    { onRequest: signedIn, schema: { body: quoteRequestSchema, response: { 200: quoteResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const lead = await requestQuote(deps, user, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      return {
        success: true as const,
        message: EMAIL_STEP_MESSAGES.quoteSent,
        lead: {
          id: lead.id,
          wants_quote: lead.wants_quote,
          project_type: lead.project_type,
          timeline: lead.timeline,
          budget: lead.budget,
          contact_method: lead.contact_method,
          contact_consent: lead.consent_at !== null,
        },
      };
    },
  );

  routes.get('/api/consent/quote', { schema: { response: { 200: quoteConsentResponseSchema } } }, async () => {
    const { max_contractors_per_lead: max } = await readAssignmentSettings(deps.db);
    return { success: true as const, version: quoteConsentVersion(max), text: quoteConsentText(max) };
  });

  routes.get('/api/email/unsubscribe', { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) => {
    const { email = '', token = '' } = request.query;
    const valid = email && token && isValidUnsubscribeToken(deps.authSecret, email, token);
    if (valid) {
      const address = email.toLowerCase();
      await clearSubscription(deps.db, address);
      await unsubscribeSubscriber(deps.db, address);
    }
    const message = valid
      ? 'You are unsubscribed. You will not receive design tips or contractor offers from us.'
      : 'This unsubscribe link is not valid.';
    return sendMessagePage(reply, valid ? 200 : 400, 'Unsubscribe', message);
  });

  /** Where the confirmation link lands once better-auth has checked it (with ?error=… when it could not). */
  routes.get(CONFIRMED_PAGE_PATH, { schema: { querystring: confirmedQuerySchema } }, async (request, reply) => {
    const { error } = request.query;
    const myDesigns = { href: `${MY_DESIGNS_PATH}#${MY_DESIGNS_ANCHOR}`, label: 'See My Designs' };
    if (!error)
      return sendMessagePage(
        reply,
        200,
        'Email confirmed',
        'Thank you! Your email address is confirmed. If you asked for a design, it is on its way to your inbox now, and it is in My Designs too.',
        myDesigns,
      );
    const expired = error === 'TOKEN_EXPIRED';
    return sendMessagePage(
      reply,
      400,
      'Email not confirmed',
      expired
        ? 'This confirmation link has expired. Sign in and ask for a new one from My Designs.'
        : 'This confirmation link is not valid. Please use the newest link we sent you, or ask for a new one from My Designs.',
      { href: `${MY_DESIGNS_PATH}#${MY_DESIGNS_ANCHOR}`, label: 'Ask for a new link' },
    );
  });
}

const unsubscribeQuerySchema = z.object({ email: z.string().max(LIMITS.emailMaxLength).optional(), token: z.string().max(200).optional() });
const confirmedQuerySchema = z.object({ error: z.string().max(100).optional() });

/** A client error Fastify raised (body parsing, limits, content type) keeps its status. */
function clientErrorStatus(error: FastifyError): number | null {
  return error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : null;
}
