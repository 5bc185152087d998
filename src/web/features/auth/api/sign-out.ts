// Signing out, and telling the other open tabs. better-auth's client loads on first use, not with the page.
// The page shows "signed out" before the server is asked, so nothing signed-in is requested meanwhile.
export async function signOut() {
  const [{ announceSignOut, authClient }, { forgetSessionLocally, refreshSession }] = await Promise.all([
    import('#web/lib/auth-client'),
    import('#web/lib/session-store'),
  ]);
  forgetSessionLocally();
  const result = await authClient.signOut();
  if (result.error) await refreshSession();
  else announceSignOut();
  return result;
}
