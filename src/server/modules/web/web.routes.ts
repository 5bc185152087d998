// Serves the built client: hashed assets with long caching, compressed at build time (the .br or .gz
// the browser accepts), the prerendered HTML of every page the client knows, and the prerendered
// not-found page with a real 404 for everything else. Unknown /api paths get a JSON 404. Also the
// sitemap and robots.txt. Pages are revalidated on every visit (`no-cache`) against a weak ETag of
// what would be sent: a page changes with a deploy and with the admin's hero choice, and an unchanged
// one costs a 304 without a body.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPagePath, NOT_FOUND_PAGE_PATH, normalisePath, PAGE_PATHS, prerenderedPageFile, PUBLIC_PAGE_PATHS } from '#shared/pages';
import { PRODUCT_MESSAGES } from '#shared/messages';
import { compressedPage } from '#server/http/compression';

const PUBLIC_URL_TOKEN = /__PUBLIC_URL__/g;

export type WebRouteDeps = {
  clientDir: string;
  publicUrl: string;
  /** Fills request-time content into a prerendered page (the home page hero's chosen design). */
  rewritePage?: (html: string) => Promise<string>;
};

export async function webRoutes(app: FastifyInstance, { clientDir, publicUrl, rewritePage }: WebRouteDeps) {
  const indexFile = path.join(clientDir, 'index.html');
  const clientBuilt = existsSync(indexFile);

  // Read once at start: every page request answers from memory.
  const read = (file: string) => readFileSync(path.join(clientDir, file), 'utf8').replace(PUBLIC_URL_TOKEN, publicUrl);
  const shell = clientBuilt
    ? read('index.html').replace('<!--app-head-->', '<title>MetroWest AI Home Renovations</title>').replace('<!--app-html-->', '')
    : '';
  const pages = new Map<string, string>();
  if (clientBuilt) {
    for (const pagePath of [...PAGE_PATHS, NOT_FOUND_PAGE_PATH]) {
      const file = prerenderedPageFile(pagePath);
      if (existsSync(path.join(clientDir, file))) pages.set(pagePath, read(file));
    }
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // Routes only for the files that exist at start-up; every other GET reaches the not-found handler below.
      wildcard: false,
      cacheControl: false,
      // file.js.br or file.js.gz when the browser accepts it (scripts/precompress.ts writes them).
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/pages/') && pathName !== '/index.html',
      setHeaders(response, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers brotli, gzip or plain by Accept-Encoding: shared caches must key on it.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain')
      .send(`User-agent: *\nDisallow: /admin\nDisallow: /contractor-dashboard\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = PUBLIC_PAGE_PATHS.filter((pagePath) => pagePath !== '/feedback')
      .map((pagePath) => `  <url><loc>${publicUrl}${pagePath}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ success: false, error: PRODUCT_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    const known = isKnownPagePath(request.url);
    if (!clientBuilt) {
      if (!known) return reply.status(404).type('text/plain').send('Page not found');
      return reply.status(503).type('text/plain').send('The web client is not built yet: run `npm run build`.');
    }
    const prerendered = (known ? pages.get(normalisePath(request.url)) : pages.get(NOT_FOUND_PAGE_PATH)) ?? shell;
    const html = rewritePage ? await rewritePage(prerendered) : prerendered;
    const etag = pageEtag(html);
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
    if (known && request.headers['if-none-match'] === etag) return reply.status(304).send();
    // The not-found handler is not a route, so the compression plugin does not see it: compress here.
    const { body, encoding } = compressedPage(html, etag, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(body);
  });
}

/** A weak validator of a page's HTML: the same for its brotli, gzip and plain forms. */
const pageEtag = (html: string) => `W/"${createHash('sha1').update(html).digest('base64url')}"`;
