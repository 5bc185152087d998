// better-auth's browser client: sign-up, sign-in, sign-out. It loads with the dialogs and pages that
// use it, never with a page itself: who is signed in comes from lib/session-store.ts. announceSignIn()
// and announceSignOut() tell the other open tabs (better-auth's own client does that for a sign-out only
// while its session hook is in use, which the site no longer needs), so every tab shows who is signed in.
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

export function announceSignOut() {
  getGlobalBroadcastChannel().post({ event: 'session', data: { trigger: 'signout' }, clientId: crypto.randomUUID() });
}
