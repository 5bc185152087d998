// Floor materials drawn procedurally on the floor plane (room-geometry.ts), in metres: planks, tiles with grout,
// polished concrete. Each pixel gets a gain per colour channel in linear light, laid over the floor's new colour,
// so the room's light, shadows and reflections stay as photographed while the floor shows its boards or tiles.
// Far away, where a board or a grout line is smaller than a pixel, the pattern fades to its average (each feature is
// box-filtered over the pixel's footprint on the floor), so the far floor does not shimmer.
import { smoothstep } from './smoothstep';

export type FloorMaterialName =
  'planks' | 'wide-planks' | 'narrow-planks' | 'herringbone' | 'large-tile' | 'terracotta' | 'marble' | 'concrete';
export const FLOOR_MATERIALS: readonly FloorMaterialName[] = [
  'planks',
  'wide-planks',
  'narrow-planks',
  'herringbone',
  'large-tile',
  'terracotta',
  'marble',
  'concrete',
];

type Planks = { kind: 'planks'; width: number; length: number; tone: number; grain: number; seam: number; seamGain: number };
type Tiles = {
  kind: 'tiles';
  width: number;
  length: number;
  /** Each row starts this share of a tile along (0: grid, 0.5: running bond). */
  stagger: number;
  tone: number;
  grout: number;
  /** Light of the grout against the tile: below 1 darker (grey grout on white), above 1 lighter (lime on terracotta). */
  groutGain: number;
  veins: number;
};
type Concrete = { kind: 'concrete'; mottle: number; joint: number; jointSpacing: number };
/** Blocks `ratio` times longer than wide, laid in a herringbone whose zigzag runs along the room's depth. */
type Herringbone = { kind: 'herringbone'; width: number; ratio: number; tone: number; grain: number; seam: number; seamGain: number };
type Pattern = Planks | Herringbone | Tiles | Concrete;

// Sizes in metres, tone and grain as gains in linear light (0.1: a tenth lighter or darker).
const PATTERNS: Readonly<Record<FloorMaterialName, Pattern>> = {
  planks: { kind: 'planks', width: 0.15, length: 1.2, tone: 0.12, grain: 0.05, seam: 0.003, seamGain: 0.55 },
  'wide-planks': { kind: 'planks', width: 0.22, length: 1.9, tone: 0.14, grain: 0.06, seam: 0.004, seamGain: 0.5 },
  'narrow-planks': { kind: 'planks', width: 0.1, length: 0.9, tone: 0.1, grain: 0.04, seam: 0.0025, seamGain: 0.6 },
  herringbone: { kind: 'herringbone', width: 0.09, ratio: 5, tone: 0.12, grain: 0.04, seam: 0.0025, seamGain: 0.55 },
  'large-tile': { kind: 'tiles', width: 0.6, length: 1.2, stagger: 0.5, tone: 0.03, grout: 0.003, groutGain: 0.75, veins: 0 },
  terracotta: { kind: 'tiles', width: 0.3, length: 0.3, stagger: 0, tone: 0.12, grout: 0.008, groutGain: 1.35, veins: 0 },
  marble: { kind: 'tiles', width: 0.8, length: 0.8, stagger: 0, tone: 0.04, grout: 0.003, groutGain: 0.7, veins: 0.25 },
  concrete: { kind: 'concrete', mottle: 0.07, joint: 0.006, jointSpacing: 3 },
};

/** What a sampler reads, in order: the floor point (u, v) and the pixel's footprint there (footU × footV metres). */
export const FLOOR_POINT = 4;
/**
 * The pattern's gain per channel (linear light) at a floor point (FLOOR_POINT numbers in `at`), written into `out`.
 * The numbers travel in typed arrays: the render pass calls a sampler for every floor pixel, and V8 boxes each number
 * passed to a call it does not inline.
 */
export type MaterialSampler = (at: Float64Array, out: Float64Array) => void;

export function materialSampler(name: FloorMaterialName, seed: number): MaterialSampler {
  const pattern = PATTERNS[name];
  if (pattern.kind === 'planks') return planksSampler(pattern, seed);
  if (pattern.kind === 'herringbone') return herringboneSampler(pattern, seed);
  if (pattern.kind === 'tiles') return tilesSampler(pattern, seed);
  return concreteSampler(pattern, seed);
}

function planksSampler(p: Planks, seed: number): MaterialSampler {
  return (at, out) => {
    const u = at[0];
    const v = at[1];
    const footU = at[2];
    const footV = at[3];
    const row = Math.floor(u / p.width);
    const across = u - row * p.width;
    // Each row of boards is shifted along by its own amount, so the end joints never line up.
    const along = v + hash(row, 1, seed) * p.length;
    const board = Math.floor(along / p.length);
    const alongIn = along - board * p.length;
    const visible = fade(p.width / footU);
    const tone = (hash(row, board, seed) - 0.5) * 2 * p.tone * visible;
    // Grain: a few stripes along each board, wavering with its own phase.
    const phase = hash(board, row, seed + 1);
    const stripes = wave((across / p.width) * 4 + 0.25 * wave(alongIn * 0.366 + phase));
    const grain = stripes * p.grain * fade(p.width / 4 / footU);
    const seam =
      coverage(Math.min(across, p.width - across), p.seam, footU) + coverage(Math.min(alongIn, p.length - alongIn), p.seam, footV);
    const gain = (1 + tone + grain) * (1 - Math.min(1, seam) * (1 - p.seamGain));
    // Boards differ a little in warmth as well as lightness.
    const warmth = (hash(board, row, seed + 2) - 0.5) * 0.06 * visible;
    out[0] = gain * (1 + warmth);
    out[1] = gain;
    out[2] = gain * (1 - warmth);
  };
}

/**
 * On a grid of block widths turned 45° from the room, cell (i, j) belongs to a block along the first axis when
 * (i - j) mod 2n < n, else to one along the second: each row is one long block then n block ends, and each row is
 * the last shifted by one cell, which is the herringbone's staircase.
 */
function herringboneSampler(p: Herringbone, seed: number): MaterialSampler {
  const n = p.ratio;
  return (at, out) => {
    const u = at[0];
    const v = at[1];
    const footU = at[2];
    const footV = at[3];
    // Turned 45°, in block widths.
    const a = ((u + v) * Math.SQRT1_2) / p.width;
    const b = ((v - u) * Math.SQRT1_2) / p.width;
    const i = Math.floor(a);
    const j = Math.floor(b);
    const d = (((i - j) % (2 * n)) + 2 * n) % (2 * n);
    const lengthwise = d < n;
    // The block's first cell, and the point's place along and across the block (in block widths).
    const startI = lengthwise ? i - d : i;
    const startJ = lengthwise ? j : j - (2 * n - 1 - d);
    const along = lengthwise ? a - startI : b - startJ;
    const across = lengthwise ? b - j : a - i;
    const foot = Math.max(footU, footV) / p.width;
    const visible = fade(1 / foot);
    const tone = (hash(startI * 2 + (lengthwise ? 0 : 1), startJ, seed) - 0.5) * 2 * p.tone * visible;
    const phase = hash(startJ, startI, seed + 1);
    const grain = wave(across * 3 + 0.25 * wave(along * 0.2 + phase)) * p.grain * fade(1 / 3 / foot);
    const seamWidth = p.seam / p.width;
    const seam = coverage(Math.min(across, 1 - across), seamWidth, foot) + coverage(Math.min(along, n - along), seamWidth, foot);
    const gain = (1 + tone + grain) * (1 - Math.min(1, seam) * (1 - p.seamGain));
    const warmth = (hash(startI, startJ, seed + 2) - 0.5) * 0.06 * visible;
    out[0] = gain * (1 + warmth);
    out[1] = gain;
    out[2] = gain * (1 - warmth);
  };
}

function tilesSampler(p: Tiles, seed: number): MaterialSampler {
  const veinsAt = marbleVeins(seed);
  return (at, out) => {
    const u = at[0];
    const v = at[1];
    const footU = at[2];
    const footV = at[3];
    const row = Math.floor(v / p.length);
    const alongIn = v - row * p.length;
    const shifted = u + (((row % 2) + 2) % 2) * p.stagger * p.width;
    const column = Math.floor(shifted / p.width);
    const across = shifted - column * p.width;
    const tone = (hash(column, row, seed) - 0.5) * 2 * p.tone * fade(p.width / footU);
    const veins = p.veins > 0 ? p.veins * veinsAt(at, column, row) : 0;
    const grout = Math.min(
      1,
      coverage(Math.min(across, p.width - across), p.grout, footU) + coverage(Math.min(alongIn, p.length - alongIn), p.grout, footV),
    );
    const gain = (1 + tone - veins) * (1 + grout * (p.groutGain - 1));
    out[0] = gain;
    out[1] = gain;
    out[2] = gain;
  };
}

/** Main veins per metre across their run, and how far (in veins) the slab's turbulence bends them. */
const VEIN_FREQUENCY = 1.1;
const VEIN_BEND = 1.6;
/** Half-width of a main vein in metres (it swells and thins along its run), and of the fine veins between them. */
const VEIN_WIDTH = 0.0035;
const FINE_VEIN_WIDTH = 0.0012;
const VEIN_HAZE = 0.03;
/** Fine veins: this many per metre, turned this far (radians) from the main ones. */
const FINE_VEIN_FREQUENCY = 3;
const FINE_VEIN_TURN = 1.1;
/** The veins' run across the room, and how far each tile's slab turns from it. */
const VEIN_ANGLE = 0.6;
const VEIN_ANGLE_SPREAD = 0.9;

/**
 * How dark marble's veins make a point (0 to about 1): the classic marble pattern, stripes bent by turbulence (sums
 * of noise at several scales), thinned to veins, with finer veins across them and a soft cloud that follows the same
 * flow. Each tile is cut from its own part of the slab (its own angle and offset), so the veins break at the grout as
 * stone tiles do instead of running across the floor as one drawing. A vein thinner than the pixel's footprint is
 * spread over it. `at` is the sampler's floor point and footprint (FLOOR_POINT numbers).
 */
type MarbleVeins = (at: Float64Array, column: number, row: number) => number;

function marbleVeins(seed: number): MarbleVeins {
  // Neighbouring pixels lie on the same tile: its cut is worked out once.
  let tileColumn = Number.NaN;
  let tileRow = Number.NaN;
  let cos = 1;
  let sin = 0;
  let fineCos = 1;
  let fineSin = 0;
  let offsetX = 0;
  let offsetY = 0;
  return (at, column, row) => {
    const u = at[0];
    const v = at[1];
    const foot = Math.max(at[2], at[3]);
    if (column !== tileColumn || row !== tileRow) {
      tileColumn = column;
      tileRow = row;
      const angle = VEIN_ANGLE + (hash(column, row, seed + 3) - 0.5) * VEIN_ANGLE_SPREAD;
      cos = Math.cos(angle);
      sin = Math.sin(angle);
      fineCos = Math.cos(angle + FINE_VEIN_TURN);
      fineSin = Math.sin(angle + FINE_VEIN_TURN);
      offsetX = hash(column, row, seed + 4) * 37;
      offsetY = hash(row, column, seed + 5) * 37;
    }
    const x = u + offsetX;
    const y = v + offsetY;
    const bend = turbulence(x * 0.9, y * 0.9, seed + 6);
    const t = (x * cos + y * sin) * VEIN_FREQUENCY + bend * VEIN_BEND;
    // A main vein is a thin dark line, swelling and thinning along its run, in a soft grey haze.
    const swell = valueNoise(x * 2.5, y * 2.5, seed + 7);
    const main =
      veinAt(t, VEIN_FREQUENCY, VEIN_WIDTH * (0.4 + 1.2 * swell), foot) * (0.35 + 0.65 * swell) +
      veinAt(t, VEIN_FREQUENCY, VEIN_HAZE, foot) * 0.3;
    // Fine veins run across the main ones, and only in places.
    const gate = smoothstep((valueNoise(x * 1.7, y * 1.7, seed + 8) - 0.45) / 0.3);
    let fine = 0;
    if (gate > 0) {
      const fineT = (x * fineCos + y * fineSin) * FINE_VEIN_FREQUENCY + bend * VEIN_BEND * 1.5;
      fine = veinAt(fineT, FINE_VEIN_FREQUENCY, FINE_VEIN_WIDTH, foot) * gate * 0.5;
    }
    const cloud = (bend - 0.5) * 0.2 * fade(0.1 / foot);
    return Math.max(main, fine) + cloud;
  };
}

/** A vein's darkness where stripe coordinate `t` (veins at whole numbers, `frequency` per metre) is. */
function veinAt(t: number, frequency: number, halfWidth: number, foot: number): number {
  const distance = Math.abs(t - Math.round(t)) / frequency;
  // Spread over the footprint: as wide as the pixel, as faint as it is thinner than the pixel.
  const spread = Math.max(halfWidth, foot / 2);
  const profile = Math.exp(-((distance / spread) ** 2));
  return profile * (halfWidth / spread);
}

/** Noise at three scales, each half the size and half the weight of the last, in [0, 1). */
function turbulence(x: number, y: number, seed: number): number {
  return (valueNoise(x, y, seed) * 4 + valueNoise(x * 2, y * 2, seed + 1) * 2 + valueNoise(x * 4, y * 4, seed + 2)) / 7;
}

function concreteSampler(p: Concrete, seed: number): MaterialSampler {
  return (at, out) => {
    const u = at[0];
    const v = at[1];
    const footU = at[2];
    const footV = at[3];
    // Polished concrete: soft clouds at two scales, and saw-cut joints every few metres.
    const large = (valueNoise(u * 1.3, v * 1.3, seed) - 0.5) * fade(0.4 / Math.max(footU, footV));
    const small = (valueNoise(u * 5, v * 5, seed + 1) - 0.5) * 0.5 * fade(0.1 / Math.max(footU, footV));
    const s = p.jointSpacing;
    const inU = u - Math.floor(u / s) * s;
    const inV = v - Math.floor(v / s) * s;
    const joint = Math.min(1, coverage(Math.min(inU, s - inU), p.joint, footU) + coverage(Math.min(inV, s - inV), p.joint, footV));
    const gain = (1 + (large + small) * 2 * p.mottle) * (1 - joint * 0.35);
    out[0] = gain;
    out[1] = gain;
    out[2] = gain;
  };
}

/** How visible a feature `pixels` pixels across is: none below one pixel, fully from three. */
function fade(pixels: number): number {
  return smoothstep((pixels - 1) / 2);
}

/** The share of a pixel `foot` wide, centred `distance` from a line `width` wide, that the line covers. */
function coverage(distance: number, width: number, foot: number): number {
  const overlap = Math.min((foot + width) / 2 - distance, Math.min(foot, width));
  return overlap > 0 ? overlap / foot : 0;
}

/** A deterministic value in [0, 1) for two integers and a seed. */
function hash(i: number, j: number, seed: number): number {
  let h = Math.imul(i | 0, 0x27d4eb2d) ^ Math.imul(j | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth noise in [0, 1): hashed values on the integer lattice, blended with a smoothstep. */
function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const topLeft = hash(x0, y0, seed);
  const bottomLeft = hash(x0, y0 + 1, seed);
  const top = topLeft + (hash(x0 + 1, y0, seed) - topLeft) * sx;
  const bottom = bottomLeft + (hash(x0 + 1, y0 + 1, seed) - bottomLeft) * sx;
  return top + (bottom - top) * sy;
}

/** A sine-like wave of period 1 from two parabolas, in [-1, 1]: close enough for wood grain, far cheaper than sin. */
function wave(t: number): number {
  const x = t - Math.floor(t);
  return x < 0.5 ? 16 * x * (0.5 - x) : -16 * (x - 0.5) * (1 - x);
}
