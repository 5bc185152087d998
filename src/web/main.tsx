// The browser entry: hydrates the prerendered page (or renders from scratch when there is none), once
// the code of the page it opens on is in, so the first render matches the prerendered HTML, and once the
// browser has painted that HTML and its hero images.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, BrowserEffects } from './app';
import { preloadPage } from './app-routes';
import { BrowserSessionProvider } from '#web/features/auth/components/session-provider';
import { replayEarlyInputOnceHydrated } from '#web/lib/early-input';
import { BrowserRouter } from '#web/lib/router';
import './styles.css';

const root = document.getElementById('root')!;
// <html data-hydrated="false">: the app's code runs and the page is not hydrated yet (end-to-end tests wait for it).
document.documentElement.dataset.hydrated = 'false';
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

/** A page's largest picture arrives a little after its text; hydrating meanwhile would hold back its paint. */
const HERO_WAIT_MS = 1000;

/**
 * Resolves once the page's high-priority images (the hero's before and after, its largest paint) are decoded, or
 * after HERO_WAIT_MS on a slow connection, so the page does not wait on them to answer a click (decision 052).
 */
function heroImagesDecoded(): Promise<unknown> {
  const hero = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const decoded = Promise.all(hero.map((image) => image.decode().catch(() => undefined)));
  return Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, HERO_WAIT_MS))]);
}

void Promise.all([preloadPage(window.location.pathname), heroImagesDecoded().then(afterNextPaint)]).then(() => {
  replayEarlyInputOnceHydrated(root);
  // An element, not any node: the unprerendered shell (the QR phone page) holds only a comment, and
  // hydrating that once threw React error #418.
  if (root.firstElementChild) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
});
