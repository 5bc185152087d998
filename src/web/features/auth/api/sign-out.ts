// Signing out, and telling the other open tabs. better-auth's client loads on first use, not with the page.
export async function signOut() {
  const { announceSignOut, authClient } = await import('#web/lib/auth-client');
  const result = await authClient.signOut();
  if (!result.error) announceSignOut();
  return result;
}
