// `npm start`: builds and prerenders the web client when it is missing or older than its sources, then runs the
// server. One command from a fresh clone to a working product at http://localhost:3000.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { prerenderPages } from './prerender';
import { precompress } from './precompress';

const builtIndex = path.resolve('dist/client/index.html');
const clientSources = ['src/web', 'src/shared', 'vite.config.ts'];

function newestModification(target: string): number {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestModification(path.join(target, entry))), stats.mtimeMs);
}

const needsBuild =
  !existsSync(builtIndex) ||
  Math.max(...clientSources.map((source) => newestModification(path.resolve(source)))) > statSync(builtIndex).mtimeMs;

if (needsBuild) {
  console.warn('Building the web client…');
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  await prerenderPages(path.resolve('dist/client'));
  precompress(path.resolve('dist/client'));
}
await import('#server/main');
