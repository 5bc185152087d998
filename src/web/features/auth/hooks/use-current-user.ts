// The signed-in user (or null) for any component, with the role the server holds.
import type { CurrentUser } from '../../../../shared/api';
import { ROLES, type Role } from '../../../../shared/constants';
import { authClient } from '../../../lib/auth-client';

export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const { data, isPending } = authClient.useSession();
  if (!data) return { user: null, isPending };
  const { id, email, name } = data.user;
  const role = ROLES.includes(data.user.role as Role) ? (data.user.role as Role) : 'homeowner';
  return { user: { id, email, name, role }, isPending };
}

export const signOut = () => authClient.signOut();
