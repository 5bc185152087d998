// Mounts better-auth under /api/auth, checks sign-up with the shared rules first (so the seed's
// messages come from the server too), and works out who is asking for every other route.
//
// Who is asking, and how fresh: a browser's GET or HEAD may be answered from the signed session copy in
// its cookie (better-auth's cookie cache, auth.ts), without the database. Anything that changes state, and
// every staff route (requireRole), looks the session up in the database (`verifiedUser`), so a signed-out,
// deleted or demoted session can change nothing and see no staff data from the moment it is revoked; its
// own reads follow within the cache lifetime. Cookies better-auth sets while looking up (a renewed copy,
// a refreshed session) go out with the answer. A copy better-auth has accepted once is remembered for the
// rest of its life (accepted-session-copies.ts), so the same browser's next reads skip better-auth too.
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
import { AcceptedSessionCopies, sessionCookies } from './accepted-session-copies';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The signed-in user (cookie or bearer token), looked up once per request; reads may use the cookie copy. */
    currentUser: () => Promise<CurrentUser | null>;
    /** The signed-in user as the database has them now (never the cookie copy). */
    verifiedUser: () => Promise<CurrentUser | null>;
  }
}

// fastify-plugin: the currentUser decoration must reach every other module's routes.
export const authRoutes = fastifyPlugin(async function authRoutes(app: FastifyInstance, { auth, db }: { auth: Auth; db: Db }) {
  const lookups = new WeakMap<FastifyRequest, { cached?: Promise<CurrentUser | null>; fresh?: Promise<CurrentUser | null> }>();
  const cookiesToSend = new WeakMap<FastifyRequest, string[]>();
  const acceptedCopies = new AcceptedSessionCopies();
  const setCookies = (request: FastifyRequest) => (cookies: string[]) => cookiesToSend.set(request, cookies);
  function lookUp(request: FastifyRequest, fresh: boolean) {
    const slots = lookups.get(request) ?? {};
    lookups.set(request, slots);
    // A database lookup already made in this request serves a read too (a staff route's guard, then its
    // handler), so no request asks better-auth twice.
    if (!fresh && slots.fresh) return slots.fresh;
    const key = fresh ? 'fresh' : 'cached';
    slots[key] ??= fresh ? findCurrentUser(auth, request, true, setCookies(request)) : findUserFromCopy(request);
    return slots[key];
  }
  /** A read: the remembered verdict for these exact cookies, or better-auth's, remembered when it set no cookie. */
  async function findUserFromCopy(request: FastifyRequest): Promise<CurrentUser | null> {
    // A bearer token (API clients) has no cookie copy; better-auth looks it up.
    const cookies = request.headers.authorization ? null : sessionCookies(request.headers.cookie);
    const remembered = cookies && acceptedCopies.find(cookies);
    if (remembered) return remembered;
    let setAny = false;
    const user = await findCurrentUser(auth, request, false, (sent) => {
      setAny = true;
      setCookies(request)(sent);
    });
    if (user && cookies && !setAny) acceptedCopies.remember(cookies, user);
    return user;
  }
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return lookUp(this, !SAFE_METHODS.has(this.method));
  });
  app.decorateRequest('verifiedUser', function (this: FastifyRequest) {
    return lookUp(this, true);
  });
  app.addHook('onSend', async (request, reply) => {
    const cookies = cookiesToSend.get(request);
    if (!cookies?.length) return;
    const existing = reply.getHeader('set-cookie');
    reply.header('set-cookie', [...(Array.isArray(existing) ? existing : existing ? [String(existing)] : []), ...cookies]);
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

const SAFE_METHODS = new Set(['GET', 'HEAD']);

async function findCurrentUser(
  auth: Auth,
  request: FastifyRequest,
  fresh: boolean,
  onCookies: (cookies: string[]) => void,
): Promise<CurrentUser | null> {
  const { headers, response } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    query: { disableCookieCache: fresh },
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) onCookies(cookies);
  if (!response) return null;
  const { id, email, name, role } = response.user;
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
