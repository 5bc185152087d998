// A prerendered page is painted, and looks ready, before React has hydrated it: its code is still arriving, and
// main.tsx waits for the hero's images (up to a second, decision 052). What a person does meanwhile reaches HTML
// with no handlers yet. The page's inline capture (shared/early-input-capture.ts) remembers the last click on a
// script-driven button and holds back a form sent; here it is stopped as React starts hydrating (from then on React
// sees events itself, and replays those on parts it has not hydrated yet), and once the page has hydrated, what was
// typed is handed to React and the click or the form is replayed (decision 063). Links work without JavaScript and
// are left to the browser.
import { afterPageHydrated } from './page-hydration';

/** What the inline capture leaves on `window`; absent where a page has none (the development server). */
type EarlyInput = {
  button: HTMLButtonElement | null;
  form: HTMLFormElement | null;
  submitter: HTMLElement | null;
  stop: () => void;
};

/** Called by main.tsx just before hydrateRoot. */
export function replayEarlyInputOnceHydrated(root: HTMLElement): void {
  const early = (window as { __earlyInput?: EarlyInput }).__earlyInput;
  if (!early) return;
  early.stop();
  afterPageHydrated(() =>
    // After the hydrating render's effects, so the handlers see the page as the person did.
    setTimeout(() => {
      handTypedValuesToReact(root);
      const { button, form, submitter } = early;
      early.button = early.form = early.submitter = null;
      if (form?.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
      else if (button?.isConnected && !button.disabled) button.click();
    }, 0),
  );
}

const TEXT_INPUT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);

/**
 * Hydration keeps what was typed in a field (the browser's value), but the component's state still holds the
 * prerendered value: the field shows an email address and the form says "Email is required". Each field whose value
 * differs from its prerendered one is given React's change event, as typing it would have. React notices a change by
 * comparing with the value it last set, so that is put back first (through the element), and the typed value set
 * past React's tracking (through the prototype's setter), as a browser's typing does.
 */
function handTypedValuesToReact(root: HTMLElement) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A click is what React listens to on these: it ticks the box (or picks the option) the person did. A radio
      // unticked by another of its group follows that one's click.
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      field.checked = field.defaultChecked;
      field.click();
      continue;
    }
    if (field instanceof HTMLInputElement && !TEXT_INPUT_TYPES.has(field.type)) continue;
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    field.value = field.defaultValue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
