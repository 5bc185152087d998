// better-auth's browser client: sign-up, sign-in, sign-out and the session. The client already tells
// other open tabs about a sign-out; announceSignIn() does the same for a sign-in or sign-up, so every
// tab of the site shows who is signed in.
import { getGlobalBroadcastChannel } from 'better-auth/client';
import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [inferAdditionalFields({ user: { role: { type: 'string', required: false, input: false } } })],
});

export function announceSignIn() {
  getGlobalBroadcastChannel().post({ event: 'session', data: { trigger: 'getSession' }, clientId: crypto.randomUUID() });
}
