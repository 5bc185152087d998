// POST /api/send-email (the seed's email step), POST /api/quotes (the quote request), and the
// unsubscribe link of every email.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_STEP_MESSAGES, quoteRequestSchema, sendEmailSchema } from '../../../shared/lead.schema';
import { HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth/guards';
import { isValidUnsubscribeToken } from './email-links';
import { requestQuote, submitDesignEmail, type LeadDeps } from './lead.service';
import { sendMessagePage } from '../../http/server-page';
import { signedIn } from '../auth/guards';

export async function leadsRoutes(app: FastifyInstance, deps: LeadDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/send-email', {
    onRequest: signedIn,
    schema: { body: sendEmailSchema },
    // The seed's client shows 'Email failed: {message}' with the service's 'Failed to send email: …'.
    errorHandler(error: FastifyError | AppError, request, reply) {
      const status = error instanceof AppError ? error.status : error.validation ? 400 : 500;
      const detail = error instanceof AppError || error.validation ? error.message : PRODUCT_MESSAGES.internalError;
      if (status >= 500) request.log.error({ err: error }, 'send-email failed');
      return reply.status(status).send({ success: false, error: HOMEOWNER_MESSAGES.failedToSendEmail(detail) });
    },
    handler: async (request) => {
      const user = await requireUser(request);
      const { leadId, message } = await submitDesignEmail(deps, user, request.body);
      return { success: true, message, leadId };
    },
  });

  routes.post('/api/quotes', { onRequest: signedIn, schema: { body: quoteRequestSchema } }, async (request) => {
    const user = await requireUser(request);
    const lead = await requestQuote(deps, user, request.body);
    return {
      success: true,
      message: EMAIL_STEP_MESSAGES.quoteSent,
      lead: { id: lead.id, wants_quote: lead.wants_quote, project_type: lead.project_type, timeline: lead.timeline, budget: lead.budget, contact_method: lead.contact_method },
    };
  });

  app.get<{ Querystring: { email?: string; token?: string } }>('/api/email/unsubscribe', async (request, reply) => {
    const { email = '', token = '' } = request.query;
    const valid = email && token && isValidUnsubscribeToken(deps.authSecret, email, token);
    if (valid) {
      const address = email.toLowerCase();
      await deps.db.updateTable('leads').set({ subscribe: false }).where('email', '=', address).execute();
      await deps.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).where('email', '=', address).execute();
    }
    const message = valid ? 'You are unsubscribed. You will not receive design tips or contractor offers from us.' : 'This unsubscribe link is not valid.';
    return sendMessagePage(reply, valid ? 200 : 400, 'Unsubscribe', message);
  });
}
