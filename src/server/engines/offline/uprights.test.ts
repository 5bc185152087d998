// Uprights on a drawn room: a pillar of the floor's own colour, standing in front of the far wall, is cleared of
// floor from its top down to its foot; a doorway's frame, which ends where the floor beside it begins, and a plank
// seam on the floor are not uprights.
import { describe, expect, it } from 'vitest';
import type { SmallImage } from './downscale';
import type { Segment } from './line-segments';
import { clearUprights, findUprights } from './uprights';

const WIDTH = 80;
const HEIGHT = 60;
const FLOOR_STARTS = 35; // the far wall's foot
const PILLAR = { left: 50, right: 57 };
const FLOOR = [55, 12, 30];
const WALL = [85, 1, 6];

function drawnRoom() {
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const pillar = x >= PILLAR.left && x <= PILLAR.right;
      lab.set(pillar ? [58, 10, 26] : y >= FLOOR_STARTS ? FLOOR : WALL, (y * WIDTH + x) * 3);
    }
  }
  const image: SmallImage = { width: WIDTH, height: HEIGHT, lab, linear: new Float32Array(lab.length), srgb: new Float32Array(lab.length) };
  // The colour model's floor climbed the pillar (its colour is the floor's).
  const line = Int32Array.from({ length: WIDTH }, (_, x) => (x >= PILLAR.left && x <= PILLAR.right ? 5 : FLOOR_STARTS));
  const floorShare = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => (Math.floor(i / WIDTH) >= line[i % WIDTH] ? 1 : 0));
  return { image, line, floorShare };
}

/** Segments on a guide twice the drawn room's size. */
const vertical = (x: number, top: number, bottom: number): Segment => ({
  x1: 2 * x,
  y1: 2 * top,
  x2: 2 * x,
  y2: 2 * bottom,
  length: 2 * (bottom - top),
});

describe('uprights', () => {
  it("clears a floor-coloured pillar from one of its edges, down to the photo's bottom", () => {
    const { image, line, floorShare } = drawnRoom();
    clearUprights(floorShare, line, image, [vertical(PILLAR.right + 0.5, 2, HEIGHT)], 2);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = PILLAR.left; x <= PILLAR.right; x++) expect(floorShare[y * WIDTH + x]).toBe(0);
    }
    // The floor either side of the pillar is left alone.
    expect(floorShare[(HEIGHT - 1) * WIDTH + PILLAR.left - 2]).toBe(1);
    expect(floorShare[(HEIGHT - 1) * WIDTH + PILLAR.right + 2]).toBe(1);
  });

  it("takes neither a doorway's frame, which ends at the floor, nor a seam on the floor for an upright", () => {
    const { image, line } = drawnRoom();
    const frame = vertical(20.5, 5, FLOOR_STARTS);
    const seam = vertical(30.5, FLOOR_STARTS + 1, HEIGHT);
    expect(findUprights(line, image, [frame, seam], 2)).toEqual([]);
  });
});
