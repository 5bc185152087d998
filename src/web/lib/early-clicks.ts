// A prerendered page is painted, and looks ready, before React has hydrated it: its code is still arriving, and
// main.tsx waits for the hero's images (up to a second, decision 052). A click on a button meanwhile falls on a
// button with no handler yet and would be lost: "Sign In" does nothing. From the moment the app's code runs until
// React starts hydrating, the last click on such a button is remembered, and replayed once the page has hydrated
// (decision 063). Once hydration has started, React sees clicks itself. Links and form submissions work without
// JavaScript and are left to the browser; a click before the app's code has arrived at all is not seen.
import { afterPageHydrated } from './page-hydration';

/** Buttons that do nothing without JavaScript (a submit button would submit its form natively). */
const SCRIPTED_BUTTON = 'button[type="button"]';

let pending: HTMLButtonElement | null = null;

function remember(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(SCRIPTED_BUTTON) : null;
  if (button && !button.disabled) pending = button;
}

/** Starts remembering clicks (main.tsx, as the app's code starts); call the function it returns as hydration starts. */
export function rememberClicksBeforeHydration(): () => void {
  document.addEventListener('click', remember, true);
  return function hydrationStarts() {
    document.removeEventListener('click', remember, true);
    afterPageHydrated(() => {
      const button = pending;
      pending = null;
      // After the hydrating render's effects, so the button's handler sees the page as the person did.
      if (button) setTimeout(() => button.isConnected && !button.disabled && button.click(), 0);
    });
  };
}
