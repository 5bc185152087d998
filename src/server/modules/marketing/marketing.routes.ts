// The footer's newsletter field (double opt-in: a confirmation email, then a confirm link), the
// 'Join as Contractor' form, the contact page's form, and the marketing claims the site may make.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimsBorneOut } from '#shared/constants';
import { PRODUCT_MESSAGES } from '#shared/messages';
import { contactMessageSchema, contractorApplicationSchema, newsletterSubscribeSchema } from '#shared/site.schema';
import { sendMessagePage } from '#server/http/server-page';
import { insertApplication } from '#server/modules/contractors/contractor-applications.repository';
import { confirmSubscriber, countClaimedFigures, insertContactMessage } from './marketing.repository';
import { subscribeToNewsletter, type NewsletterDeps } from './newsletter.service';
import { formReceivedResponseSchema, marketingClaimsResponseSchema, newsletterResponseSchema } from '#shared/site-response.schema';

export type MarketingDeps = NewsletterDeps;

/** The counts behind the claims change slowly and every home page asks: counted at most this often per instance. */
const CLAIMS_COUNTED_EVERY_MS = 5 * 60_000;

export async function marketingRoutes(app: FastifyInstance, deps: MarketingDeps) {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Only whether each claim holds leaves the server, not the counts themselves.
  let counted: { at: number; claims: ReturnType<typeof claimsBorneOut> } | null = null;
  routes.get('/api/marketing-claims', { schema: { response: { 200: marketingClaimsResponseSchema } } }, async () => {
    if (!counted || Date.now() - counted.at >= CLAIMS_COUNTED_EVERY_MS) {
      counted = { at: Date.now(), claims: claimsBorneOut(await countClaimedFigures(db)) };
    }
    return { success: true as const, claims: counted.claims };
  });

  routes.post(
    '/api/newsletter/subscribe',
    { schema: { body: newsletterSubscribeSchema, response: { 200: newsletterResponseSchema } } },
    async (request) => {
      const isNew = await subscribeToNewsletter(deps, request.body.email);
      return { success: true as const, message: isNew ? PRODUCT_MESSAGES.newsletterThanks : PRODUCT_MESSAGES.newsletterAlready };
    },
  );

  routes.get(
    '/api/newsletter/confirm',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const ok = token ? await confirmSubscriber(db, token, new Date().toISOString()) : false;
      const message = ok ? 'Thank you! Your subscription to MetroWest design tips is confirmed.' : 'This confirmation link is not valid.';
      return sendMessagePage(reply, ok ? 200 : 400, 'Newsletter', message);
    },
  );

  routes.post(
    '/api/contractor-applications',
    { schema: { body: contractorApplicationSchema, response: { 200: formReceivedResponseSchema } } },
    async (request) => {
      const { name, company, email, phone, trade, serviceArea, message } = request.body;
      const user = await request.currentUser();
      const id = randomUUID();
      await insertApplication(db, {
        id,
        name,
        company,
        email: email.toLowerCase(),
        phone,
        trade,
        service_area: serviceArea,
        message,
        user_id: user?.id ?? null,
      });
      return { success: true as const, id, message: PRODUCT_MESSAGES.contractorApplicationThanks };
    },
  );

  routes.post(
    '/api/contact',
    { schema: { body: contactMessageSchema, response: { 200: formReceivedResponseSchema } } },
    async (request) => {
      const { name, email, message } = request.body;
      const user = await request.currentUser();
      const id = randomUUID();
      await insertContactMessage(db, { id, name, email: email.toLowerCase(), message, user_id: user?.id ?? null });
      return { success: true as const, id, message: PRODUCT_MESSAGES.contactThanks };
    },
  );
}
