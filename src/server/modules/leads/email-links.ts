// Signed links in emails: the unsubscribe link carries an HMAC of the address, so nobody can
// unsubscribe someone else by guessing.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${email.toLowerCase()}`).digest('base64url');
}

export function isValidUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const unsubscribeUrl = (publicUrl: string, secret: string, email: string) =>
  `${publicUrl}/api/email/unsubscribe?email=${encodeURIComponent(email)}&token=${unsubscribeToken(secret, email)}`;
