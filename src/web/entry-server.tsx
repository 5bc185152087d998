// Renders a page to HTML for the prerenderer: signed out, no browser effects.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '#web/lib/router';
import { App } from './app';
import { PrerenderSessionProvider } from '#web/features/auth/components/session-provider';
import { pageHeadFor, renderHeadTags } from '#web/seo/page-heads';

export function renderPage(path: string): { html: string; head: string } {
  const html = renderToString(
    <StaticRouter location={path}>
      <App sessionProvider={PrerenderSessionProvider} />
    </StaticRouter>,
  );
  return { html, head: renderHeadTags(pageHeadFor(path)) };
}
