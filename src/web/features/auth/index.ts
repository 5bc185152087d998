// What other features may use of sign-in: the signed-in person and signing out.
export { signOut } from './api/sign-out';
export { useCurrentUser } from './components/session-provider';
