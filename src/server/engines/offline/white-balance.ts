// How far a photo's light is tinted (warm lamplight, a cool overcast day, a phone's white balance gone astray), so
// the room is read as if under white light. The engine's rules of thumb about colour (walls are light and close to
// neutral, shade is near-neutral, sky is bluer than the walls) are meant for a room photographed under white light;
// under warm lamplight every wall reads orange. As exposure.ts reads lightness as if the photo were well exposed,
// this reads colour as if it were white balanced. Only the reading changes: the recolour is planned and applied on
// the photo as taken, so a restyled wall still shows the room's own light.
import { linearToSrgb } from './colour';
import { clippedFrom } from './exposure';
import type { GuideImage, SmallImage } from './downscale';

/**
 * The room's lightest surfaces (ceilings, white trim, walls near a window) are the reference for white: the cells
 * in this top share by lightness, leaving out those the camera clipped (exposure.ts, clippedFrom).
 */
const REFERENCE_SHARE = 0.2;
/**
 * The range of the reference's chromaticity (red over green, blue over green, in linear light) within which a photo
 * counts as taken under white light: its walls may be cream or its ceiling cool, and that is the room's colour, not
 * the light's. The labelled photos as taken lie within it (blue over green 0.77 to 1.11, red over green 0.98 to
 * 1.10) and are read as they are. A photo outside it is tinted: its reference is brought to the middle of the
 * range (bringing it only to the range's edge left the reading at its most fragile, decision 037).
 */
const WHITE_RED = [0.9, 1.1] as const;
const WHITE_BLUE = [0.75, 1.2] as const;
const WHITE_CENTRE = [1, 0.9] as const;

/** Per-channel gains (red, green, blue) that take a tinted photo's light back to white; [1, 1, 1] for white light. */
export function whiteBalanceGains(small: SmallImage): [number, number, number] {
  const { linear } = small;
  const count = linear.length / 3;
  const brightest = (i: number) => Math.max(linear[i * 3], linear[i * 3 + 1], linear[i * 3 + 2]);
  const clipped = clippedFrom(linear);
  const cells: number[] = [];
  for (let i = 0; i < count; i++) if (brightest(i) < clipped) cells.push(i);
  const luminance = (i: number) => 0.2126 * linear[i * 3] + 0.7152 * linear[i * 3 + 1] + 0.0722 * linear[i * 3 + 2];
  cells.sort((p, q) => luminance(q) - luminance(p));
  const reference = cells.slice(0, Math.max(1, Math.floor(count * REFERENCE_SHARE)));
  if (reference.length < 1 || !(linear[reference[0] * 3 + 1] > 0)) return [1, 1, 1];
  const median = (ratio: (i: number) => number) => reference.map(ratio).sort((p, q) => p - q)[reference.length >> 1];
  const red = median((i) => linear[i * 3] / Math.max(1e-4, linear[i * 3 + 1]));
  const blue = median((i) => linear[i * 3 + 2] / Math.max(1e-4, linear[i * 3 + 1]));
  const within = (value: number, [low, high]: readonly [number, number]) => value >= low && value <= high;
  if (within(red, WHITE_RED) && within(blue, WHITE_BLUE)) return [1, 1, 1];
  return [WHITE_CENTRE[0] / red, 1, WHITE_CENTRE[1] / blue];
}

/** A copy of the guide under white light (or the guide itself when it needs no correction). */
export function balanceGuide(guide: GuideImage, gains: readonly [number, number, number]): GuideImage {
  if (gains.every((gain) => gain === 1)) return guide;
  const linear = new Float32Array(guide.linear.length);
  const srgb = new Uint8Array(guide.srgb.length);
  for (let i = 0; i < linear.length; i++) {
    const value = Math.min(1, guide.linear[i] * gains[i % 3]);
    linear[i] = value;
    srgb[i] = Math.round(255 * linearToSrgb(value));
  }
  return { width: guide.width, height: guide.height, linear, srgb };
}
