// Signing out, and telling the other open tabs. better-auth's client loads on first use, not with the page; the
// session store is already loaded with the page (the session provider reads it).
import { forgetSessionLocally, refreshSession } from '#web/lib/session-store';

// The page shows "signed out" before the server is asked, so nothing signed-in is requested meanwhile.
export async function signOut() {
  const { announceSignOut, authClient } = await import('#web/lib/auth-client');
  forgetSessionLocally();
  const result = await authClient.signOut();
  if (result.error) await refreshSession();
  else announceSignOut();
  return result;
}
