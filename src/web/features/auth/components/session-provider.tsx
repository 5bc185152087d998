// Who is signed in, for the whole client. In the browser it follows the session store (synced across
// tabs); when pages are prerendered it is always "signed out", so the HTML matches the first client render.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { getSessionSnapshot, subscribeToSession, type SessionState } from '#web/lib/session-store';

const PENDING: SessionState = { user: null, isPending: true };

const SessionContext = createContext<SessionState>(PENDING);

export function BrowserSessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => PENDING);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function PrerenderSessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={PENDING}>{children}</SessionContext.Provider>;
}

export const useCurrentUser = () => useContext(SessionContext);
