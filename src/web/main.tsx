// The browser entry: hydrates the prerendered page (or renders from scratch when there is none), once
// the code of the page it opens on is in, so the first render matches the prerendered HTML.
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

void preloadPage(window.location.pathname).then(() => {
  // An element, not any node: the unprerendered shell (the QR phone page) holds only a comment, and
  // hydrating that once threw React error #418.
  if (root.firstElementChild) hydrateRoot(root, tree);
  else createRoot(root).render(tree);
});
