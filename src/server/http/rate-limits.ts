// Every rate limit of the product in one table: who is counted (the caller's IP, the account being signed
// in to, or the signed-in user), how many calls per window, and the 429 message they get. Counters live in
// memory on one instance and in Redis when REDIS_URL is set, so several instances count together.
// Limits run in a preHandler hook, after the body is parsed (the sign-in limit counts per account).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { PRODUCT_MESSAGES } from '#shared/messages';

type CountBy = 'ip' | 'account' | 'user';
export type RateLimitRule = {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** The route's URL pattern as registered, e.g. '/api/feed/:id/comments', or an exact path under a wildcard route. */
  path: string;
  by: CountBy;
  max: number;
  windowMs: number;
  /** What was limited, for the message: 'Too many {what}. Please try again in …'. */
  what: string;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RateLimitSettings = {
  enabled: boolean;
  rendersPerUserPerDay: number;
  rendersPerIpPerDay: number;
  redisUrl?: string;
  redisPrefix?: string;
};

export function rateLimitRules(settings: Pick<RateLimitSettings, 'rendersPerUserPerDay' | 'rendersPerIpPerDay'>): RateLimitRule[] {
  const renders = (path: string): RateLimitRule[] => [
    // AI renders cost money: a daily allowance per homeowner, and per network so new accounts do not get round it.
    {
      name: `render-user:${path}`,
      method: 'POST',
      path,
      by: 'user',
      max: settings.rendersPerUserPerDay,
      windowMs: DAY,
      what: 'renders today',
    },
    { name: `render-ip:${path}`, method: 'POST', path, by: 'ip', max: settings.rendersPerIpPerDay, windowMs: DAY, what: 'renders today' },
  ];
  return [
    {
      name: 'sign-in-account',
      method: 'POST',
      path: '/api/auth/sign-in/email',
      by: 'account',
      max: 10,
      windowMs: 15 * MINUTE,
      what: 'sign-in attempts',
    },
    {
      name: 'sign-in-ip',
      method: 'POST',
      path: '/api/auth/sign-in/email',
      by: 'ip',
      max: 50,
      windowMs: 15 * MINUTE,
      what: 'sign-in attempts',
    },
    // Per address too: repeated sign-ups for one email probe whether it has an account, or flood its owner.
    {
      name: 'sign-up-account',
      method: 'POST',
      path: '/api/auth/sign-up/email',
      by: 'account',
      max: 5,
      windowMs: HOUR,
      what: 'sign-up attempts',
    },
    { name: 'sign-up-ip', method: 'POST', path: '/api/auth/sign-up/email', by: 'ip', max: 20, windowMs: HOUR, what: 'new accounts' },
    // Password resets mail whoever owns the address: a few an hour per address, and per network.
    {
      name: 'password-reset-account',
      method: 'POST',
      path: '/api/auth/request-password-reset',
      by: 'account',
      max: 3,
      windowMs: HOUR,
      what: 'password reset requests',
    },
    {
      name: 'password-reset-ip',
      method: 'POST',
      path: '/api/auth/request-password-reset',
      by: 'ip',
      max: 10,
      windowMs: HOUR,
      what: 'password reset requests',
    },
    // Guessing a reset token: 24 random characters, and still only a few tries.
    {
      name: 'reset-password-ip',
      method: 'POST',
      path: '/api/auth/reset-password',
      by: 'ip',
      max: 20,
      windowMs: HOUR,
      what: 'password changes',
    },
    {
      name: 'change-password-user',
      method: 'POST',
      path: '/api/auth/change-password',
      by: 'user',
      max: 10,
      windowMs: HOUR,
      what: 'password changes',
    },
    {
      name: 'confirmation-email-user',
      method: 'POST',
      path: '/api/account/confirmation-email',
      by: 'user',
      max: 10,
      windowMs: HOUR,
      what: 'confirmation emails',
    },
    ...renders('/api/renders'),
    ...renders('/api/generate-stable-diffusion'),
    ...renders('/api/generate-architectural-vision'),
    ...renders('/api/designs/:designId/variations'),
    ...renders('/api/designs/:designId/refinements'),
    { name: 'uploads-ip', method: 'POST', path: '/api/uploads', by: 'ip', max: 120, windowMs: HOUR, what: 'uploads' },
    // QR photos need no limit of their own: each link takes one photo, and links are limited here.
    { name: 'upload-links-user', method: 'POST', path: '/api/upload-links', by: 'user', max: 20, windowMs: HOUR, what: 'QR codes' },
    { name: 'upload-links-ip', method: 'POST', path: '/api/upload-links', by: 'ip', max: 60, windowMs: HOUR, what: 'QR codes' },
    // Beacons come at most every few seconds from an open tab; this leaves room for several tabs.
    { name: 'events-ip', method: 'POST', path: '/api/events/batch', by: 'ip', max: 600, windowMs: HOUR, what: 'events' },
    { name: 'send-email-ip', method: 'POST', path: '/api/send-email', by: 'ip', max: 30, windowMs: HOUR, what: 'emails' },
    { name: 'quotes-ip', method: 'POST', path: '/api/quotes', by: 'ip', max: 20, windowMs: HOUR, what: 'quote requests' },
    { name: 'newsletter-ip', method: 'POST', path: '/api/newsletter/subscribe', by: 'ip', max: 10, windowMs: HOUR, what: 'sign-ups' },
    { name: 'feedback-ip', method: 'POST', path: '/api/feedback/submit', by: 'ip', max: 20, windowMs: HOUR, what: 'feedback messages' },
    { name: 'contact-ip', method: 'POST', path: '/api/contact', by: 'ip', max: 10, windowMs: HOUR, what: 'messages' },
    {
      name: 'applications-ip',
      method: 'POST',
      path: '/api/contractor-applications',
      by: 'ip',
      max: 10,
      windowMs: HOUR,
      what: 'applications',
    },
    { name: 'comments-user', method: 'POST', path: '/api/feed/:id/comments', by: 'user', max: 30, windowMs: HOUR, what: 'comments' },
    {
      name: 'test-email-user',
      method: 'POST',
      path: '/api/admin/system-status/test-email',
      by: 'user',
      max: 5,
      windowMs: HOUR,
      what: 'test emails',
    },
  ];
}

/** Whole minutes (or hours past two hours) until the window resets, as the message says it. */
export function retryAfterText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

function accountOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings) {
  if (!settings.enabled) return;
  const redis = settings.redisUrl
    ? // Fail fast rather than hold requests while Redis is away; skipOnError then lets them through.
      new Redis(settings.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimit, { global: false, redis, nameSpace: `${settings.redisPrefix ?? 'mw'}:rate:`, skipOnError: true });

  const checks = rateLimitRules(settings).map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      // The rule's name keeps each rule's counters apart in the one store.
      keyGenerator: async (request: FastifyRequest) => `${rule.name}:${await keyFor(rule.by, request)}`,
    }),
  }));

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const pattern = request.routeOptions.url;
    const path = request.url.split('?')[0];
    for (const { rule, check } of checks) {
      if (rule.method !== request.method || (rule.path !== pattern && rule.path !== path)) continue;
      if (rule.by === 'account' && !accountOf(request)) continue;
      if (rule.by === 'user' && !(await request.currentUser())) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const retryMs = result.ttl;
        return reply
          .status(429)
          .header('retry-after', String(Math.ceil(retryMs / 1000)))
          .send({ success: false, error: PRODUCT_MESSAGES.rateLimited(rule.what, retryAfterText(retryMs)), code: 'RATE_LIMITED' });
      }
    }
  });
}

async function keyFor(by: CountBy, request: FastifyRequest): Promise<string> {
  if (by === 'account') return accountOf(request) ?? request.ip;
  if (by === 'user') return (await request.currentUser())?.id ?? request.ip;
  return request.ip;
}
