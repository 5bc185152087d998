// The always-present workflow layer (seed 000 §2): starting the workflow, the sign-in prompt, the ZIP
// gate and the approved ZIP. Order: sign in if needed, confirm the ZIP, then scroll to the upload section.
import { createContext, lazy, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { MountOnceOpened } from '#web/components/ui/mount-once-opened';
import { useCurrentUser } from '#web/features/auth';
import { getSessionSnapshot, subscribeToSession } from '#web/lib/session-store';
import { storeZip, useStoredZip } from '../hooks/use-stored-zip';

// The dialogs (with better-auth's client, Zod and Radix) load when first opened, not with the page.
const AuthDialog = lazy(() => import('#web/features/auth/components/auth-dialog').then((module) => ({ default: module.AuthDialog })));
const ZipGateDialog = lazy(() => import('./zip-gate-dialog').then((module) => ({ default: module.ZipGateDialog })));
// Needed once someone is signed in; its API client loads then.
const fetchRememberedZip = () => import('../api/get-remembered-zip').then((module) => module.fetchRememberedZip());

type Workflow = {
  approvedZip: string | null;
  startWorkflow: () => void;
  showSignIn: () => void;
  onZipApproved: (zip: string) => void;
  /** ZIP codes to offer in the gate, such as a town page's own. */
  setSuggestedZips: (zips: readonly string[]) => void;
};

const WorkflowContext = createContext<Workflow | null>(null);

export function useWorkflow(): Workflow {
  const workflow = useContext(WorkflowContext);
  if (!workflow) throw new Error('useWorkflow needs a WorkflowProvider');
  return workflow;
}

const scrollToUpload = () => document.getElementById('upload')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

export function WorkflowProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const approvedZip = useStoredZip();
  const [authOpen, setAuthOpen] = useState(false);
  const [zipOpen, setZipOpen] = useState(false);
  // Set when 'Sign In to Upload' opened the sign-in dialog, so signing in carries on with the workflow.
  const startAfterSignIn = useRef(false);
  const [suggestedZips, setSuggestedZips] = useState<readonly string[]>([]);

  // The server remembers the ZIP a signed-in user confirmed, for their other browsers.
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    fetchRememberedZip()
      .then((zip) => {
        if (!cancelled && zip) storeZip(zip);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [user]);

  const continueWorkflow = useCallback(() => {
    if (approvedZip) scrollToUpload();
    else setZipOpen(true);
  }, [approvedZip]);

  const startWorkflow = useCallback(() => {
    if (!user) {
      startAfterSignIn.current = true;
      setAuthOpen(true);
      return;
    }
    continueWorkflow();
  }, [user, continueWorkflow]);

  const onSignedIn = useCallback(() => {
    setAuthOpen(false);
    if (!startAfterSignIn.current) return;
    startAfterSignIn.current = false;
    // A ZIP this account confirmed before (perhaps on another device) skips the gate.
    fetchRememberedZip()
      .catch(() => null)
      .then((remembered) => {
        if (remembered) storeZip(remembered);
        if (remembered ?? approvedZip) scrollToUpload();
        else setZipOpen(true);
      });
  }, [approvedZip]);

  // The sign-in dialog is open while the session turns out signed in: the page was prerendered signed out and its
  // "Sign In" clicked before the session was known (decision 063), or another tab signed in. There is nothing to sign
  // in to: the dialog closes, and "Sign In to Upload" carries on as after signing in.
  const sessionChanged = useEffectEvent(() => {
    if (authOpen && getSessionSnapshot().user) onSignedIn();
  });
  useEffect(() => subscribeToSession(sessionChanged), []);

  const onZipApproved = useCallback((zip: string) => {
    storeZip(zip);
    setZipOpen(false);
    window.setTimeout(scrollToUpload, 50);
  }, []);

  const value = useMemo<Workflow>(
    () => ({ approvedZip, startWorkflow, showSignIn: () => setAuthOpen(true), onZipApproved, setSuggestedZips }),
    [approvedZip, startWorkflow, onZipApproved],
  );

  return (
    <WorkflowContext.Provider value={value}>
      {children}
      <MountOnceOpened open={authOpen}>
        <AuthDialog
          open={authOpen}
          onOpenChange={(open) => {
            setAuthOpen(open);
            // Closed without signing in: the workflow does not carry on later by surprise.
            if (!open) startAfterSignIn.current = false;
          }}
          onSignedIn={onSignedIn}
        />
      </MountOnceOpened>
      <MountOnceOpened open={zipOpen}>
        <ZipGateDialog open={zipOpen} onOpenChange={setZipOpen} onApproved={onZipApproved} suggestedZips={suggestedZips} />
      </MountOnceOpened>
    </WorkflowContext.Provider>
  );
}
