// Signs people up and in through the real HTTP API, returning what a browser or API client would hold.
import type { FastifyInstance } from 'fastify';

export type Credentials = { name?: string; email: string; password: string };

/** A homeowner as most tests need one: past the ZIP gate (01701) and with a confirmed address. */
export type SignUpOptions = {
  confirmed?: boolean;
  approvedZip?: string | null;
  /** Where the sign-up comes from (per-IP limits). */ remoteAddress?: string;
};

export async function signUp(app: FastifyInstance, { name = 'Test Person', email, password }: Credentials, options: SignUpOptions = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  if (response.statusCode === 200) {
    const { confirmed = true, approvedZip = '01701' } = options;
    await app.database.db
      .updateTable('users')
      .set({ email_verified: confirmed, approved_zip: approvedZip })
      .where('email', '=', email.toLowerCase())
      .execute();
  }
  return {
    response,
    token: response.headers['set-auth-token'] as string | undefined,
    cookie: sessionCookie(response.headers['set-cookie']),
    cookies: cookiePairs(response.headers['set-cookie']),
  };
}

export async function signIn(app: FastifyInstance, { email, password }: Credentials) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  return {
    response,
    token: response.headers['set-auth-token'] as string | undefined,
    cookie: sessionCookie(response.headers['set-cookie']),
    /** Every cookie the answer set, as a browser would send them back (the session and its signed copy). */
    cookies: cookiePairs(response.headers['set-cookie']),
  };
}

export const bearer = (token: string | undefined) => ({ authorization: `Bearer ${token}` });

function cookiePairs(header: string | string[] | undefined): string {
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

function sessionCookie(header: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).find((cookie) => cookie.startsWith('better-auth.session_token='));
}
