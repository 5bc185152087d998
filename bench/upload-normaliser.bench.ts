// Checks the upload normaliser costs at most 1.2× a bare sharp decode → orient → resize → JPEG of the same 12 MP
// photo, and that an iPhone HEIC does not stall the event loop (the decode runs in a worker thread; the
// baseline decodes it on the main thread, as the normaliser once did). Run: npx tsx bench/upload-normaliser.bench.ts
// (exits 1 on FAIL).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { LIMITS } from '#shared/constants';
import { normaliseUpload } from '#server/modules/uploads/image-normaliser';
import { readFixture } from '../tests/fakes/upload-test-images';

const FIXTURE = 'living_room_12mp.jpg';
const WARM_UPS = 2;
const ITERATIONS = 10;
const MAX_RATIO = 1.2;

const photo = await readFixture(FIXTURE);

function baseline(): Promise<Buffer> {
  return sharp(photo)
    .rotate()
    .resize({ width: LIMITS.uploadMaxEdgePx, height: LIMITS.uploadMaxEdgePx, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: Math.round(LIMITS.uploadJpegQuality * 100) })
    .toBuffer();
}

function candidate(): Promise<unknown> {
  return normaliseUpload(photo);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

for (let i = 0; i < WARM_UPS; i += 1) {
  await baseline();
  await candidate();
}

// Interleaved, alternating which goes first, so load from other processes lands on both sides alike.
const baselineTimes: number[] = [];
const candidateTimes: number[] = [];
for (let i = 0; i < ITERATIONS; i += 1) {
  if (i % 2 === 0) {
    baselineTimes.push(await timed(baseline));
    candidateTimes.push(await timed(candidate));
  } else {
    candidateTimes.push(await timed(candidate));
    baselineTimes.push(await timed(baseline));
  }
}

const baselineMedian = median(baselineTimes);
const candidateMedian = median(candidateTimes);
const ratio = candidateMedian / baselineMedian;
const verdict = ratio <= MAX_RATIO ? 'PASS' : 'FAIL';
process.stdout.write(
  [
    `${FIXTURE} (${(photo.length / 1024 / 1024).toFixed(2)} MB), median of ${ITERATIONS} after ${WARM_UPS} warm-ups`,
    `baseline sharp decode→rotate→resize(${LIMITS.uploadMaxEdgePx})→jpeg: ${baselineMedian.toFixed(1)} ms`,
    `normaliseUpload (image + email copy):        ${candidateMedian.toFixed(1)} ms`,
    `ratio ${ratio.toFixed(3)} (limit ${MAX_RATIO}) ${verdict}`,
    '',
  ].join('\n'),
);
if (verdict === 'FAIL') process.exitCode = 1;

// An iPhone photo (HEVC HEIC): the longest the event loop was blocked while it was normalised, against
// decoding the same file on the main thread. Every other request waits that long.
const HEIC_FIXTURE = 'kitchen_2.heic';
const MAX_STALL_MS = 100;
const heic = await readFixture(HEIC_FIXTURE);

async function longestStall(run: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await run();
  // The monitor's timer records a stall when it next fires: let it fire once after the work.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return delay.max / 1e6;
}

await normaliseUpload(heic); // starts the decoder thread
const workerStalls: number[] = [];
const mainThreadStalls: number[] = [];
for (let i = 0; i < 3; i += 1) {
  workerStalls.push(await longestStall(() => normaliseUpload(heic)));
  mainThreadStalls.push(await longestStall(() => decodeHeic({ buffer: heic })));
}
const stall = median(workerStalls);
const stallVerdict = stall < MAX_STALL_MS ? 'PASS' : 'FAIL';
process.stdout.write(
  [
    `${HEIC_FIXTURE} (${(heic.length / 1024 / 1024).toFixed(2)} MB HEIC), longest event-loop stall, median of 3`,
    `baseline heic-decode on the main thread:     ${median(mainThreadStalls).toFixed(0)} ms`,
    `normaliseUpload (decode in a worker thread): ${stall.toFixed(0)} ms (limit ${MAX_STALL_MS} ms) ${stallVerdict}`,
    '',
  ].join('\n'),
);
if (stallVerdict === 'FAIL') process.exitCode = 1;
