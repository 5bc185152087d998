// Compresses the built client's text files once, at build time, at the highest settings (brotli 11, gzip
// 9), writing `file.br` and `file.gz` beside each; the server sends the one the browser accepts
// (@fastify/static's preCompressed). Images are already compressed and are skipped, as are files under
// 1 KB, source maps (read by developer tools alone) and any file the compression would not make at least
// 10 % smaller. The prerendered pages are not done here: the server fills request-time content into them
// and compresses each version once (http/compression.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_FILES = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'pages') yield* filesUnder(full);
    } else if (TEXT_FILES.test(entry.name)) yield full;
  }
}

export function precompress(clientDir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of filesUnder(clientDir)) {
    if (statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    if (brotli.length > content.length * 0.9) continue;
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    bytes += content.length;
    brotliBytes += brotli.length;
  }
  return { files, bytes, brotliBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { files, bytes, brotliBytes } = precompress(path.resolve('dist/client'));
  console.warn(`Precompressed ${files} files: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB brotli.`);
}
