// better-auth's browser client: sign-up, sign-in, sign-out. It loads with the dialogs and pages that
// use it, never with a page itself: who is signed in comes from lib/session-store.ts. The client already
// tells other open tabs about a sign-out; announceSignIn() does the same for a sign-in or sign-up, so
// every tab of the site shows who is signed in.
import { createAuthClient, getGlobalBroadcastChannel } from 'better-auth/client';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import { refreshSession } from './session-store';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [inferAdditionalFields({ user: { role: { type: 'string', required: false, input: false } } })],
});

// better-auth raises this signal after every call that changes the session (sign-in, sign-up, sign-out,
// account deletion…); this tab's session store follows it.
authClient.$store.atoms.$sessionSignal.listen(() => void refreshSession());

export function announceSignIn() {
  getGlobalBroadcastChannel().post({ event: 'session', data: { trigger: 'getSession' }, clientId: crypto.randomUUID() });
}
