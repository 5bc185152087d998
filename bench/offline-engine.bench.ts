// Times the offline render engine on a 1920 px room photo against its budget (median under 400 ms on one core),
// next to a bare sharp decode + encode of the same image as the floor no engine can beat.
// Run: npx tsx bench/offline-engine.bench.ts
import path from 'node:path';
import sharp from 'sharp';
import { renderOffline } from '#server/engines/offline/offline-engine';

const RUNS = 15;
/** V8 needs a few renders to optimise the pixel loops fully; a server renders many. */
const WARM_UP_RUNS = 3;
const BUDGET_MS = 400;
const FIXTURE = path.resolve('../shared/fixtures/rooms/living_room_12mp.jpg');

// One libvips thread, so the figures are for one core like the budget (the engine's own code is single-threaded JS).
sharp.concurrency(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARM_UP_RUNS; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

const image = await sharp(FIXTURE).resize(1920, 1920, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
const { width, height } = await sharp(image).metadata();
line(
  `offline engine bench: ${path.basename(FIXTURE)} resized to ${width}×${height}, ${RUNS} runs each after ${WARM_UP_RUNS} warm-up runs, sharp concurrency 1`,
);

const baseline = await time(async () => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
line(
  `baseline sharp decode+encode: median ${median(baseline).toFixed(1)} ms (min ${Math.min(...baseline).toFixed(1)}, max ${Math.max(...baseline).toFixed(1)})`,
);

for (const styleId of ['farmhouse-chic', 'modern-zen'] as const) {
  let seed = 0;
  const engine = await time(() => renderOffline({ image, styleId, customPrompt: null, seed: seed++ }));
  const result = median(engine);
  line(
    `renderOffline ${styleId}: median ${result.toFixed(1)} ms (min ${Math.min(...engine).toFixed(1)}, max ${Math.max(...engine).toFixed(1)})`,
  );
  if (result >= BUDGET_MS) process.exitCode = 1;
  line(`${result < BUDGET_MS ? 'PASS' : 'FAIL'}: ${styleId} median ${result.toFixed(1)} ms vs target under ${BUDGET_MS} ms on one core`);
}
