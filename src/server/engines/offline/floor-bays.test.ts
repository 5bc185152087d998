// A drawn floor with a bay in it: the floor found runs round a patch in the middle of the picture, up to the wall at
// the sides and only to the patch's near edge between them. Concrete beyond a rug, as textured as the floor beside it
// and of its colour, is filled; a sofa of another colour, and smooth paint of the floor's colour, are not.
import { describe, expect, it } from 'vitest';
import type { SmallImage } from './downscale';
import { fillFloorBays } from './floor-bays';

const WIDTH = 40;
const HEIGHT = 40;
const CONCRETE = [48, -1, 4];
const WALL = [75, 0, 2];
/** The floor is found from row 10 at the sides (columns below 10 and from 30), from row 20 between them. */
const found = (x: number, y: number) => y >= 20 || (y >= 10 && (x < 10 || x >= 30));
const inBay = (x: number, y: number) => y >= 10 && y < 20 && x >= 10 && x < 30;

function drawn(bay: readonly number[]): SmallImage {
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) lab.set(y < 10 ? WALL : inBay(x, y) ? bay : CONCRETE, (y * WIDTH + x) * 3);
  }
  return { width: WIDTH, height: HEIGHT, lab, linear: new Float32Array(0), srgb: new Float32Array(0) };
}

/** Concrete is busy everywhere (with a cell or two of crack busier still); the bay is as busy, or as smooth as paint. */
const texture = (bayTexture: number) =>
  Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const [x, y] = [i % WIDTH, Math.floor(i / WIDTH)];
    if (y < 10) return 0.7;
    if (inBay(x, y)) return (x + y) % 7 === 0 ? 6 : bayTexture;
    return 2;
  });

const floorFound = () => Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => (found(i % WIDTH, Math.floor(i / WIDTH)) ? 1 : 0));
const filledShare = (floor: Float32Array) => {
  let count = 0;
  for (let i = 0; i < floor.length; i++) if (inBay(i % WIDTH, Math.floor(i / WIDTH)) && floor[i] >= 0.5) count++;
  return count / 200;
};

describe('fillFloorBays', () => {
  it('fills the floor beyond a rug: the floor beside it goes on, cracks and all', () => {
    const floor = floorFound();
    fillFloorBays(drawn([46, 0, 5]), texture(1.9), floor, () => true);
    expect(filledShare(floor)).toBe(1);
    // The walls above are not bays: no floor on either side of them in their rows.
    expect(floor[5 * WIDTH + 20]).toBe(0);
  });

  it('leaves a sofa of another colour standing in the bay', () => {
    const floor = floorFound();
    fillFloorBays(drawn([55, 12, 25]), texture(1.9), floor, () => true);
    expect(filledShare(floor)).toBe(0);
  });

  it('leaves smooth paint of the floor’s colour, and what it may not take (the view)', () => {
    const smooth = floorFound();
    fillFloorBays(drawn([46, 0, 5]), texture(0.7), smooth, () => true);
    expect(filledShare(smooth)).toBe(0);
    const view = floorFound();
    fillFloorBays(drawn([46, 0, 5]), texture(1.9), view, (cell) => cell % WIDTH !== 20);
    expect(filledShare(view)).toBe(0);
  });
});
