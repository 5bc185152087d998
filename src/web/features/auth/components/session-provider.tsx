// Who is signed in, for the whole client. In the browser it follows better-auth's session (synced
// across tabs); when pages are prerendered it is always "signed out", so the HTML matches the first
// client render.
import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '../../../../shared/api';
import { ROLES, type Role } from '../../../../shared/constants';
import { authClient } from '../../../lib/auth-client';

type SessionState = { user: CurrentUser | null; isPending: boolean };

const SessionContext = createContext<SessionState>({ user: null, isPending: true });

export function BrowserSessionProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = authClient.useSession();
  const user: CurrentUser | null = data
    ? {
        id: data.user.id,
        email: data.user.email,
        name: data.user.name,
        role: ROLES.includes(data.user.role as Role) ? (data.user.role as Role) : 'homeowner',
      }
    : null;
  return <SessionContext.Provider value={{ user, isPending }}>{children}</SessionContext.Provider>;
}

export function PrerenderSessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={{ user: null, isPending: true }}>{children}</SessionContext.Provider>;
}

export const useCurrentUser = () => useContext(SessionContext);
