// better-auth's browser client: sign-up, sign-in, sign-out and the session, which it keeps in step
// across open tabs.
import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [inferAdditionalFields({ user: { role: { type: 'string', required: false, input: false } } })],
});
