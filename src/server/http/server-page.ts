// The few pages the server writes itself (a confirmation or an unsubscribe answer): plain HTML with no
// script, sent with a Content-Security-Policy that lets their inline styles through and nothing else.
import type { FastifyReply } from 'fastify';
import { SERVER_PAGE_CSP } from './security';

/** Sends HTML the route built (it must escape anything user-given) with the server pages' policy. */
export function sendServerHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('content-security-policy', SERVER_PAGE_CSP).type('text/html; charset=utf-8').send(html);
}

/** A one-message page: the product name, the message, and a link onwards (home unless the route names one). */
export function sendMessagePage(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  next: { href: string; label: string } = { href: '/', label: 'Back to the home page' },
) {
  return sendServerHtml(
    reply,
    status,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title}</title></head><body style="font-family:Arial,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>MetroWest AI Renovations</h1><p>${message}</p><p><a href="${next.href}">${next.label}</a></p></body></html>`,
  );
}
