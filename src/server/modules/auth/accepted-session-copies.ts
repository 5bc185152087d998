// Remembers, per server process, which signed session copies (better-auth's cookie cache) better-auth has
// already accepted, so the next read with the very same cookies is answered without asking it again.
//
// Why: better-auth verifies the copy's HMAC with WebCrypto, which is asynchronous and runs on the thread
// pool, and its endpoint pipeline around that costs about half a millisecond per request: a signed-in feed
// read spent more time proving who was asking than reading the feed (docs/decisions/031).
//
// Why it is safe: an entry is only ever matched by the byte-identical session token and copy that
// better-auth itself accepted, and it ends when the copy ends (its own expiry, never later), so it trusts
// nothing the cookie copy did not already grant: a revoked session's reads end within the copy's lifetime
// here exactly as they do through better-auth (docs/decisions/028), and writes and staff routes never use
// either. No cryptography is done here.
import type { CurrentUser } from '#shared/api';

/** How many signed-in browsers one process remembers; past that the least recently seen are dropped. */
const MAX_ENTRIES = 10_000;

/** better-auth's own cookies: `better-auth.…`, `__Secure-better-auth.…` on HTTPS. */
const AUTH_COOKIE = /^(?:__Secure-)?better-auth\.(.+)$/;

type Entry = { copy: string; user: CurrentUser; expiresAt: number };

export type SessionCookies = { token: string; copy: string };

/** The session token and the (single, unchunked) signed copy from a Cookie header; null when either is missing. */
export function sessionCookies(cookieHeader: string | undefined): SessionCookies | null {
  if (!cookieHeader) return null;
  let token: string | undefined;
  let copy: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = AUTH_COOKIE.exec(part.slice(0, separator).trim())?.[1];
    if (!name) continue;
    const value = part.slice(separator + 1).trim();
    if (name === 'session_token') token = value;
    else if (name === 'session_data') copy = value;
    // A copy split into chunks, or "don't remember me": leave those to better-auth every time.
    else if (name.startsWith('session_data.') || name === 'dont_remember') return null;
  }
  return token && copy ? { token, copy } : null;
}

/**
 * When a copy ends: the earlier of its own expiry and the session's. Read from the copy's payload, which
 * better-auth has verified for this exact string before it is ever stored; null when the format is not the
 * compact one we know (then nothing is remembered and better-auth answers every time).
 */
export function copyExpiresAt(copy: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(copy, 'base64url').toString('utf8')) as {
      expiresAt?: unknown;
      session?: { session?: { expiresAt?: unknown } };
    };
    const copyEnds = Number(payload.expiresAt);
    const sessionEnds = Date.parse(String(payload.session?.session?.expiresAt));
    if (!Number.isFinite(copyEnds) || !Number.isFinite(sessionEnds)) return null;
    return Math.min(copyEnds, sessionEnds);
  } catch {
    return null;
  }
}

export class AcceptedSessionCopies {
  private readonly entries = new Map<string, Entry>();

  /** The user better-auth accepted these exact cookies for, while the copy lasts. */
  find(cookies: SessionCookies): CurrentUser | null {
    const entry = this.entries.get(cookies.token);
    if (!entry || entry.copy !== cookies.copy) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(cookies.token);
      return null;
    }
    // Least recently seen first: re-inserting moves this browser to the end.
    this.entries.delete(cookies.token);
    this.entries.set(cookies.token, entry);
    return entry.user;
  }

  /** better-auth accepted these cookies for this user (and set no cookie of its own in doing so). */
  remember(cookies: SessionCookies, user: CurrentUser): void {
    const expiresAt = copyExpiresAt(cookies.copy);
    if (expiresAt === null || expiresAt <= Date.now()) return;
    this.entries.delete(cookies.token);
    this.entries.set(cookies.token, { copy: cookies.copy, user, expiresAt });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
