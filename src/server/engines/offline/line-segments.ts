// Straight edges in the photo (window and door frames, skirting boards, the corners of the room), found on the guide
// image the way the line segment detector of von Gioi et al. (LSD, 2010) finds them: pixels whose brightness
// gradient points the same way are grown into regions, and a region that is long, thin and dense is a segment. In
// place of LSD's false-alarm test, a length and density threshold: the room geometry needs the long edges only.
import type { GuideImage } from './downscale';
import { estimateExposure, yToLightness } from './exposure';

export type Segment = { x1: number; y1: number; x2: number; y2: number; length: number };

/** Smallest gradient (lightness units per pixel) that can belong to an edge; LSD's 2 / sin(22.5°) grey levels. */
const MIN_GRADIENT = 2;
/** Pixels join a region when their gradient's direction is within this of the region's. */
const ANGLE_TOLERANCE = Math.PI / 8;
/** Shortest segment kept, as a share of the image's long side. */
const MIN_LENGTH_SHARE = 0.03;
/** On refining a region, the weakest gradient kept, as a share of the seed's. */
const REFINED_MIN_GRADIENT_SHARE = 0.4;
/** A region must fill this share of its bounding rectangle, and be this many times longer than wide. */
const MIN_DENSITY = 0.6;
const MIN_ELONGATION = 4;

/** Line segments in `guide`, in its pixel coordinates, longest first. */
export function findSegments(guide: GuideImage): Segment[] {
  const { width, height, linear } = guide;
  // Lightness as if the photo were well exposed, so a dim photo's edges pass the same gradient threshold.
  const luminance = new Float32Array(width * height);
  for (let i = 0; i < luminance.length; i++)
    luminance[i] = 0.2126 * linear[i * 3] + 0.7152 * linear[i * 3 + 1] + 0.0722 * linear[i * 3 + 2];
  const exposure = exposureOf(luminance);
  const sharp = luminance.map((y) => yToLightness(Math.min(1, y / exposure)));
  const lightness = gaussianBlur(sharp, width, height);
  // LSD's 2×2 gradient, taken at the corner shared by four pixels; the last row and column have none.
  const magnitude = new Float32Array(width * height);
  const angle = new Float32Array(width * height);
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      const a = lightness[i];
      const b = lightness[i + 1];
      const c = lightness[i + width];
      const d = lightness[i + width + 1];
      const gx = (b + d - a - c) / 2;
      const gy = (c + d - a - b) / 2;
      magnitude[i] = Math.hypot(gx, gy);
      // The level line runs across the gradient.
      angle[i] = Math.atan2(gx, -gy);
    }
  }
  const seeds = Array.from(magnitude.keys())
    .filter((i) => magnitude[i] > MIN_GRADIENT)
    .sort((p, q) => magnitude[q] - magnitude[p] || p - q);

  const used = new Uint8Array(width * height);
  const inRegion = new Uint8Array(width * height);
  const minLength = MIN_LENGTH_SHARE * Math.max(width, height);
  // Which growth last took each pixel: a stamp per growth instead of a fresh set each time.
  const taken = new Int32Array(width * height);
  let growth = 0;
  const grow = (seed: number, tolerance: number, allowed: (pixel: number) => boolean) =>
    growRegion(seed, tolerance, allowed, { width, height, magnitude, angle, taken, stamp: ++growth });
  const segments: Segment[] = [];
  for (const seed of seeds) {
    if (used[seed]) continue;
    const region = grow(seed, ANGLE_TOLERANCE, (n) => !used[n]);
    for (const i of region) used[i] = 1;
    let segment = fitSegment(region, width, magnitude, minLength);
    if (!segment) {
      // A region that grew into texture of a similar direction (the grain of a floor beside a skirting board) is
      // too thick: it is grown again within itself, more strictly, as LSD refines a region, and through strong
      // gradients only (the edge is stronger than the texture beside it).
      for (const i of region) inRegion[i] = 1;
      const strong = magnitude[seed] * REFINED_MIN_GRADIENT_SHARE;
      const refined = grow(seed, ANGLE_TOLERANCE / 2, (n) => inRegion[n] === 1 && magnitude[n] >= strong);
      for (const i of region) inRegion[i] = 0;
      segment = fitSegment(refined, width, magnitude, minLength) ?? shrinkToSegment(refined, seed, width, magnitude, minLength);
    }
    if (segment) segments.push(segment);
  }
  return segments.sort((p, q) => q.length - p.length);
}

/** The photo's exposure (exposure.ts) from its luminance, on a sample of the pixels. */
function exposureOf(luminance: Float32Array): number {
  const step = Math.max(1, Math.floor(luminance.length / 4096));
  const lab = new Float32Array(Math.ceil(luminance.length / step) * 3);
  for (let i = 0, k = 0; i < luminance.length; i += step, k += 3) lab[k] = yToLightness(luminance[i]);
  return estimateExposure(lab);
}

/**
 * LSD smooths the image before taking gradients (a Gaussian of sigma 0.6 over its 0.8 scale): without it a
 * staircase of pixels along an oblique edge, or a photo's noise, turns the gradient's direction from pixel to pixel
 * and no region grows along the edge. A separable 5-tap Gaussian of sigma 0.8.
 */
const GAUSSIAN = (() => {
  const taps = [-2, -1, 0, 1, 2].map((d) => Math.exp(-(d * d) / (2 * 0.8 * 0.8)));
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((t) => t / sum);
})();

function gaussianBlur(values: Float32Array, width: number, height: number): Float32Array {
  const across = new Float32Array(values.length);
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -2; k <= 2; k++) sum += GAUSSIAN[k + 2] * values[y * width + Math.min(width - 1, Math.max(0, x + k))];
      across[y * width + x] = sum;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -2; k <= 2; k++) sum += GAUSSIAN[k + 2] * across[Math.min(height - 1, Math.max(0, y + k)) * width + x];
      out[y * width + x] = sum;
    }
  }
  return out;
}

/** Pixels 8-connected to `seed` whose gradient points within `tolerance` of the region's mean direction. */
type Gradients = { width: number; height: number; magnitude: Float32Array; angle: Float32Array; taken: Int32Array; stamp: number };

function growRegion(seed: number, tolerance: number, allowed: (pixel: number) => boolean, gradients: Gradients): number[] {
  const { width, height, magnitude, angle, taken, stamp } = gradients;
  const region = [seed];
  taken[seed] = stamp;
  let sumCos = Math.cos(angle[seed]);
  let sumSin = Math.sin(angle[seed]);
  let regionAngle = angle[seed];
  for (let k = 0; k < region.length; k++) {
    const x = region[k] % width;
    const y = (region[k] - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (taken[n] === stamp || !allowed(n) || magnitude[n] <= MIN_GRADIENT || angleBetween(angle[n], regionAngle) >= tolerance) continue;
        taken[n] = stamp;
        region.push(n);
        sumCos += Math.cos(angle[n]);
        sumSin += Math.sin(angle[n]);
        regionAngle = Math.atan2(sumSin, sumCos);
      }
    }
  }
  return region;
}

function angleBetween(a: number, b: number): number {
  const difference = Math.abs(a - b);
  return difference > Math.PI ? 2 * Math.PI - difference : difference;
}

/**
 * A region that follows a gently curving edge (a lens bends long straight lines) is cut back round its seed, a
 * quarter of its reach at a time, until what is left is straight enough, as LSD reduces a region's radius.
 */
function shrinkToSegment(region: number[], seed: number, width: number, magnitude: Float32Array, minLength: number): Segment | null {
  const sx = seed % width;
  const sy = Math.floor(seed / width);
  const byDistance = region
    .map((pixel) => ({ pixel, distance: Math.hypot((pixel % width) - sx, Math.floor(pixel / width) - sy) }))
    .sort((p, q) => p.distance - q.distance);
  let reach = byDistance[byDistance.length - 1].distance;
  let count = byDistance.length;
  while (reach * 2 >= minLength) {
    reach *= 0.75;
    while (count > 0 && byDistance[count - 1].distance > reach) count--;
    const segment = fitSegment(
      byDistance.slice(0, count).map((entry) => entry.pixel),
      width,
      magnitude,
      minLength,
    );
    if (segment) return segment;
  }
  return null;
}

/** The rectangle round a region (its principal axis by gradient-weighted moments), if it is a segment. */
function fitSegment(region: readonly number[], width: number, magnitude: Float32Array, minLength: number): Segment | null {
  if (region.length < minLength) return null;
  let total = 0;
  let cx = 0;
  let cy = 0;
  for (const i of region) {
    const w = magnitude[i];
    total += w;
    cx += w * (i % width);
    cy += w * Math.floor(i / width);
  }
  cx /= total;
  cy /= total;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const i of region) {
    const w = magnitude[i];
    const dx = (i % width) - cx;
    const dy = Math.floor(i / width) - cy;
    xx += w * dx * dx;
    yy += w * dy * dy;
    xy += w * dx * dy;
  }
  const theta = 0.5 * Math.atan2(2 * xy, xx - yy);
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  let along0 = Infinity;
  let along1 = -Infinity;
  let acrossSquares = 0;
  for (const i of region) {
    const dx = (i % width) - cx;
    const dy = Math.floor(i / width) - cy;
    const along = dx * ux + dy * uy;
    const across = -dx * uy + dy * ux;
    along0 = Math.min(along0, along);
    along1 = Math.max(along1, along);
    acrossSquares += across * across;
  }
  // Each pixel covers one unit either side of its centre. The thickness is that of an evenly filled band with the
  // region's spread across its axis, so a few stray pixels at a corner do not count as a thick region.
  const length = along1 - along0 + 1;
  const thickness = Math.sqrt((12 * acrossSquares) / region.length) + 1;
  if (length < minLength || length < MIN_ELONGATION * thickness || region.length < MIN_DENSITY * length * thickness) return null;
  // Gradients sit on the corner between pixels: half a pixel down and right of the pixel's own centre.
  const mx = cx + 0.5;
  const my = cy + 0.5;
  return {
    x1: mx + ux * along0,
    y1: my + uy * along0,
    x2: mx + ux * along1,
    y2: my + uy * along1,
    length: along1 - along0,
  };
}
