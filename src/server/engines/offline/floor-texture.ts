// Texture tells a floor from the walls where their colours do not. Paint and plaster are smooth; boards, carpet and
// concrete are not. Measured as the mean absolute Laplacian of the guide's lightness inside the hand-drawn labels,
// walls are 1.5–2.0 in every labelled photo and floors 3.9 (grey carpet) to 16.6 (wide planks); window bars and the
// view behind them are busier still (6–37), which is why texture only ever extends a floor the colour model found,
// straight up from it and never across a view (decision 041).
import { guideLightness, type GuideImage } from './downscale';
import { boxMean } from './grid-filters';
import { quantile } from './order-statistics';

/** Per cell of a `width` × `height` grid over `guide`, the mean absolute Laplacian of the guide's lightness. */
export function cellTexture(guide: GuideImage, width: number, height: number): Float32Array {
  const lightness = guideLightness(guide);
  const { width: gw, height: gh } = guide;
  const sums = new Float32Array(width * height);
  const counts = new Float32Array(width * height);
  for (let gy = 1; gy < gh - 1; gy++) {
    const cy = Math.min(height - 1, Math.floor((gy * height) / gh));
    for (let gx = 1; gx < gw - 1; gx++) {
      const p = gy * gw + gx;
      const laplacian = 4 * lightness[p] - lightness[p - 1] - lightness[p + 1] - lightness[p - gw] - lightness[p + gw];
      const cell = cy * width + Math.min(width - 1, Math.floor((gx * width) / gw));
      sums[cell] += Math.abs(laplacian);
      counts[cell]++;
    }
  }
  for (let i = 0; i < sums.length; i++) sums[i] /= Math.max(1, counts[i]);
  return sums;
}

/** The floor must be this many times as textured as the walls for texture to tell them apart. */
const MIN_CONTRAST = 2;
/** Growth past this share of the floor already found has climbed something textured (a door, glazing): undone. */
const GROW_MAX_SHARE = 0.5;
/** Floor cells sampled for the floor's texture lie this many rows below the conservative floor line. */
const SAMPLE_DEPTH = 2;
/** Rows past a sun patch's far side (its edge) searched for the textured floor beyond it. */
const GLARE_SIDE = 3;
/** The texture of a flat surface in a clean photo (sensor noise, JPEG): no wall measures smoother. */
const SENSOR_NOISE = 0.3;
/** Fewer sampled cells than this (of floor or of walls) say nothing about texture. */
const MIN_SAMPLE = 50;

export type TextureInput = {
  width: number;
  height: number;
  /** Per cell, cellTexture's measure. */
  texture: Float32Array;
  /** Per column, the conservative first floor row: the floor below it is sure, and sampled for its texture. */
  sureFrom: Int32Array;
  /** Cells that are walls by colour, above the floor: the smooth sample. */
  wall: (cell: number) => boolean;
  /** Cells that may become floor (not a dark detail, not the view). */
  allowed: (cell: number) => boolean;
  /** Cells a long straight edge runs through: the foot of a wall, a skirting board, a heater, a door's sill. */
  barrier: (cell: number) => boolean;
  /** Glare and sun patches: smooth, but on the floor when textured floor lies beyond them. */
  glare: (cell: number) => boolean;
  /** The highest row a floor can reach. */
  highest: number;
};

/**
 * Where the floor is textured and the walls are not, the floor reaches up each column through textured cells the
 * colour model left out (bedroom_1's shaded boards, which match the walls' beige; the strip of planks along
 * living_room_1's windows), across a sun patch when textured floor lies beyond it, and stops at smooth paint, a
 * long straight edge or a dark detail. Straight up only, and a grown cell needs floor on both sides in its row:
 * growing sideways, or up a lone column, the floor climbed the outline of a fireplace and the edge of a door.
 */
export function reachTexturedFloor(floorShare: Float32Array, input: TextureInput): void {
  const { width, height, sureFrom, wall, allowed, barrier, glare, highest } = input;
  const texture = boxMean(input.texture, width, height, 1);
  const floorSample: number[] = [];
  const wallSample: number[] = [];
  for (let i = 0; i < texture.length; i++) {
    if (Math.floor(i / width) >= sureFrom[i % width] + SAMPLE_DEPTH && floorShare[i] >= 0.99) floorSample.push(texture[i]);
    else if (floorShare[i] === 0 && wall(i)) wallSample.push(texture[i]);
  }
  if (floorSample.length < MIN_SAMPLE || wallSample.length < MIN_SAMPLE) return;
  const floorLevel = quantile(floorSample, 0.5);
  // The smoothest quarter: the cells of the walls' colour take in window frames and trim as well.
  const wallLevel = Math.max(SENSOR_NOISE, quantile(wallSample, 0.25));
  if (floorLevel < MIN_CONTRAST * wallLevel) return;
  const threshold = Math.sqrt(floorLevel * wallLevel);
  const textured = (cell: number) => allowed(cell) && texture[cell] >= threshold;
  const open = (cell: number) => textured(cell) && !barrier(cell);

  const joined = Uint8Array.from(floorShare, (share) => (share >= 0.5 ? 1 : 0));
  const sure = joined.reduce((sum, floor) => sum + floor, 0);
  const grown: number[] = [];
  for (let x = 0; x < width; x++) {
    for (let y = height - 1; y > highest; y--) {
      if (!joined[y * width + x] || joined[(y - 1) * width + x]) continue;
      let top = y - 1;
      while (top >= highest && !joined[top * width + x]) {
        const cell = top * width + x;
        if (open(cell)) {
          joined[cell] = 1;
          grown.push(cell);
          top--;
          continue;
        }
        // A sun patch, whose sharp sides are straight edges too: crossed when textured floor lies just beyond it.
        let beyond = top;
        while (beyond >= highest && allowed(beyond * width + x) && glare(beyond * width + x)) beyond--;
        if (beyond === top) break;
        let landing = beyond;
        while (landing > beyond - GLARE_SIDE && landing >= highest && !open(landing * width + x) && allowed(landing * width + x)) landing--;
        if (landing < highest || !open(landing * width + x)) break;
        for (let row = top; row > landing; row--) {
          joined[row * width + x] = 1;
          grown.push(row * width + x);
        }
        top = landing;
      }
    }
  }
  if (grown.length > sure * GROW_MAX_SHARE) return;
  for (const cell of grown) {
    const x = cell % width;
    if ((x === 0 || joined[cell - 1]) && (x + 1 === width || joined[cell + 1])) floorShare[cell] = 1;
  }
}
