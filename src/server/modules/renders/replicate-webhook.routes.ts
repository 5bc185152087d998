// POST /api/webhooks/replicate: Replicate calls this when a prediction completes (REPLICATE_WEBHOOK_SECRET set,
// URL built from PUBLIC_URL). The signature is checked over the raw body; a genuine call only nudges the worker
// waiting on that prediction to look now. The worker then reads the prediction from Replicate itself, so the
// webhook's body is never trusted for the result, and polling still finishes the render if a webhook is lost.
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/database';
import { verifyReplicateWebhook } from '#server/engines/replicate/replicate-webhook';
import { AppError, notFound } from '#server/http/errors';
import type { RenderEvents } from './render-events';
import { findRenderByProviderJob } from './renders.repository';
import { webhookReceivedResponseSchema } from '#shared/render.schema';

export const REPLICATE_WEBHOOK_PATH = '/api/webhooks/replicate';
const INVALID_SIGNATURE = 'Invalid webhook signature.';
/** Ids seen within the signature's own replay window (5 minutes) plus a margin. */
const SEEN_FOR_MS = 10 * 60_000;

export type ReplicateWebhookDeps = { db: Db; events: RenderEvents; secret: string | undefined; now?: () => number };

export async function replicateWebhookRoutes(app: FastifyInstance, deps: ReplicateWebhookDeps) {
  const now = deps.now ?? Date.now;
  // A delivery id is accepted once. Per instance is enough: a replayed nudge only causes one extra status read.
  const seen = new Map<string, number>();
  const firstDelivery = (id: string) => {
    const at = now();
    for (const [known, expires] of seen) if (expires < at) seen.delete(known);
    if (seen.has(id)) return false;
    seen.set(id, at + SEEN_FOR_MS);
    return true;
  };

  // The signature covers the exact bytes sent, so this route reads the body as text (this plugin only).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(REPLICATE_WEBHOOK_PATH, { schema: { response: { 200: webhookReceivedResponseSchema } } }, async (request) => {
    if (!deps.secret) throw notFound();
    const body = typeof request.body === 'string' ? request.body : '';
    if (!verifyReplicateWebhook({ secret: deps.secret, headers: request.headers, body, now: now() })) {
      throw new AppError('AUTHENTICATION_REQUIRED', INVALID_SIGNATURE);
    }
    if (!firstDelivery(String(request.headers['webhook-id']))) return { success: true, duplicate: true };
    let predictionId: unknown;
    try {
      predictionId = (JSON.parse(body) as { id?: unknown }).id;
    } catch {
      predictionId = undefined;
    }
    if (typeof predictionId !== 'string') return { success: true };
    const render = await findRenderByProviderJob(deps.db, predictionId);
    if (render) deps.events.remoteUpdated(render.id);
    return { success: true };
  });
}
