// When the page under the app's <Suspense> has hydrated. React hydrates that boundary after the shell
// around it, at the lowest priority; a store that changes in between (the session, a stored ZIP) re-renders
// the providers above it, and React may then hydrate the page with the new value against HTML made with
// the old one (React error #418, seen on a busy machine). Stores wait for this before their first change.
let hydrated = false;
const waiting: (() => void)[] = [];

export const isPageHydrated = () => hydrated;

/** Runs `then` once the page has hydrated (at once if it has, or if nothing was prerendered). */
export function afterPageHydrated(then: () => void): void {
  if (hydrated) then();
  else waiting.push(then);
}

/** Called by the app once the page's first render is committed (app.tsx). */
export function markPageHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  waiting.splice(0).forEach((then) => then());
}
