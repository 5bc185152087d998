// `npm run bench`: builds the client (the client-weight bench measures the built one), then runs every
// benchmark in turn, each in its own process so one's memory and timers do not colour the next. A bench
// that misses a target or fails still lets the others run; the run exits 1 at the end if any did.
import { spawnSync } from 'node:child_process';

const BENCHES = [
  'upload-normaliser',
  'offline-engine',
  'upload-to-result',
  'feed',
  'admin-lists',
  'lead-search',
  'response-schemas',
  'lead-scoring',
  'render-workers',
  'client-weight',
];

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

// `npm run build`'s steps, with Vite's list of chunks left out (client-weight prints what matters).
if (
  run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0 ||
  run(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts']) !== 0 ||
  run(process.execPath, ['--import', 'tsx', 'scripts/precompress.ts']) !== 0
) {
  console.error('bench: the client did not build');
  process.exit(1);
}
const failed = BENCHES.filter((name) => {
  process.stdout.write(`\n== ${name} ==\n`);
  return run(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`]) !== 0;
});
process.stdout.write(failed.length ? `\nbench: not met or failed: ${failed.join(', ')}\n` : '\nbench: every target met\n');
process.exit(failed.length ? 1 : 0);
