// The browser entry: hydrates the prerendered page (or renders from scratch when there is none), once
// the code of the page it opens on is in, so the first render matches the prerendered HTML, and once the
// browser has painted that HTML.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, BrowserEffects } from './app';
import { preloadPage } from './app-routes';
import { BrowserSessionProvider } from '#web/features/auth/components/session-provider';
import { BrowserRouter } from '#web/lib/router';
import './styles.css';

const root = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <BrowserRouter>
      <BrowserEffects />
      <App sessionProvider={BrowserSessionProvider} />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Resolves just after the browser's next paint. The prerendered page is complete without JavaScript, so
 * it is painted first and hydrated after; otherwise Chromium, finding the code already loaded, may run
 * the hydration before the first paint (docs/performance.md).
 */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void Promise.all([preloadPage(window.location.pathname), afterNextPaint()]).then(() => {
  // An element, not any node: the unprerendered shell (the QR phone page) holds only a comment, and
  // hydrating that once threw React error #418.
  if (root.firstElementChild) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
});
