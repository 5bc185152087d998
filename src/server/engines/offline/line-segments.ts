// Straight edges in the photo (window and door frames, skirting boards, the corners of the room), found on the guide
// image the way the line segment detector of von Gioi et al. (LSD, 2010) finds them: pixels whose brightness
// gradient points the same way are grown into regions, and a region that is long, thin and dense is a segment. In
// place of LSD's false-alarm test, a length and density threshold: the room geometry needs the long edges only.
import type { GuideImage } from './downscale';
import { estimateExposure, readingExposure, yToLightness } from './exposure';

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
  const { width, height } = guide;
  const lightness = gaussianBlur(exposedLightness(guide), width, height, LSD_SIGMA);
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
  const seeds = strongestFirst(magnitude, MIN_GRADIENT);

  const used = new Uint8Array(width * height);
  const inRegion = new Uint8Array(width * height);
  const minLength = MIN_LENGTH_SHARE * Math.max(width, height);
  // Which growth last took each pixel: a stamp per growth instead of a fresh set each time.
  const taken = new Int32Array(width * height);
  let growth = 0;
  const grow = (seed: number, tolerance: number, allowed: (pixel: number) => boolean) =>
    growRegion(seed, tolerance, allowed, { width, height, magnitude, angle, least: MIN_GRADIENT, taken, stamp: ++growth });
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

/**
 * Blur before the creases are looked for (a Gaussian, in guide pixels; 1.5 % of the long side): a fold between two
 * surfaces shows at this scale, while a tile's or a board's joint, a thin line, fades (its curvature falls with the
 * square of the scale, a fold's with the scale).
 */
const CREASE_SIGMA = 6;
/**
 * Weakest fold: its curvature across, times sigma. A fold whose lightness's slope changes by s (L per guide pixel)
 * scores about 0.4 s: home_office_1's right wall under its tiled ceiling, about 0.18.
 */
const CREASE_MIN = 0.1;
/**
 * Either flank of a blurred step curves too, as much as a fold, but there the slope is about the curvature times sigma;
 * at a fold, where the light falls to the corner and rises away from it, much less.
 */
const CREASE_MAX_SLOPE = 0.7;
const CREASE_MIN_LENGTH_SHARE = 0.08;
/**
 * Further out on a blurred step's flanks the slope falls faster than the curvature, and the rule above lets them
 * through: two faint folds either side of every strong edge. A fold that runs along a step (within this angle) and
 * this close to it (in sigmas, over most of its length) is that step, blurred.
 */
const GHOST_ANGLE = (5 * Math.PI) / 180;
const GHOST_REACH = 3;
const GHOST_SHARE = 0.5;

/**
 * Folds in the shading: where two surfaces lit alike meet (the right wall under home_office_1's tiled ceiling),
 * their corner shows no step of brightness for findSegments, only a change of its slope: the light falls toward the
 * corner on one side and rises away from it on the other. Found as LSD finds steps, with the direction across
 * the fold (of the lightness's strongest curvature) in place of the gradient's. In the guide's pixel coordinates,
 * longest first.
 */
export function findCreases(guide: GuideImage, steps: readonly Segment[]): Segment[] {
  const { width, height } = guide;
  const lightness = gaussianBlur(exposedLightness(guide), width, height, CREASE_SIGMA);
  const magnitude = new Float32Array(width * height);
  // The direction across the fold, doubled: a fold has no side, so across and back again are one direction.
  const angle = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const l = lightness[i];
      const xx = lightness[i + 1] - 2 * l + lightness[i - 1];
      const yy = lightness[i + width] - 2 * l + lightness[i - width];
      const xy = (lightness[i + width + 1] - lightness[i + width - 1] - lightness[i - width + 1] + lightness[i - width - 1]) / 4;
      // The curvatures across and along the fold (the Hessian's eigenvalues by size): a line curves across only.
      const mean = (xx + yy) / 2;
      const spread = Math.hypot((xx - yy) / 2, xy);
      const across = Math.abs(mean) + spread;
      const fold = (across - Math.abs(Math.abs(mean) - spread)) * CREASE_SIGMA;
      if (fold <= CREASE_MIN) continue;
      const slope = Math.hypot(lightness[i + 1] - lightness[i - 1], lightness[i + width] - lightness[i - width]) / 2;
      if (slope > CREASE_MAX_SLOPE * across * CREASE_SIGMA) continue;
      magnitude[i] = fold;
      // The eigenvector of the larger eigenvalue lies at half this angle; the other's a right angle away.
      const doubled = Math.atan2(2 * xy, xx - yy) + (mean >= 0 ? 0 : Math.PI);
      angle[i] = doubled > Math.PI ? doubled - 2 * Math.PI : doubled;
    }
  }
  const seeds = strongestFirst(magnitude, CREASE_MIN);
  const used = new Uint8Array(width * height);
  const taken = new Int32Array(width * height);
  const minLength = CREASE_MIN_LENGTH_SHARE * Math.max(width, height);
  const creases: Segment[] = [];
  let growth = 0;
  for (const seed of seeds) {
    if (used[seed]) continue;
    const region = growRegion(seed, 2 * ANGLE_TOLERANCE, (n) => !used[n], {
      width,
      height,
      magnitude,
      angle,
      least: CREASE_MIN,
      taken,
      stamp: ++growth,
    });
    for (const i of region) used[i] = 1;
    const crease = fitSegment(region, width, magnitude, minLength);
    if (crease && !steps.some((step) => flankOf(crease, step))) creases.push(crease);
  }
  return creases.sort((p, q) => q.length - p.length);
}

/** Whether `fold` runs along `step` and near it over most of its length (GHOST_ANGLE, GHOST_REACH, GHOST_SHARE). */
function flankOf(fold: Segment, step: Segment): boolean {
  const fx = (fold.x2 - fold.x1) / fold.length;
  const fy = (fold.y2 - fold.y1) / fold.length;
  const sx = (step.x2 - step.x1) / step.length;
  const sy = (step.y2 - step.y1) / step.length;
  if (Math.abs(fx * sy - fy * sx) > Math.sin(GHOST_ANGLE)) return false;
  // Points along the fold whose distance to the step's segment is within reach.
  const samples = 9;
  let near = 0;
  for (let k = 0; k < samples; k++) {
    const px = fold.x1 + ((fold.x2 - fold.x1) * k) / (samples - 1);
    const py = fold.y1 + ((fold.y2 - fold.y1) * k) / (samples - 1);
    const along = Math.min(step.length, Math.max(0, (px - step.x1) * sx + (py - step.y1) * sy));
    if (Math.hypot(px - step.x1 - sx * along, py - step.y1 - sy * along) <= GHOST_REACH * CREASE_SIGMA) near++;
  }
  return near >= GHOST_SHARE * samples;
}

/** The pixels stronger than `least`, strongest first (ties in reading order), where regions are grown from. */
function strongestFirst(magnitude: Float32Array, least: number): Int32Array {
  let count = 0;
  for (let i = 0; i < magnitude.length; i++) if (magnitude[i] > least) count++;
  const seeds = new Int32Array(count);
  for (let i = 0, k = 0; i < magnitude.length; i++) if (magnitude[i] > least) seeds[k++] = i;
  return seeds.sort((p, q) => magnitude[q] - magnitude[p] || p - q);
}

/** Lightness as if the photo were well exposed, so a dim photo's edges pass the same thresholds. */
function exposedLightness({ width, height, linear }: GuideImage): Float32Array {
  const luminance = new Float32Array(width * height);
  for (let i = 0; i < luminance.length; i++)
    luminance[i] = 0.2126 * linear[i * 3] + 0.7152 * linear[i * 3 + 1] + 0.0722 * linear[i * 3 + 2];
  const exposure = exposureOf(luminance);
  return luminance.map((y) => yToLightness(Math.min(1, y / exposure)));
}

/** The photo's exposure (exposure.ts) from its luminance, on a sample of the pixels. */
function exposureOf(luminance: Float32Array): number {
  const step = Math.max(1, Math.floor(luminance.length / 4096));
  const lab = new Float32Array(Math.ceil(luminance.length / step) * 3);
  for (let i = 0, k = 0; i < luminance.length; i += step, k += 3) lab[k] = yToLightness(luminance[i]);
  return readingExposure(estimateExposure(lab));
}

/**
 * LSD smooths the image before taking gradients (a Gaussian of sigma 0.6 over its 0.8 scale): without it a
 * staircase of pixels along an oblique edge, or a photo's noise, turns the gradient's direction from pixel to pixel
 * and no region grows along the edge.
 */
const LSD_SIGMA = 0.8;

/** A separable Gaussian of `sigma` pixels (taps out to 2.5 sigma), the frame's edge pixels repeated beyond it. */
function gaussianBlur(values: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(2.5 * sigma);
  const taps = Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)));
  const total = taps.reduce((a, b) => a + b, 0);
  const weights = Float64Array.from(taps, (tap) => tap / total);
  const rows = blurLines(values, width, height, weights, width, 1);
  return blurLines(rows, height, width, weights, 1, width);
}

/**
 * One pass of a blur along lines of `length` values `step` apart, `count` lines starting `stride` apart: rows (step 1)
 * or columns (step width). The clamp to the frame is needed only within a radius of its edges.
 */
function blurLines(values: Float32Array, length: number, count: number, weights: Float64Array, stride: number, step: number) {
  const radius = (weights.length - 1) / 2;
  const out = new Float32Array(values.length);
  for (let line = 0; line < count; line++) {
    const base = line * stride;
    for (let t = 0; t < length; t++) {
      let sum = 0;
      if (t >= radius && t < length - radius) {
        for (let k = -radius, at = base + (t - radius) * step; k <= radius; k++, at += step) sum += weights[k + radius] * values[at];
      } else {
        for (let k = -radius; k <= radius; k++) sum += weights[k + radius] * values[base + Math.min(length - 1, Math.max(0, t + k)) * step];
      }
      out[base + t * step] = sum;
    }
  }
  return out;
}

/** Pixels 8-connected to `seed` whose gradient points within `tolerance` of the region's mean direction. */
type Gradients = {
  width: number;
  height: number;
  magnitude: Float32Array;
  angle: Float32Array;
  /** The weakest magnitude a pixel of a region may have. */
  least: number;
  taken: Int32Array;
  stamp: number;
};

function growRegion(seed: number, tolerance: number, allowed: (pixel: number) => boolean, gradients: Gradients): number[] {
  const { width, height, magnitude, angle, least, taken, stamp } = gradients;
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
        if (taken[n] === stamp || !allowed(n) || magnitude[n] <= least || angleBetween(angle[n], regionAngle) >= tolerance) continue;
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
