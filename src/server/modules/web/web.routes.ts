// Serves the built client: hashed assets with long caching, index.html for every page the client
// knows, and the client's not-found page with a real 404 for everything else. Unknown /api paths
// get a JSON 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownPagePath } from '../../../shared/pages';
import { PRODUCT_MESSAGES } from '../../../shared/messages';

export async function webRoutes(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const indexFile = path.join(clientDir, 'index.html');
  const clientBuilt = existsSync(indexFile);
  // Read once: every page request answers with the same shell.
  const indexHtml = clientBuilt ? readFileSync(indexFile, 'utf8') : '';

  if (clientBuilt) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // Routes only for the files that exist at start-up; every other GET reaches the not-found handler below.
      wildcard: false,
      cacheControl: false,
      setHeaders(response, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ success: false, error: PRODUCT_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    if (!clientBuilt) {
      return reply.status(503).type('text/plain').send('The web client is not built yet: run `npm run build`.');
    }
    return reply
      .status(isKnownPagePath(request.url) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
