// Mounts better-auth under /api/auth, checks sign-up with the shared rules first (so the seed's
// messages come from the server too), and works out who is asking for every other route.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import type { CurrentUser } from '#shared/api';
import type { Db } from '#server/db/database';
import type { Auth } from './auth';
import { authInputProblem } from './auth-input';
import { notFound } from '#server/http/errors';
import { isRole, requireUser } from './guards';
import { findApprovedZip } from './users.repository';
import { profileResponseSchema } from '#shared/site-response.schema';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The signed-in user (cookie or bearer token), looked up once per request. */
    currentUser: () => Promise<CurrentUser | null>;
  }
}

// fastify-plugin: the currentUser decoration must reach every other module's routes.
export const authRoutes = fastifyPlugin(async function authRoutes(app: FastifyInstance, { auth, db }: { auth: Auth; db: Db }) {
  const lookups = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      lookup = findCurrentUser(auth, this);
      lookups.set(this, lookup);
    }
    return lookup;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      // The endpoint better-auth will run: the path is canonical here (http/request-edge.ts refused the rest).
      const endpoint = request.url.split('?', 1)[0];
      if (request.method === 'POST') {
        const error = authInputProblem(endpoint, request.body);
        // `message` too, because the better-auth client reads its errors from that field.
        if (error) return reply.status(400).send({ success: false, code: 'VALIDATION_ERROR', error, message: error });
      }
      const response = await auth.handler(toFetchRequest(request));
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      // better-auth answers an endpoint it does not have with an empty 404; ours says what happened.
      if (response.status === 404 && !body?.length) throw notFound();
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      // Several cookies may be set at once; Headers joins them unless read with getSetCookie().
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(body);
    },
  });

  /** The seed's profile read (`profiles`: role by user id), as an API call. */
  app.get('/api/profile', { schema: { response: { 200: profileResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { success: true as const, profile: { id: user.id, role: user.role, approved_zip: await findApprovedZip(db, user.id) } };
  });
});

async function findCurrentUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const { id, email, name, role } = result.user;
  return { id, email, name, role: isRole(role) ? role : 'homeowner' };
}

function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: fromNodeHeaders(request.headers),
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}
