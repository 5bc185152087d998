// The approved ZIP kept in browser storage, as a React store: every component and open tab sees the
// same value, and prerendered HTML (which has no storage) hydrates without a mismatch.
import { useSyncExternalStore } from 'react';
import { afterPageHydrated, isPageHydrated } from '#web/lib/page-hydration';

const KEY = 'approvedZip';
const CHANGED = 'approved-zip-changed';

function subscribe(onChange: () => void) {
  // The stored ZIP shows once the page has hydrated (lib/page-hydration.ts).
  afterPageHydrated(onChange);
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function useStoredZip(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => (isPageHydrated() ? window.localStorage.getItem(KEY) : null),
    () => null,
  );
}

export function storeZip(zip: string) {
  window.localStorage.setItem(KEY, zip);
  window.dispatchEvent(new Event(CHANGED));
}
