// Security headers and cross-site request protection for every response and every state-changing call.
//
// Content-Security-Policy: the built client is module scripts and one stylesheet from our own origin, and one
// small inline script allowed by its hash (it catches what is done on a page before it hydrates:
// shared/early-input-capture.ts); the JSON-LD blocks are data, not script; no eval. So scripts are 'self' and that
// hash only. Styles also allow 'unsafe-inline': the dialogs' scroll lock injects a small <style> element and sets
// style attributes at run time; inline CSS cannot run code, so the script policy stays strict.
// Images may also be data: (QR codes) and blob: (the photo preview before upload). Nothing is framed.
//
// Cross-site requests: session cookies are SameSite=Lax, which already keeps them off cross-site POSTs
// from other sites. On top of that, a state-changing request that carries a browser Origin header must
// come from our own origin; browsers always send Origin on POST, PUT and DELETE, so a forged form or
// fetch from another site is refused even where SameSite is not honoured. Calls without Origin (curl,
// server-to-server, bearer-token clients) are not cross-site requests and pass.
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_INPUT_CAPTURE } from '#shared/early-input-capture';
import { PRODUCT_MESSAGES } from '#shared/messages';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The inline capture's hash, as a Content-Security-Policy source. */
export const EARLY_INPUT_CAPTURE_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_CAPTURE).digest('base64')}'`;

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", EARLY_INPUT_CAPTURE_SOURCE],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * For the few small pages the server writes itself (unsubscribe, newsletter confirmation, design share
 * pages): no script at all, and their inline style attributes allowed, since nothing on them can run.
 */
export const SERVER_PAGE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export async function registerSecurity(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const https = publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, ...(https ? { 'upgrade-insecure-requests': [] } : {}) },
    },
    // Only meaningful over HTTPS; on http://localhost it would only confuse.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Images and the share pages are fetched by mail clients and social sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Only the configured address counts as our own. The Host and X-Forwarded-Host headers are the
  // caller's to choose, so they never widen the list.
  const allowedOrigins = new Set(trustedOrigins(publicUrl));
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined || allowedOrigins.has(origin)) return;
    return reply.status(403).send({ success: false, error: PRODUCT_MESSAGES.crossSiteRefused, code: 'FORBIDDEN' });
  });
}

/** PUBLIC_URL's origin, plus its loopback twin on a developer's machine (localhost and 127.0.0.1 are both used). */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const twins: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  if (!twins[url.hostname]) return [url.origin];
  const twin = new URL(url.origin);
  twin.hostname = twins[url.hostname];
  return [url.origin, twin.origin];
}
