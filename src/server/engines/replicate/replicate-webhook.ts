// Checks that a webhook really comes from Replicate (https://replicate.com/docs/topics/webhooks/verify-webhook):
// an HMAC-SHA256 of `id.timestamp.body` under the signing secret, and a timestamp recent enough to rule out replays.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export type VerifyReplicateWebhookInput = {
  /** The signing secret from `GET /v1/webhooks/default/secret`: `whsec_` then base64. */
  secret: string;
  /** The request's headers; `webhook-id`, `webhook-timestamp` and `webhook-signature` are read, any case. */
  headers: WebhookHeaders;
  /** The raw body exactly as received: re-serialised JSON would not match the signature. */
  body: string;
  now?: Date | number;
  toleranceSeconds?: number;
};

export function verifyReplicateWebhook({
  secret,
  headers,
  body,
  now = Date.now(),
  toleranceSeconds = 300,
}: VerifyReplicateWebhookInput): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;

  const nowSeconds = Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;

  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  if (key.length === 0) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();

  // Several signatures appear while a secret is being rotated; any one matching is enough.
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const candidate = Buffer.from(signature, 'base64');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}
