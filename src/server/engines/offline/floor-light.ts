// The light on the floor that a laid material keeps (decisions 090, 091, 093 and 094): the old floor's own pattern goes,
// the light falling on it stays. Computed on the guide (the recolour field's grid) and applied by the render pass.
import { linearRgbToLab } from './colour';
import { runningBoxMean } from './grid-filters';
import { FIELD_CHANNELS, FLOOR_CHANNEL } from './recolour-field';
import { smoothstep } from './smoothstep';

/**
 * Reach of the floor's shading, in guide pixels (about 75 px of a 1920 px photo): wider than old boards (20–30 guide
 * pixels near the camera), whose tones a narrower blur followed (decision 093). Near the floor's edge, and on what
 * lies on the floor unlike it (a rug, a prayer mat), the shading reaches NEAR_RADIUS (about 30 px): the wide blur
 * spread a bright mat's light into a pale glow round it.
 */
const SHADING_RADIUS = 16;
const NEAR_RADIUS = 6;

/** The light on the floor a laid material keeps, per guide pixel (floorLight). */
export type FloorLight = {
  /** The light falling on the floor without the floor's own pattern: each new floor pixel is pulled toward it. */
  shading: Float32Array;
  /**
   * How much of that pull is held back (0: all of it; at most SUNLIT_KEEP), so the pixel keeps the light's own
   * detail: in a sun patch whose light has steps of its own, the window bars' shadows across it.
   */
  ownLight: Float32Array;
  /**
   * How much a laid floor pixel's old thin dark lines (cracks, seams) are filled with the boards round them
   * (floor-lines.ts, decision 094): none near the floor's edge, in a stepped sun patch, or on what is not clearly
   * the floor's own colour (a mat).
   */
  fill: Float32Array;
};

/**
 * The light falling on the floor without the floor's own pattern (old boards, carpet, tile): the guide's luminance
 * blurred over the floor only (a normalised convolution weighted by how much of each pixel is floor, so a white
 * skirting board does not brighten the floor's edge). Where a material is laid, each pixel is pulled toward this, so
 * the new boards replace the old ones while shadows, sun patches and reflections stay, a little softened. Near the
 * floor's edge (the foot of a wall, a sofa, shoes) the shading keeps the light's own steps (keepLightEdges): blurred,
 * the shadow a thing casts where it stands was pulled up into a pale halo round it (decision 090). In a sun patch
 * whose light has steps of its own the pull is held back (ownLight, decision 091). Out in the open floor, on what is
 * like the floor's colour, the shading reaches further, past the old boards' tones, and leaves out their thin dark
 * cracks and seams (decision 093); there too the old floor's cracks are filled (fill, decision 094). `floorChroma`:
 * the floor's median Lab a and b as photographed; without it the shading keeps to NEAR_RADIUS everywhere.
 */
export function floorLight(
  linear: Float32Array,
  fields: Float32Array,
  width: number,
  height: number,
  floorChroma: readonly [number, number] | null = null,
): FloorLight {
  const count = width * height;
  const share = new Float32Array(count);
  const luminance = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    share[i] = fields[i * FIELD_CHANNELS + FLOOR_CHANNEL];
    luminance[i] = 0.2126 * linear[i * 3] + 0.7152 * linear[i * 3 + 1] + 0.0722 * linear[i * 3 + 2];
  }
  // The blurred floor share falls from 1 toward ½ over the last few pixels before the floor's edge.
  const blurredShare = share.slice();
  blur(blurredShare, width, height, NEAR_RADIUS);
  const nearEdge = blurredShare.map((w) => smoothstep((1 - w) / EDGE_SHARE));
  const like = likeFloor(linear, share, width, height, floorChroma);
  const closed = closeOnFloor(luminance, share, width, height);
  // Near: over NEAR_RADIUS, from every floor pixel. Wide: over SHADING_RADIUS, from the floor's pixels like the rest,
  // with their thin dark lines (a crack, a seam) closed away out in the open floor: blurred wide, the cracks left grey
  // bands along their paths.
  const near = new Float32Array(count);
  const wide = new Float32Array(count);
  const wideWeight = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    near[i] = share[i] * luminance[i];
    const open = (1 - nearEdge[i]) * like[i];
    wideWeight[i] = share[i] * like[i];
    wide[i] = wideWeight[i] * (luminance[i] + open * (closed[i] - luminance[i]));
  }
  blur(near, width, height, NEAR_RADIUS);
  blur(wide, width, height, SHADING_RADIUS);
  blur(wideWeight, width, height, SHADING_RADIUS);
  const shading = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const nearLight = blurredShare[i] > 1e-3 ? near[i] / blurredShare[i] : 0;
    const wideLight = wideWeight[i] > 1e-3 ? wide[i] / wideWeight[i] : nearLight;
    shading[i] = nearLight + like[i] * (wideLight - nearLight);
  }
  const ownLight = sunlitSteps(shading, fields);
  const fill = new Float32Array(count);
  const { light: stepped, steps } = keepLightEdges(linear, fields, shading, width, height);
  for (let i = 0; i < count; i++) {
    shading[i] += nearEdge[i] * (stepped[i] - shading[i]);
    ownLight[i] *= steps[i];
    fill[i] = (1 - nearEdge[i]) * smoothstep((like[i] - FILL_LIKE) / (1 - FILL_LIKE)) * (1 - ownLight[i] / SUNLIT_KEEP);
  }
  return { shading, ownLight, fill };
}

/** Two box blurs each way, in place: close to a Gaussian, and linear in the radius. */
function blur(values: Float32Array, width: number, height: number, radius: number): void {
  boxBlur(values, width, height, radius);
  boxBlur(values, width, height, radius);
}

/**
 * Per guide pixel of the floor, how like the rest of the floor its colour is (0 to 1, LIKE_CHROMA); 0 off the floor,
 * and everywhere without the floor's colour.
 */
function likeFloor(
  linear: Float32Array,
  share: Float32Array,
  width: number,
  height: number,
  floorChroma: readonly [number, number] | null,
): Float32Array {
  const like = new Float32Array(share.length);
  if (floorChroma === null) return like;
  // The chroma round each pixel, not its own, so a woven rug's threads either side of the floor's mean do not turn
  // the wide shading on and off from one guide pixel to the next.
  const lab = new Float32Array(3);
  const chromaA = new Float32Array(share.length);
  const chromaB = new Float32Array(share.length);
  for (let i = 0; i < like.length; i++) {
    linearRgbToLab(linear[i * 3], linear[i * 3 + 1], linear[i * 3 + 2], lab);
    chromaA[i] = lab[1];
    chromaB[i] = lab[2];
  }
  const meanA = runningBoxMean(chromaA, width, height, CHROMA_RADIUS);
  const meanB = runningBoxMean(chromaB, width, height, CHROMA_RADIUS);
  for (let i = 0; i < like.length; i++) {
    if (share[i] < 0.5) continue;
    const unlike = Math.hypot(meanA[i] - floorChroma[0], meanB[i] - floorChroma[1]);
    like[i] = 1 - smoothstep((unlike - LIKE_CHROMA[0]) / (LIKE_CHROMA[1] - LIKE_CHROMA[0]));
  }
  // The least over the 3 × 3 square: a pixel beside a mat is not like the floor either, so the wide shading stops
  // short of the mat instead of bleeding its light into a pale rim round it.
  return onFloorSquare(like, share, width, height, 'least');
}

/** A grey closing (the largest value over the 3 × 3 square, then the smallest) among the floor's pixels only. */
function closeOnFloor(values: Float32Array, share: Float32Array, width: number, height: number): Float32Array {
  return onFloorSquare(onFloorSquare(values, share, width, height, 'largest'), share, width, height, 'least');
}

/** Per floor pixel, the largest or the least value over the floor pixels of its 3 × 3 square; others as they are. */
function onFloorSquare(values: Float32Array, share: Float32Array, width: number, height: number, pick: 'largest' | 'least'): Float32Array {
  const out = values.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (share[i] < 0.5) continue;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const j = ny * width + nx;
          if (share[j] >= 0.5) out[i] = pick === 'largest' ? Math.max(out[i], values[j]) : Math.min(out[i], values[j]);
        }
      }
    }
  }
  return out;
}

/**
 * Chroma (Lab a, b) away from the floor's mean at which a pixel starts to count as unlike the floor, and where it
 * fully does (as recolourInLab's UNLIKE_FROM and UNLIKE_FULL): a rug, a prayer mat or a coloured reflection lying on
 * the floor. The old boards' own tones, each way of the mean, are well within it.
 */
const LIKE_CHROMA = [12, 24] as const;
/**
 * The fill takes only what is clearly the floor's own colour: from this likeness up (about 15 away from the floor's
 * mean chroma, fully by 12). A mat's olive edge, a little unlike the floor, had its own dark lines filled grey.
 */
const FILL_LIKE = 0.6;
/** The chroma a pixel is judged by is the mean over this many guide pixels either side. */
const CHROMA_RADIUS = 2;

/** How far the blurred floor share falls below 1 where the shading keeps the light's steps in full. */
const EDGE_SHARE = 0.25;
/**
 * Variance of the log-luminance over a window of NEAR_RADIUS at which half of a step is kept: an old carpet's or
 * boards' pattern (a few tenths of a stop) is well under it, a contact shadow (a stop or more) well over it.
 */
const LIGHT_STEP_VARIANCE = 0.04;

/**
 * The floor's light with its large steps kept and its small ones smoothed: a self-guided filter (He, Sun and Tang
 * 2010) on the log-luminance, over windows of NEAR_RADIUS. Outside the floor the blurred shading stands in for the
 * photo, so a wall or a chair leg adds no step of its own. `steps`: per pixel, the filter's mean gain, from 0 where
 * the light round it is even to 1 where it has steps of a stop or more.
 */
function keepLightEdges(
  linear: Float32Array,
  fields: Float32Array,
  blurred: Float32Array,
  width: number,
  height: number,
): { light: Float32Array; steps: Float32Array } {
  const count = width * height;
  const light = new Float32Array(count);
  const squared = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const share = fields[i * FIELD_CHANNELS + FLOOR_CHANNEL];
    const own = Math.log(0.2126 * linear[i * 3] + 0.7152 * linear[i * 3 + 1] + 0.0722 * linear[i * 3 + 2] + LOG_FLOOR);
    light[i] = share * own + (1 - share) * Math.log(blurred[i] + LOG_FLOOR);
    squared[i] = light[i] * light[i];
  }
  const mean = runningBoxMean(light, width, height, NEAR_RADIUS);
  const meanSquared = runningBoxMean(squared, width, height, NEAR_RADIUS);
  const gain = new Float32Array(count);
  const offset = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const variance = Math.max(0, meanSquared[i] - mean[i] * mean[i]);
    gain[i] = variance / (variance + LIGHT_STEP_VARIANCE);
    offset[i] = (1 - gain[i]) * mean[i];
  }
  const meanGain = runningBoxMean(gain, width, height, NEAR_RADIUS);
  const meanOffset = runningBoxMean(offset, width, height, NEAR_RADIUS);
  // Written over `light`, which is not needed again.
  for (let i = 0; i < count; i++) light[i] = Math.max(0, Math.exp(meanGain[i] * light[i] + meanOffset[i]) - LOG_FLOOR);
  return { light, steps: meanGain };
}

/**
 * A sun patch: shading this many times the floor's median (from SUNLIT_FROM, fully by SUNLIT_FULL). The window
 * bars' shadows across it are a few guide pixels wide, finer than the shading, so the pull toward the shading took
 * them for the old floor's pattern and smoothed most of them away; on a floor taken lighter the patch then clipped to
 * one flat white shape. Where the patch's light has steps of its own (keepLightEdges' gain), up to SUNLIT_KEEP of the
 * pull is held back. Both are needed: a glossy floor's soft reflection of a lamp is bright but even (home_office_1),
 * and holding the pull back there brought back the old floor's stains.
 */
const SUNLIT_FROM = 1.6;
const SUNLIT_FULL = 2.6;
const SUNLIT_KEEP = 0.7;

/** Per guide pixel, SUNLIT_KEEP times how sunlit the floor is there (before keepLightEdges' gain is applied). */
function sunlitSteps(shading: Float32Array, fields: Float32Array): Float32Array {
  // The floor's median shading (a typed array sorts numerically, and fast).
  const onFloor = shading.filter((_, i) => fields[i * FIELD_CHANNELS + FLOOR_CHANNEL] >= 0.5).sort();
  const typical = onFloor.length > 0 ? onFloor[onFloor.length >> 1] : 0;
  const sunlit = new Float32Array(shading.length);
  if (typical <= 0) return sunlit;
  for (let i = 0; i < sunlit.length; i++) {
    sunlit[i] = SUNLIT_KEEP * smoothstep((shading[i] / typical - SUNLIT_FROM) / (SUNLIT_FULL - SUNLIT_FROM));
  }
  return sunlit;
}

/** Added to a luminance before its logarithm, so black is a deep shadow rather than minus infinity. */
const LOG_FLOOR = 1e-3;

function boxBlur(values: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height));
  const run = (start: number, step: number, count: number) => {
    for (let k = 0; k < count; k++) line[k] = values[start + k * step];
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += line[Math.min(count - 1, Math.max(0, k))];
    for (let k = 0; k < count; k++) {
      values[start + k * step] = sum / (2 * radius + 1);
      sum += line[Math.min(count - 1, k + radius + 1)] - line[Math.max(0, k - radius)];
    }
  };
  for (let y = 0; y < height; y++) run(y * width, 1, width);
  for (let x = 0; x < width; x++) run(x, width, height);
}
