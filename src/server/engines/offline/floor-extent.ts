// Where a floor material may be laid: the floor found by colour can run up a wall of the floor's colour (the wood
// panelling under bedroom_1's windows, a pillar's foot). The straight edge where a wall meets the floor tells them
// apart: along a skirting board, a heater or the foot of a cabinet, the colour just below the edge is the floor's
// and the colour just above it is of another hue. Hue, not lightness: the edge of a sun patch on the floor divides
// two lightnesses of one colour. In each column such an edge crosses, the material starts below the lowest one; the
// floor's colour above it stays a recolour. A white skirting board on a grey carpet differs in lightness only and
// cuts nothing: the material then stops where the colour's floor does. Nor does a pixel the camera clipped count for
// an edge: a blown-out stripe of sun on pale boards is white whatever the boards' colour, and its edge, a step of
// light, would read as one of hue (decision 105).
import type { GuideImage } from './downscale';
import type { Segment } from './line-segments';
import { FIELD_CHANNELS, FLOOR_CHANNEL } from './recolour-field';

/** Segments within this of vertical are edges of walls and pillars, not where a wall meets the floor. */
const NOT_BELOW_VERTICAL = (30 * Math.PI) / 180;
/** The shortest edge taken for a wall's foot, as a share of the width. */
const MIN_FOOT_LENGTH = 0.05;
/** How far above and below the edge the floor is looked for, in guide pixels. */
const PROBE = 3;
/** Share of the probes along the edge that must see "not floor" above and floor below. */
const MIN_AGREEMENT = 0.6;
/** Floor share that counts as floor below the edge. */
const FLOOR = 0.5;
/** Chromaticity distance (of r and g over r + g + b, in linear light) between the hues either side of a wall's foot. */
const OTHER_HUE = 0.05;
/** A hue is the floor's if it is as close to the floor's median as this share of the floor's own pixels. */
const FLOOR_HUE_QUANTILE = 0.8;
const MIN_FLOOR_HUE_SPREAD = 0.03;
/**
 * A wall's foot is at the far edge of the floor: at least half of its column's floor lies below it. (The edge
 * of a streak of glare, white over the floor's colour like a skirting board, lies across the floor.)
 */
const MIN_FLOOR_BELOW = 0.5;
/** Rows over which the material fades in below the edge, in guide pixels. */
const FADE_ROWS = 2;

/**
 * Clears the floor channel of `fields` (on the guide grid, `width` × `height`) above each column's lowest wall foot,
 * so the material is laid on the floor only. `segments` are the guide's straight edges. `clipped`: the brightest
 * channel from which a pixel counts as clipped (exposure.ts, clippedFrom); the engine takes it from the small copy, as
 * white balance does, where a JPEG's ringing round a window's frame does not raise the photo's brightest.
 */
export function confineToFloor(fields: Float32Array, guide: GuideImage, segments: readonly Segment[], clipped: number): void {
  const { width, height, linear } = guide;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
  const floorAt = (x: number, y: number) => (inside(x, y) ? fields[(y * width + x) * FIELD_CHANNELS + FLOOR_CHANNEL] : 0);
  const hueAt = (x: number, y: number): [number, number] => {
    const i = (y * width + x) * 3;
    const sum = linear[i] + linear[i + 1] + linear[i + 2] + 1e-4;
    return [linear[i] / sum, linear[i + 1] / sum];
  };
  const blown = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return Math.max(linear[i], linear[i + 1], linear[i + 2]) >= clipped;
  };
  const { hue: floorHue, spread } = floorHueOf(fields, linear, width * height);
  // Per column, how many pixels are floor at or below each row.
  const floorBelow = new Float32Array(width * (height + 1));
  for (let x = 0; x < width; x++) {
    for (let y = height - 1; y >= 0; y--) floorBelow[y * width + x] = floorBelow[(y + 1) * width + x] + (floorAt(x, y) >= FLOOR ? 1 : 0);
  }
  const start = new Int32Array(width);
  for (const s of segments) {
    if (s.length < MIN_FOOT_LENGTH * width) continue;
    const angle = Math.atan2(Math.abs(s.x2 - s.x1), Math.abs(s.y2 - s.y1));
    if (angle < NOT_BELOW_VERTICAL) continue;
    const steps = Math.max(2, Math.ceil(Math.abs(s.x2 - s.x1)));
    let agree = 0;
    for (let k = 0; k <= steps; k++) {
      const x = Math.round(s.x1 + ((s.x2 - s.x1) * k) / steps);
      const y = Math.round(s.y1 + ((s.y2 - s.y1) * k) / steps);
      if (!inside(x, y - PROBE) || floorAt(x, y + PROBE) < FLOOR) continue;
      if (floorBelow[y * width + x] < MIN_FLOOR_BELOW * floorBelow[x]) continue;
      if (blown(x, y - PROBE) || blown(x, y + PROBE)) continue;
      const above = hueAt(x, y - PROBE);
      const below = hueAt(x, y + PROBE);
      if (hueDistance(above, below) >= OTHER_HUE && hueDistance(below, floorHue) <= spread) agree++;
    }
    if (agree < MIN_AGREEMENT * (steps + 1)) continue;
    for (let k = 0; k <= steps; k++) {
      const x = Math.round(s.x1 + ((s.x2 - s.x1) * k) / steps);
      const y = Math.round(s.y1 + ((s.y2 - s.y1) * k) / steps);
      if (x >= 0 && x < width) start[x] = Math.max(start[x], y + 1);
    }
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < Math.min(height, start[x] + FADE_ROWS); y++) {
      const keep = y < start[x] ? 0 : (y - start[x] + 1) / (FADE_ROWS + 1);
      fields[(y * width + x) * FIELD_CHANNELS + FLOOR_CHANNEL] *= keep;
    }
  }
}

const hueDistance = ([r1, g1]: [number, number], [r2, g2]: [number, number]) => Math.hypot(r1 - r2, g1 - g2);

/** The floor's hue (the median chromaticity of the pixels that are mostly floor) and how far its own pixels stray. */
function floorHueOf(fields: Float32Array, linear: Float32Array, count: number): { hue: [number, number]; spread: number } {
  const reds: number[] = [];
  const greens: number[] = [];
  for (let i = 0; i < count; i++) {
    if (fields[i * FIELD_CHANNELS + FLOOR_CHANNEL] < FLOOR) continue;
    const sum = linear[i * 3] + linear[i * 3 + 1] + linear[i * 3 + 2] + 1e-4;
    reds.push(linear[i * 3] / sum);
    greens.push(linear[i * 3 + 1] / sum);
  }
  if (!reds.length) return { hue: [1 / 3, 1 / 3], spread: MIN_FLOOR_HUE_SPREAD };
  // Typed arrays sort numbers natively, without a comparator called for every pair (tens of thousands of pixels).
  const median = (values: number[]) => Float64Array.from(values).sort()[values.length >> 1];
  const hue: [number, number] = [median(reds), median(greens)];
  const distances = Float64Array.from(reds, (red, k) => hueDistance([red, greens[k]], hue)).sort();
  return { hue, spread: Math.max(MIN_FLOOR_HUE_SPREAD, distances[Math.floor((distances.length - 1) * FLOOR_HUE_QUANTILE)]) };
}
