// What a request looks like in the logs: its URL with the credentials some links carry cut out. An
// invitation, a QR-code upload page or an unsubscribe link is a credential in itself, and request logs
// go to places (log shippers, support tickets) that must never be able to replay one.
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters whose value is a credential (unsubscribe, newsletter confirmation, invitations). */
const SECRET_PARAMS = new Set(['token']);

/** Path segments that are credentials: /api/…/by-token/{token}, and the phone upload page /m/{token}. */
const SECRET_SEGMENTS = [/(\/by-token\/)[^/?#]+/g, /^(\/m\/)[^/?#]+/];

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0];
      return SECRET_PARAMS.has(decodeURIComponentSafely(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's default request fields, with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
