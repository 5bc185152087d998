// Prerenders every public page (and the not-found page) into dist/client/pages/, so search engines and
// first paint get complete HTML; the browser then hydrates it. Run after `vite build`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_FOUND_PAGE_PATH, PAGE_PATHS, prerenderedPageFile } from '#shared/pages';
import { preloadAllPages } from '#web/app-routes';
import { renderPage } from '#web/entry-server';

export async function prerenderPages(clientDir: string) {
  // renderToString cannot wait for code that loads apart: load every page's first.
  await preloadAllPages();
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  mkdirSync(path.join(clientDir, 'pages'), { recursive: true });
  for (const pagePath of [...PAGE_PATHS, NOT_FOUND_PAGE_PATH]) {
    const { html, head } = renderPage(pagePath);
    const page = template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
    writeFileSync(path.join(clientDir, prerenderedPageFile(pagePath)), page);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await prerenderPages(path.resolve('dist/client'));
  console.warn(`Prerendered ${PAGE_PATHS.length + 1} pages.`);
}
