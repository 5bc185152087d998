// The render calls: start a render, read its state, follow it live (server-sent events), and fetch
// the blurred preview or, once released by the email step, the full result.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createRenderSchema, renderEnded, renderResponseSchema, type RenderState } from '#shared/render.schema';
import type { Db } from '#server/db/database';
import { forbidden, notFound } from '#server/http/errors';
import { createPoller } from '#server/infra/poller';
import type { JobQueue } from '#server/infra/queue/job-queue';
import type { Storage } from '#server/infra/storage/storage';
import { requireUser } from '#server/modules/auth/guards';
import { sendJpeg } from '#server/http/send-image';
import type { RenderEvents } from './render-events';
import type { RenderStreams } from './render-streams';
import { cancelRender, readState, renderForViewer, startRender } from './render.service';
import { signedInWithApprovedZip } from '#server/modules/service-area/zip-gate';
import { okResponseSchema } from '#shared/back-office.schema';

export type RenderRouteDeps = { db: Db; storage: Storage; queue: JobQueue; events: RenderEvents; streams: RenderStreams };

/** A stream re-reads the row at least this often, in case the worker runs in another process. */
const STREAM_POLL_MS = 1000;
const RESULT_LOCKED = 'Enter your email to see the full-resolution design.';

export async function rendersRoutes(app: FastifyInstance, deps: RenderRouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/renders',
    { onRequest: signedInWithApprovedZip(deps.db), schema: { body: createRenderSchema, response: { 200: renderResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const id = await startRender(deps, user, request.body);
      return { success: true as const, render: await readState(deps.db, user, id) };
    },
  );

  routes.get<{ Params: { id: string } }>('/api/renders/:id', { schema: { response: { 200: renderResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { success: true as const, render: await readState(deps.db, user, request.params.id) };
  });

  app.get<{ Params: { id: string } }>('/api/renders/:id/events', async (request, reply) => {
    const user = await requireUser(request);
    let state = await readState(deps.db, user, request.params.id);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let lastSent = '';
    const send = (next: RenderState) => {
      const data = JSON.stringify(next);
      if (data === lastSent) return;
      lastSent = data;
      stream.write(`event: state\ndata: ${data}\n\n`);
    };

    // One read at a time: two reads in flight on separate database connections can answer out of order, and the
    // bar would step back (48 after 80). A change published during a read asks for one more read after it.
    let closed = false;
    const reads = createPoller({
      name: 'render progress stream',
      intervalMs: STREAM_POLL_MS,
      round: async () => {
        if (closed) return;
        state = await readState(deps.db, user, state.id).catch(() => state);
        // Closed while the row was read (the homeowner left): nothing more is written to the ended stream.
        if (closed) return;
        send(state);
        if (renderEnded(state)) close();
      },
    });
    const unsubscribe = deps.events.subscribe(state.id, reads.wake);
    const forget = deps.streams.open(async () => {
      await reads.tick();
      close();
    });
    function close() {
      if (closed) return;
      closed = true;
      forget();
      unsubscribe();
      void reads.stop();
      stream.end();
    }
    request.raw.on('close', close);
    send(state);
    if (renderEnded(state)) close();
    else reads.start();
  });

  /** Closing the progress modal: a queued render never starts, a running one is aborted (its provider cancels). */
  app.delete<{ Params: { id: string } }>('/api/renders/:id', { schema: { response: { 200: okResponseSchema } } }, async (request) => {
    const { render } = await ownRender(deps.db, request);
    await cancelRender(deps, render);
    return { success: true };
  });

  app.get<{ Params: { id: string } }>('/api/renders/:id/preview', async (request, reply) => {
    const { render } = await ownRender(deps.db, request);
    if (!render.preview_key) throw notFound();
    return sendJpeg(reply, await deps.storage.get(render.preview_key));
  });

  app.get<{ Params: { id: string } }>('/api/renders/:id/result', async (request, reply) => {
    const { render, user } = await ownRender(deps.db, request);
    if (!render.result_key) throw notFound();
    // The server decides: the full image stays locked until the email step, for everyone but admins.
    if (!render.released_at && user.role !== 'admin') throw forbidden(RESULT_LOCKED);
    return sendJpeg(reply, await deps.storage.get(render.result_key));
  });
}

async function ownRender(db: Db, request: FastifyRequest<{ Params: { id: string } }>) {
  const user = await requireUser(request);
  return { render: await renderForViewer(db, user, request.params.id), user };
}
