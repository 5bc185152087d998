// A prerendered page is painted, and looks ready, before React has hydrated it: its code is still arriving, and
// main.tsx waits for the hero's images (up to a second, decision 052). A click on a button meanwhile falls on a
// button with no handler yet and would be lost: "Sign In" does nothing. The page's inline click capture
// (shared/early-click-capture.ts) remembers the last click on such a button from the first paint; here it is
// stopped as React starts hydrating (from then on React sees clicks itself, and replays those on parts it has not
// hydrated yet), and the remembered click is replayed once the page has hydrated (decision 063). Links and form
// submissions work without JavaScript and are left to the browser.
import { afterPageHydrated } from './page-hydration';

/** What the inline click capture leaves on `window`; absent where a page has none (the development server). */
type EarlyClick = { button: HTMLButtonElement | null; stop: () => void };

/** Called by main.tsx just before hydrateRoot. */
export function replayEarlyClickOnceHydrated(): void {
  const early = (window as { __earlyClick?: EarlyClick }).__earlyClick;
  if (!early) return;
  early.stop();
  afterPageHydrated(() => {
    const button = early.button;
    early.button = null;
    // After the hydrating render's effects, so the button's handler sees the page as the person did.
    if (button) setTimeout(() => button.isConnected && !button.disabled && button.click(), 0);
  });
}
