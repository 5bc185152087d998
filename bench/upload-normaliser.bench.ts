// Checks the upload normaliser costs at most 1.2× a bare sharp decode → orient → resize → JPEG of the same 12 MP
// photo. Run: npx tsx bench/upload-normaliser.bench.ts (exits 1 on FAIL).
import sharp from 'sharp';
import { LIMITS } from '../src/shared/constants';
import { normaliseUpload } from '../src/server/modules/uploads/image-normaliser';
import { readFixture } from '../src/server/modules/uploads/upload-test-images';

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
