// The running-sum box mean (for the guided filter's wide windows) against the plain one it stands in for, on a grid
// whose sides are not multiples of the window, with windows wider than the grid too; and the patches a view or the
// ceiling encloses.
import { describe, expect, it } from 'vitest';
import { boxMean, boxMeanBuffers, enclosedPatches, runningBoxMean } from './grid-filters';
import { createRandom } from './random';

describe('runningBoxMean', () => {
  const width = 37;
  const height = 23;
  const random = createRandom(3);
  const values = Float32Array.from({ length: width * height }, () => random());

  it.each([1, 4, 16, 40])('matches the plain box mean at radius %i, cut at the grid edges the same way', (radius) => {
    const running = runningBoxMean(values, width, height, radius);
    const plain = boxMean(values, width, height, radius);
    for (let i = 0; i < plain.length; i++) expect(running[i]).toBeCloseTo(plain[i], 5);
  });

  it('gives the same means into buffers reused from an earlier call', () => {
    const buffers = boxMeanBuffers(width, height);
    const out = new Float32Array(width * height);
    runningBoxMean(
      values.map((value) => 1 - value),
      width,
      height,
      7,
      out,
      buffers,
    );
    expect(runningBoxMean(values, width, height, 5, out, buffers)).toEqual(runningBoxMean(values, width, height, 5));
  });
});

describe('enclosedPatches', () => {
  // An 80 × 60 grid: a window's view (rows 5-19, columns 10-29) with a plain patch of mulch at its foot (rows 15-19,
  // columns 15-19) that the floor (rows 20 on) closes from below, and a plain patch on the grid's edge.
  const W = 80;
  const H = 60;
  const MAX_SHARE = 0.01;
  const mask = (inside: (x: number, y: number) => boolean) =>
    Uint8Array.from({ length: W * H }, (_, i) => (inside(i % W, Math.floor(i / W)) ? 1 : 0));
  const floor = (cell: number) => Math.floor(cell / W) >= 20;
  const patch = (x: number, y: number) => x >= 15 && x < 20 && y >= 15 && y < 20;

  it('takes in a small patch a view encloses on every side but the floor', () => {
    const views = mask((x, y) => x >= 10 && x < 30 && y >= 5 && y < 20 && !patch(x, y));
    const enclosed = new Set(enclosedPatches(views, W, H, floor, MAX_SHARE));
    expect(enclosed.size).toBe(25);
    expect(enclosed.has(17 * W + 17)).toBe(true);
  });

  it('takes in a smoke detector the ceiling encloses, not the walls the ceiling meets along the grid’s sides', () => {
    // The ceiling: rows 0-11 across the grid, round a detector of 4 × 3 cells; the walls below it reach both sides.
    const detector = (x: number, y: number) => x >= 38 && x < 42 && y >= 5 && y < 8;
    const ceiling = mask((x, y) => y < 12 && !detector(x, y));
    expect(enclosedPatches(ceiling, W, H, floor, MAX_SHARE).sort((a, b) => a - b)).toEqual(
      [5, 6, 7].flatMap((y) => [38, 39, 40, 41].map((x) => y * W + x)),
    );
  });

  it('leaves a patch on the grid’s edge, and one too large to be part of a view', () => {
    const onEdge = mask((x, y) => x < 10 && y >= 5 && y < 20 && !(x === 0 && y >= 8 && y < 12));
    expect(enclosedPatches(onEdge, W, H, floor, MAX_SHARE)).toEqual([]);
    // Enclosed, but 2.5 % of the photo: a wall between windows whose frames met around it.
    const large = mask((x, y) => x >= 5 && x < 35 && y >= 2 && y < 20 && !(x >= 12 && x < 24 && y >= 10 && y < 20));
    expect(enclosedPatches(large, W, H, floor, MAX_SHARE)).toEqual([]);
  });
});
