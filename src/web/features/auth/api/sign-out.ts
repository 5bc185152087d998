// Signing out; better-auth tells the other open tabs.
import { authClient } from '../../../lib/auth-client';

export const signOut = () => authClient.signOut();
