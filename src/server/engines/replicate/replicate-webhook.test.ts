// The Replicate webhook verifier: genuine deliveries pass; tampering, replays and wrong secrets do not.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyReplicateWebhook } from './replicate-webhook';

const key = randomBytes(24);
const secret = `whsec_${key.toString('base64')}`;
const body = JSON.stringify({ id: 'gm3qorzdhgbfurvjtvhg6dckhu', status: 'succeeded', output: ['https://replicate.delivery/out.jpg'] });
const now = new Date('2025-06-01T12:00:00Z');
const timestamp = String(Math.floor(now.getTime() / 1000));

function sign(content: string, signingKey: Buffer = key) {
  return createHmac('sha256', signingKey).update(content).digest('base64');
}

function headers(overrides: Record<string, string> = {}) {
  return {
    'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${sign(`msg_2KWPBgLlAfxdpx2AI54pPJ85f4W.${timestamp}.${body}`)}`,
    ...overrides,
  };
}

describe('verifyReplicateWebhook', () => {
  it('accepts a genuine delivery', () => {
    expect(verifyReplicateWebhook({ secret, headers: headers(), body, now })).toBe(true);
  });

  it('accepts any matching signature among several (secret rotation), and header names in any case', () => {
    const genuine = headers()['webhook-signature'];
    const mixed = {
      'Webhook-Id': headers()['webhook-id'],
      'Webhook-Timestamp': timestamp,
      'Webhook-Signature': `v1,${sign('other')} ${genuine}`,
    };
    expect(verifyReplicateWebhook({ secret, headers: mixed, body, now })).toBe(true);
  });

  it('rejects a tampered body', () => {
    expect(verifyReplicateWebhook({ secret, headers: headers(), body: body.replace('succeeded', 'failed'), now })).toBe(false);
  });

  it('rejects a replayed delivery with an old timestamp, even correctly signed', () => {
    const old = String(Number(timestamp) - 301);
    const replayed = headers({
      'webhook-timestamp': old,
      'webhook-signature': `v1,${sign(`msg_2KWPBgLlAfxdpx2AI54pPJ85f4W.${old}.${body}`)}`,
    });
    expect(verifyReplicateWebhook({ secret, headers: replayed, body, now })).toBe(false);
    expect(verifyReplicateWebhook({ secret, headers: replayed, body, now, toleranceSeconds: 600 })).toBe(true);
  });

  it('rejects a timestamp from the future beyond the tolerance', () => {
    const future = String(Number(timestamp) + 400);
    const early = headers({
      'webhook-timestamp': future,
      'webhook-signature': `v1,${sign(`msg_2KWPBgLlAfxdpx2AI54pPJ85f4W.${future}.${body}`)}`,
    });
    expect(verifyReplicateWebhook({ secret, headers: early, body, now })).toBe(false);
  });

  it('rejects a signature made with another secret, another version tag, or missing headers', () => {
    const forged = headers({ 'webhook-signature': `v1,${sign(`msg_2KWPBgLlAfxdpx2AI54pPJ85f4W.${timestamp}.${body}`, randomBytes(24))}` });
    expect(verifyReplicateWebhook({ secret, headers: forged, body, now })).toBe(false);
    const v2 = headers({ 'webhook-signature': headers()['webhook-signature'].replace('v1,', 'v2,') });
    expect(verifyReplicateWebhook({ secret, headers: v2, body, now })).toBe(false);
    expect(verifyReplicateWebhook({ secret, headers: { 'webhook-id': 'x', 'webhook-timestamp': timestamp }, body, now })).toBe(false);
    expect(verifyReplicateWebhook({ secret, headers: headers({ 'webhook-timestamp': 'yesterday' }), body, now })).toBe(false);
  });

  it('uses the current time by default', () => {
    const current = String(Math.floor(Date.now() / 1000));
    const fresh = { 'webhook-id': 'msg_1', 'webhook-timestamp': current, 'webhook-signature': `v1,${sign(`msg_1.${current}.${body}`)}` };
    expect(verifyReplicateWebhook({ secret, headers: fresh, body })).toBe(true);
  });
});
