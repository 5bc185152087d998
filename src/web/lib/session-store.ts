// Who is signed in, read with a plain GET /api/auth/get-session, so that pages do not need better-auth's
// client (with its dependencies) before someone signs in; that client loads with the sign-in dialog.
// It refetches when better-auth's client did: when another tab signs in or out (better-auth's
// localStorage message), when this tab's auth client signs in or out (lib/auth-client.ts calls
// refreshSession), when the tab becomes visible again (at most every 5 s) and when the browser is back online.
import type { CurrentUser } from '#shared/api';
import { ROLES, type Role } from '#shared/constants';
import { afterPageHydrated } from './page-hydration';

export type SessionState = { user: CurrentUser | null; isPending: boolean };

/** better-auth's cross-tab message key (its WindowBroadcastChannel). */
const BROADCAST_KEY = 'better-auth.message';
const FOCUS_REFETCH_SECONDS = 5;

type SessionUser = { id: string; email: string; name: string; role?: string | null };

let state: SessionState = { user: null, isPending: true };
const listeners = new Set<() => void>();
let latestRequest = 0;
let lastRequestAt = 0;

function setState(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function toCurrentUser(user: SessionUser): CurrentUser {
  return { id: user.id, email: user.email, name: user.name, role: ROLES.includes(user.role as Role) ? (user.role as Role) : 'homeowner' };
}

/** Asks the server who is signed in; the latest request wins when several overlap. */
export async function refreshSession(): Promise<void> {
  const request = ++latestRequest;
  lastRequestAt = Date.now();
  try {
    const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
    const body = response.ok ? ((await response.json()) as { user?: SessionUser } | null) : null;
    if (request === latestRequest) setState({ user: body?.user ? toCurrentUser(body.user) : null, isPending: false });
  } catch {
    // Offline or the server is away: keep who we had, stop showing "loading".
    if (request === latestRequest) setState({ user: state.user, isPending: false });
  }
}

function onStorage(event: StorageEvent) {
  if (event.key !== BROADCAST_KEY || !event.newValue) return;
  try {
    const message = JSON.parse(event.newValue) as { event?: string; data?: unknown };
    if (message.event === 'session' && message.data) void refreshSession();
  } catch {
    // Not a better-auth message.
  }
}

function onVisible() {
  if (document.visibilityState !== 'visible') return;
  if (Date.now() - lastRequestAt < FOCUS_REFETCH_SECONDS * 1000) return;
  void refreshSession();
}

const onOnline = () => void refreshSession();

export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    // Not before the page has hydrated: it was prerendered signed out (lib/page-hydration.ts).
    if (state.isPending) afterPageHydrated(() => void refreshSession());
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
  };
}

export const getSessionSnapshot = () => state;

/**
 * Signing out: the page stops showing signed-in content at once, before the server is asked, so nothing
 * signed-in (the feed, its images) is requested in between with a session about to end. A failed sign-out
 * is corrected by the next refreshSession.
 */
export function forgetSessionLocally(): void {
  latestRequest += 1;
  setState({ user: null, isPending: false });
}
