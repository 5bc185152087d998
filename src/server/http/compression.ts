// Compression of what the server writes per request (issue 22): HTML pages, JSON answers, the sitemap,
// CSV. Brotli or gzip by the client's Accept-Encoding, for compressible types over 1 KB. Brotli runs at
// quality 4 here: on a 30 KB page it is about as fast as gzip and still smaller, where the default 11 costs
// tens of milliseconds per answer. The built client's files are compressed once at build time at the
// highest settings (scripts/precompress.ts) and served as they are (web.routes.ts); a reply that already
// has a Content-Encoding, an image (already compressed) and the render event stream (hijacked) are left
// alone.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Images and archives are already compressed; mime-db's `compressible` flag says so for the rest.
    customTypes: /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/,
  });
}

const PAGE_ENCODINGS = ['br', 'gzip'] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];
const pageCache = new Map<string, Buffer>();
const PAGE_CACHE_ENTRIES = 200;

/**
 * A prerendered page in the encoding the browser accepts, for the web routes' not-found handler (the
 * compression plugin only sees routes). Pages are few and change only with a deploy or the hero choice,
 * so each version (its ETag) is compressed once, at the highest settings, and kept.
 */
export function compressedPage(
  html: string,
  etag: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding?: PageEncoding } {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, [...PAGE_ENCODINGS]) : null;
  if (!encoding || Buffer.byteLength(html) < COMPRESSION_THRESHOLD_BYTES) return { body: html };
  const key = `${encoding}:${etag}`;
  let body = pageCache.get(key);
  if (!body) {
    body =
      encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(html, { level: 9 });
    if (pageCache.size >= PAGE_CACHE_ENTRIES) pageCache.clear();
    pageCache.set(key, body);
  }
  return { body, encoding };
}
