// The wall's foot under a thing set in the wall (a fireplace's glass), too faint for the edge finder, found along the
// room's perspective: between the thing's foot and a cupboard's foot beside it (their lines meet where every line along
// the wall meets), the line along which the lightness steps. The strip the colour model took for floor above it is
// cleared; nothing is cleared where no step shows, nor where the neighbour's foot lies above the thing's (a sofa in
// front of a wall, whose foot is lower than the wall's).
import { describe, expect, it } from 'vitest';
import type { GuideImage } from './downscale';
import { clearWallUnderInsets } from './faint-wall-foot';
import type { Segment } from './line-segments';
import { createRandom } from './random';

const WIDTH = 100;
const HEIGHT = 100;
/** The guide is this many times the grid. */
const SCALE = 2;
/** Where the lines along the wall meet. */
const VANISHING = { x: -50, y: 38 };
/** A line from the vanishing point through (x, y) of the grid, from x1 to x2, as a segment on the guide. */
function alongWall(x: number, y: number, x1: number, x2: number): Segment {
  const slope = (y - VANISHING.y) / (x - VANISHING.x);
  const at = (px: number) => y + (px - x) * slope;
  return { x1: x1 * SCALE, y1: at(x1) * SCALE, x2: x2 * SCALE, y2: at(x2) * SCALE, length: Math.hypot(x2 - x1, at(x2) - at(x1)) * SCALE };
}
const rowOf = (segment: Segment, x: number) =>
  (segment.y1 + ((x * SCALE - segment.x1) * (segment.y2 - segment.y1)) / (segment.x2 - segment.x1)) / SCALE;

/** The fireplace's foot, from x 30 to 60, and a cupboard's foot beside it, from x 10 to 28. */
const FIREPLACE_FOOT = alongWall(30, 50, 30, 60);
const CUPBOARD_FOOT = alongWall(28, 60, 10, 28);
/** The wall's own foot: six tenths of the way from the fireplace's foot to the cupboard's line. */
const wallFoot = (x: number) => rowOf(FIREPLACE_FOOT, x) + 0.6 * (rowOf(CUPBOARD_FOOT, x) - rowOf(FIREPLACE_FOOT, x));

/** A pale wall, a black fireplace, and a carpet as pale as the wall, `step` darker, with its grain, below the foot. */
function room(step: number): GuideImage {
  const width = WIDTH * SCALE;
  const height = HEIGHT * SCALE;
  const random = createRandom(3);
  const linear = new Float32Array(width * height * 3);
  for (let gy = 0; gy < height; gy++) {
    for (let gx = 0; gx < width; gx++) {
      const x = (gx + 0.5) / SCALE;
      const y = (gy + 0.5) / SCALE;
      const fireplace = x >= 30 && x <= 60 && y < rowOf(FIREPLACE_FOOT, x) && y > rowOf(FIREPLACE_FOOT, x) - 8;
      const floor = x < 29 ? y > rowOf(CUPBOARD_FOOT, x) : y > wallFoot(x);
      const lightness = fireplace ? 10 : floor ? 72 - step + (random() - 0.5) * 8 : 72;
      const y3 = ((lightness + 16) / 116) ** 3;
      linear.fill(y3, (gy * width + gx) * 3, (gy * width + gx) * 3 + 3);
    }
  }
  return { width, height, linear, srgb: new Uint8Array(width * height * 3) };
}

/** The colour model's floor: up to the fireplace's foot under it, up to the foot beside it (the cupboard's). */
function floorShares(beside = CUPBOARD_FOOT): Float32Array {
  return Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const x = (i % WIDTH) + 0.5;
    const y = Math.floor(i / WIDTH) + 0.5;
    if (x >= 30 && x <= 60) return y > rowOf(FIREPLACE_FOOT, x) ? 1 : 0;
    return y > (x < 29 ? rowOf(beside, x) : wallFoot(x)) ? 1 : 0;
  });
}
const at = (floor: Float32Array, x: number, y: number) => floor[Math.floor(y) * WIDTH + x];

describe('clearWallUnderInsets', () => {
  it("clears the wall between a fireplace's foot and the wall's faint foot, found along the perspective", () => {
    const floor = floorShares();
    // A sliver of floor beside the fireplace's far end: the wall round it runs on.
    for (let y = Math.ceil(rowOf(FIREPLACE_FOOT, 61.5)); y < HEIGHT; y++) floor[y * WIDTH + 61] = 1;
    clearWallUnderInsets(floor, WIDTH, HEIGHT, [FIREPLACE_FOOT, CUPBOARD_FOOT], room(3), SCALE);
    for (const x of [32, 40, 50, 58, 61]) {
      for (let y = Math.ceil(rowOf(FIREPLACE_FOOT, x) + 0.5); y < wallFoot(x) - 1; y++) expect(at(floor, x, y)).toBe(0);
      for (let y = Math.ceil(wallFoot(x) + 1); y < HEIGHT; y++) expect(at(floor, x, y)).toBe(1);
    }
    // The floor before the cupboard stays.
    expect(at(floor, 20, rowOf(CUPBOARD_FOOT, 20) + 1)).toBe(1);
  });

  it("clears the cupboard's doors taken for floor above its foot, and the wall between it and the fireplace", () => {
    const floor = floorShares();
    // Part of the doors only: a foot with floor above it all along is no foot.
    for (let x = 12; x < 20; x++) {
      for (let y = Math.floor(rowOf(CUPBOARD_FOOT, x) - 4); y < rowOf(CUPBOARD_FOOT, x); y++) floor[y * WIDTH + x] = 1;
    }
    // And the wall in the gap between the cupboard and the fireplace, as under the fireplace.
    for (let y = Math.ceil(rowOf(FIREPLACE_FOOT, 29.5)); y < HEIGHT; y++) floor[y * WIDTH + 29] = 1;
    clearWallUnderInsets(floor, WIDTH, HEIGHT, [FIREPLACE_FOOT, CUPBOARD_FOOT], room(3), SCALE);
    for (const x of [12, 16, 19]) {
      for (let y = Math.floor(rowOf(CUPBOARD_FOOT, x) - 4); y < rowOf(CUPBOARD_FOOT, x) - 0.5; y++) expect(at(floor, x, y)).toBe(0);
      expect(at(floor, x, rowOf(CUPBOARD_FOOT, x) + 1)).toBe(1);
    }
    for (let y = Math.ceil(rowOf(FIREPLACE_FOOT, 29) + 0.5); y < wallFoot(29.5) - 1; y++) expect(at(floor, 29, y)).toBe(0);
  });

  it('clears nothing where no foot shows under the fireplace (the floor does run up to it)', () => {
    const floor = floorShares();
    clearWallUnderInsets(floor, WIDTH, HEIGHT, [FIREPLACE_FOOT, CUPBOARD_FOOT], room(0), SCALE);
    expect(floor).toEqual(floorShares());
  });

  it("clears nothing where the neighbour's foot lies above the thing's (a sofa's foot, in front of the wall)", () => {
    const wallBehind = alongWall(28, 44, 10, 28);
    const floor = floorShares(wallBehind);
    clearWallUnderInsets(floor, WIDTH, HEIGHT, [FIREPLACE_FOOT, wallBehind], room(3), SCALE);
    expect(floor).toEqual(floorShares(wallBehind));
  });
});
