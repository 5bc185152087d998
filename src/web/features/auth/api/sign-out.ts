// Signing out; better-auth tells the other open tabs. Its client loads on first use, not with the page.
export async function signOut() {
  const { authClient } = await import('../../../lib/auth-client');
  return authClient.signOut();
}
