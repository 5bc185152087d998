import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '#shared/api';
import { AcceptedSessionCopies, copyExpiresAt, sessionCookies } from './accepted-session-copies';

const user: CurrentUser = { id: 'u1', email: 'a@example.com', name: 'A', role: 'homeowner' };

/** A copy in better-auth's compact format (the signature is not ours to check: better-auth did). */
function copy(copyEndsAt: number, sessionEndsAt = copyEndsAt + 60_000, marker = 'x') {
  const payload = { session: { session: { expiresAt: new Date(sessionEndsAt).toISOString() }, user: { marker } }, expiresAt: copyEndsAt };
  return Buffer.from(JSON.stringify({ ...payload, signature: 'sig' })).toString('base64url');
}

afterEach(() => vi.useRealTimers());

describe('sessionCookies', () => {
  it('finds the token and the copy among other cookies, with or without the secure prefix', () => {
    expect(sessionCookies('theme=dark; better-auth.session_token=t.sig; better-auth.session_data=abc')).toEqual({
      token: 't.sig',
      copy: 'abc',
    });
    expect(sessionCookies('__Secure-better-auth.session_token=t; __Secure-better-auth.session_data=c')).toEqual({ token: 't', copy: 'c' });
  });

  it('leaves chunked copies, "don’t remember me" and missing parts to better-auth', () => {
    expect(sessionCookies(undefined)).toBeNull();
    expect(sessionCookies('better-auth.session_token=t')).toBeNull();
    expect(sessionCookies('better-auth.session_data=c')).toBeNull();
    expect(sessionCookies('better-auth.session_token=t; better-auth.session_data=c; better-auth.session_data.0=d')).toBeNull();
    expect(sessionCookies('better-auth.session_token=t; better-auth.session_data=c; better-auth.dont_remember=true')).toBeNull();
  });
});

describe('copyExpiresAt', () => {
  it('is the earlier of the copy’s end and the session’s', () => {
    expect(copyExpiresAt(copy(1_000_000, 2_000_000))).toBe(1_000_000);
    expect(copyExpiresAt(copy(3_000_000, 2_000_000))).toBe(2_000_000);
  });

  it('is null for anything but the compact format', () => {
    expect(copyExpiresAt('not base64 json')).toBeNull();
    expect(copyExpiresAt(Buffer.from('{"expiresAt":"soon"}').toString('base64url'))).toBeNull();
  });
});

describe('AcceptedSessionCopies', () => {
  it('answers only for the very same token and copy, until the copy ends', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const accepted = new AcceptedSessionCopies();
    const cookies = { token: 't', copy: copy(Date.now() + 60_000) };
    accepted.remember(cookies, user);
    expect(accepted.find(cookies)).toEqual(user);
    expect(accepted.find({ token: 't', copy: copy(Date.now() + 60_000, undefined, 'altered') })).toBeNull();
    expect(accepted.find({ token: 'other', copy: cookies.copy })).toBeNull();
    vi.setSystemTime(Date.now() + 60_001);
    expect(accepted.find(cookies)).toBeNull();
  });

  it('does not keep a copy that has already ended or cannot be read', () => {
    const accepted = new AcceptedSessionCopies();
    const ended = { token: 't', copy: copy(Date.now() - 1) };
    accepted.remember(ended, user);
    expect(accepted.find(ended)).toBeNull();
    const unreadable = { token: 'u', copy: 'opaque' };
    accepted.remember(unreadable, user);
    expect(accepted.find(unreadable)).toBeNull();
  });

  it('forgets the least recently seen browser beyond its size', () => {
    const accepted = new AcceptedSessionCopies();
    const shared = copy(Date.now() + 60_000);
    accepted.remember({ token: 'first', copy: shared }, user);
    accepted.remember({ token: 'second', copy: shared }, user);
    // Seen again: now the most recent.
    accepted.find({ token: 'first', copy: shared });
    for (let index = 0; index < 9_999; index += 1) accepted.remember({ token: `t${index}`, copy: shared }, user);
    expect(accepted.find({ token: 'second', copy: shared })).toBeNull();
    expect(accepted.find({ token: 'first', copy: shared })).toEqual(user);
  });
});
