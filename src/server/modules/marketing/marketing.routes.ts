// The footer's newsletter field and 'Join as Contractor' form, and the contact page's form.
// Each stores what was sent; the newsletter's confirmation email comes with the mail work.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCT_MESSAGES } from '../../../shared/messages';
import { contactMessageSchema, contractorApplicationSchema, newsletterSubscribeSchema } from '../../../shared/site.schema';
import type { Db } from '../../db/database';

export async function marketingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/newsletter/subscribe', { schema: { body: newsletterSubscribeSchema } }, async (request) => {
    const email = request.body.email.toLowerCase();
    const inserted = await db
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email, confirm_token: randomBytes(24).toString('base64url') })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    const isNew = inserted !== undefined;
    return { success: true, message: isNew ? PRODUCT_MESSAGES.newsletterThanks : PRODUCT_MESSAGES.newsletterAlready };
  });

  routes.post('/api/contractor-applications', { schema: { body: contractorApplicationSchema } }, async (request) => {
    const { name, company, email, phone, trade, serviceArea, message } = request.body;
    const user = await request.currentUser();
    const id = randomUUID();
    await db
      .insertInto('contractor_applications')
      .values({ id, name, company, email: email.toLowerCase(), phone, trade, service_area: serviceArea, message, user_id: user?.id ?? null })
      .execute();
    return { success: true, id, message: PRODUCT_MESSAGES.contractorApplicationThanks };
  });

  routes.post('/api/contact', { schema: { body: contactMessageSchema } }, async (request) => {
    const { name, email, message } = request.body;
    const user = await request.currentUser();
    const id = randomUUID();
    await db.insertInto('contact_messages').values({ id, name, email: email.toLowerCase(), message, user_id: user?.id ?? null }).execute();
    return { success: true, id, message: PRODUCT_MESSAGES.contactThanks };
  });
}
