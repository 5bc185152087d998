// The browser entry: hydrates the prerendered page (or renders from scratch when there is none).
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, BrowserEffects } from './app';
import { BrowserSessionProvider } from './features/auth/components/session-provider';
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

if (root.hasChildNodes()) hydrateRoot(root, tree);
else createRoot(root).render(tree);
