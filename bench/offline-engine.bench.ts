// Times the offline render engine on a 1920 px room photo against its budget (median under 800 ms on one core),
// next to a bare sharp decode + encode of the same image as the floor no engine can beat.
// Run: npx tsx bench/offline-engine.bench.ts
import path from 'node:path';
import sharp from 'sharp';
import { renderOffline } from '#server/engines/offline/offline-engine';
import { globalGradeControl, nearestPaletteControl } from '#server/engines/offline/quality/controls';
import { CUSTOM_LOOKS, LAYOUT_GUARD, measureRenderer, PRESET_LOOKS, type Measured } from '#server/engines/offline/quality/measure-renderer';
import { BARS } from '#server/engines/offline/quality/redesign-figures';

const RUNS = 15;
/** V8 needs a few renders to optimise the pixel loops fully; a server renders many. */
const WARM_UP_RUNS = 3;
/**
 * Issue 19 allows 1.5 s for the whole render; this budget keeps half of that in hand. It was 400 ms before the engine
 * found the room's straight edges and laid floor materials (decision 034), which add about 100–150 ms.
 */
const BUDGET_MS = 800;
const ISSUE_LIMIT_MS = 1500;
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

// Two everyday looks against the budget, and the costliest floor material (marble's veins are noise at several
// scales per pixel) against the issue's own limit.
const TIMED: readonly { styleId: 'farmhouse-chic' | 'modern-zen' | 'contemporary-luxe'; budget: number }[] = [
  { styleId: 'farmhouse-chic', budget: BUDGET_MS },
  { styleId: 'modern-zen', budget: BUDGET_MS },
  { styleId: 'contemporary-luxe', budget: ISSUE_LIMIT_MS },
];
for (const { styleId, budget } of TIMED) {
  let seed = 0;
  const engine = await time(() => renderOffline({ image, styleId, customPrompt: null, seed: seed++ }));
  const result = median(engine);
  line(
    `renderOffline ${styleId}: median ${result.toFixed(1)} ms (min ${Math.min(...engine).toFixed(1)}, max ${Math.max(...engine).toFixed(1)})`,
  );
  if (result >= budget) process.exitCode = 1;
  line(`${result < budget ? 'PASS' : 'FAIL'}: ${styleId} median ${result.toFixed(1)} ms vs target under ${budget} ms on one core`);
}

// The redesign figures (issue 19): every preset and two custom texts on every labelled photo at 1920 px, then the
// same presets through the two controls, which must fail. The engine's own bars are printed as they stand.
const looks = [...PRESET_LOOKS, ...CUSTOM_LOOKS];
let qualitySeed = 0;
const figures = await measureRenderer(
  async (photo, look) => (await renderOffline({ image: photo, ...look, seed: qualitySeed++ })).image,
  looks,
);
const controls = {
  'global grade control': await measureRenderer((photo, look) => globalGradeControl(photo, look.styleId!), PRESET_LOOKS),
  'palette lookup control': await measureRenderer((photo, look) => nearestPaletteControl(photo, look.styleId!), PRESET_LOOKS),
};
const describe = (name: string, measured: Measured) =>
  `${name} (${measured.renders.length} renders): view kept median ${measured.viewKeptMedian.toFixed(1)} (bar ≤ ${BARS.viewKeptMedian}), worst tenth ${measured.viewKeptWorstTenth.toFixed(1)} (≤ ${BARS.viewKeptWorstTenth}); floor restyled median ${measured.floorRestyledMedian.toFixed(1)} (≥ ${BARS.floorRestyledMedian}); surfaces over window median ${measured.surfaceOverWindowMedian.toFixed(2)} (≥ ${BARS.surfaceOverWindowMedian}); worst blotch ${measured.worstBlotch.toFixed(1)} (≤ ${BARS.worstBlotch}); styles apart, worst photo ${measured.stylesApartWorstPhoto.toFixed(1)} (≥ ${BARS.stylesApartMedian}); ceiling kept median ${measured.ceilingKeptMedian.toFixed(1)} (≤ ${BARS.ceilingKeptMedian}), worst tenth ${measured.ceilingKeptWorstTenth.toFixed(1)}`;
line(describe('offline engine', figures));
const belowGuard = figures.renders.filter(({ layout }) => layout < LAYOUT_GUARD);
line(
  `${belowGuard.length ? 'FAIL' : 'PASS'}: layout guard (edge SSIM ≥ ${LAYOUT_GUARD}) on ${figures.renders.length - belowGuard.length} of ${figures.renders.length} renders` +
    (belowGuard.length ? `; below: ${belowGuard.map(({ name, layout }) => `${name} ${layout.toFixed(2)}`).join(', ')}` : ''),
);
line(
  figures.failures.length
    ? `FAIL: the offline engine misses ${figures.failures.join('; ')}`
    : 'PASS: the offline engine meets every redesign bar',
);
for (const [name, measured] of Object.entries(controls)) {
  line(describe(name, measured));
  if (!measured.failures.length) process.exitCode = 1;
  line(
    `${measured.failures.length ? 'PASS' : 'FAIL'}: the ${name} ${measured.failures.length ? 'fails the bars, as it must' : 'passes the bars: they cannot tell a filter from a redesign'}`,
  );
}
