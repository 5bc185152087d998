// The first thing every request meets: shapes that no route of ours can mean are refused here with a 400,
// once, before any rule (rate limits, guards, the sign-up rules) looks at the request.
//
// - Paths must already be in their one canonical spelling. better-auth normalises `/./`, `/x/../` and
//   `%2e` before it routes, while our limits compare the path they were given, so `POST
//   /api/auth/./sign-in/email` once reached sign-in without being counted. Refusing every path that
//   would need normalising (dot segments, empty segments, backslashes, escaped slashes or escaped
//   characters that need no escaping) means the path a rule sees is the path that runs.
// - A query parameter may appear once: `?token=a&token=b` arrives as an array where every route
//   expects a string.
// - No NUL character anywhere in the path, the query or a JSON body: PostgreSQL cannot store it in
//   text and answered 500; no field of ours has a use for it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_MESSAGES } from '#shared/messages';

/** Characters that never need escaping in a path (RFC 3986 unreserved). Escaping them is a second spelling. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Why the path is not canonical, or null when it is. */
export function nonCanonicalPathReason(rawUrl: string): string | null {
  const path = rawUrl.split(/[?#]/, 1)[0];
  if (!path.startsWith('/')) return 'must start with /';
  if (path.includes('\\')) return 'contains a backslash';
  for (const match of path.matchAll(/%([0-9A-Fa-f]{2})?/g)) {
    if (!match[1]) return 'contains a broken escape';
    const character = String.fromCharCode(parseInt(match[1], 16));
    if (UNRESERVED.test(character) || character === '/' || character === '\\') return 'escapes a character that needs no escaping';
    if (character === '\0') return 'contains a NUL character';
  }
  const segments = path.slice(1).split('/');
  for (const [index, segment] of segments.entries()) {
    if (segment === '.' || segment === '..') return 'contains a dot segment';
    // An empty segment is '//' (a trailing slash leaves one empty last segment, which is harmless).
    if (segment === '' && index < segments.length - 1) return 'contains an empty segment';
  }
  return null;
}

/** The first string inside a parsed value that holds a NUL character, as a dotted path ('' for the value itself). */
export function findNul(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? at || 'value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${at}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return at ? `${at}.${key}` : key;
      const found = findNul(item, at ? `${at}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

function refuse(reply: FastifyReply, error: string) {
  return reply.status(400).send({ success: false, error, code: 'BAD_REQUEST' });
}

export function registerRequestEdge(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (nonCanonicalPathReason(request.raw.url ?? '/')) return refuse(reply, PRODUCT_MESSAGES.nonCanonicalPath);
    const query = request.query as Record<string, unknown>;
    for (const [key, value] of Object.entries(query ?? {})) {
      if (Array.isArray(value)) return refuse(reply, PRODUCT_MESSAGES.repeatedQueryParameter(key));
    }
    if (findNul(query) !== null) return refuse(reply, PRODUCT_MESSAGES.nulCharacter);
  });
  // After the body is parsed and before any route's schema or handler sees it.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (findNul(request.body) !== null) return refuse(reply, PRODUCT_MESSAGES.nulCharacter);
  });
}
