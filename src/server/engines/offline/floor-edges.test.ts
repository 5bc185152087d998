// The floor meeting its straight edges on drawn floor shares. reachFloorEdges: the strip the colour model left
// between the floor and the foot of the wall becomes floor, as far as the floor is met; a skirting board between two
// parallel edges does not, nor the wall between a fireplace's foot and the wall's; an edge with floor on both sides (a
// rug's border) bounds nothing. stopAtWallFeet: the wall the colour model ran the
// floor up, beyond a wall's foot, is cleared, and so is the wall under a window where it is unlike the floor or
// smoother than it; a rug's edge, a joint along the wall and a sun patch's edge are not.
import { describe, expect, it } from 'vitest';
import type { Segment } from './line-segments';
import { reachFloorEdges, stopAtWallFeet, type UnderWindow } from './floor-edges';

const WIDTH = 100;
const HEIGHT = 100;
const horizontal = (y: number): Segment => ({ x1: 5, y1: y, x2: 95, y2: y, length: 90 });
/** Floor from `from` down, except rows `gap` (the strip the colour model missed). */
function shares(from: number, gap: [number, number] = [0, 0]): Float32Array {
  return Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const y = Math.floor(i / WIDTH);
    return y >= from && !(y >= gap[0] && y < gap[1]) ? 1 : 0;
  });
}
const rowMean = (floor: Float32Array, y: number) => floor.subarray(y * WIDTH + 10, y * WIDTH + 90).reduce((a, b) => a + b, 0) / 80;

describe('reachFloorEdges', () => {
  it("fills the strip between the floor and the wall's foot", () => {
    const floor = shares(60);
    reachFloorEdges(floor, WIDTH, HEIGHT, [horizontal(56.5)], 1, () => true);
    for (let y = 57; y < 60; y++) expect(rowMean(floor, y)).toBe(1);
    expect(rowMean(floor, 55)).toBe(0);
  });

  it("fills a wider gap, up to where the floor is met across the edge (a sun stripe's band along the wall)", () => {
    const floor = shares(66);
    reachFloorEdges(floor, WIDTH, HEIGHT, [horizontal(56.5)], 1, () => true);
    for (let y = 57; y < 66; y++) expect(rowMean(floor, y)).toBe(1);
    expect(rowMean(floor, 55)).toBe(0);
  });

  it("leaves the wall between a fireplace's foot and the wall's foot, a longer edge that runs past both its ends", () => {
    const fireplaceFoot: Segment = { x1: 30, y1: 56.5, x2: 60, y2: 56.5, length: 30 };
    const floor = shares(66);
    reachFloorEdges(floor, WIDTH, HEIGHT, [horizontal(65.5), fireplaceFoot], 1, () => true);
    for (let y = 57; y < 65; y++) expect(rowMean(floor, y)).toBe(0);
    // A shorter edge between (a sun stripe's, along part of the wall) is no wall's foot: the band is filled.
    const shaded = shares(66);
    reachFloorEdges(shaded, WIDTH, HEIGHT, [horizontal(56.5), { x1: 20, y1: 63.5, x2: 70, y2: 63.5, length: 50 }], 1, () => true);
    for (let y = 57; y < 66; y++) expect(rowMean(shaded, y)).toBe(1);
  });

  it('does nothing where the floor lies farther below the edge than a strip along a wall', () => {
    const floor = shares(75);
    reachFloorEdges(floor, WIDTH, HEIGHT, [horizontal(56.5)], 1, () => true);
    expect(rowMean(floor, 58)).toBe(0);
  });

  it('leaves a skirting board between its two edges, and cells that may not become floor', () => {
    const floor = shares(60);
    reachFloorEdges(floor, WIDTH, HEIGHT, [horizontal(56.5), horizontal(59.5)], 1, () => true);
    expect(rowMean(floor, 57)).toBe(0);
    const kept = shares(60);
    reachFloorEdges(kept, WIDTH, HEIGHT, [horizontal(56.5)], 1, (cell) => cell % WIDTH < 50);
    expect(kept[58 * WIDTH + 30]).toBe(1);
    expect(kept[58 * WIDTH + 70]).toBe(0);
  });

  it('does nothing at an edge with floor on both sides', () => {
    const floor = shares(40, [70, 73]);
    reachFloorEdges(floor, WIDTH, HEIGHT, [horizontal(69.5)], 1, () => true);
    expect(rowMean(floor, 71)).toBe(0);
  });
});

/** Lab per cell: grey, with rows above `from` in `above` (the wall, or the boards beyond a rug). */
function colours(from = 0, above: [number, number, number] = [60, 0, -10]): Float32Array {
  return Float32Array.from({ length: WIDTH * HEIGHT * 3 }, (_, k) => {
    const cell = Math.floor(k / 3);
    return Math.floor(cell / WIDTH) < from ? above[k % 3] : [60, 0, -10][k % 3];
  });
}

describe('stopAtWallFeet', () => {
  it("clears the wall beyond a wall's foot where floor and wall are alike", () => {
    // The colour model ran the grey carpet up the pale grey wall to the window sill at row 40.
    const floor = shares(40);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(), [horizontal(56.5)], 1);
    for (let y = 40; y < 56; y++) expect(rowMean(floor, y)).toBe(0);
    for (let y = 57; y < HEIGHT; y++) expect(rowMean(floor, y)).toBe(1);
    // Carried on past the edge's ends, to the frame.
    expect(floor[45 * WIDTH + 1]).toBe(0);
  });

  it("leaves a rug's far edge, with boards of another colour beyond it", () => {
    const floor = shares(40);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(57, [45, 8, 25]), [horizontal(56.5)], 1);
    expect(rowMean(floor, 45)).toBe(1);
  });

  it('clears from the last edge along the wall, not from a joint between planks before it', () => {
    const floor = shares(40);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(), [horizontal(56.5), horizontal(45.5)], 1);
    expect(rowMean(floor, 50)).toBe(1);
    expect(rowMean(floor, 43)).toBe(0);
  });

  it("leaves a sun patch's edge, with floor far beyond it", () => {
    const floor = shares(25);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(), [horizontal(56.5)], 1);
    expect(rowMean(floor, 30)).toBe(1);
  });

  // The low wall under a window, in shade (neutral grey), above a sunlit blue-grey carpet; the window from row 40 up.
  const wallInShade: [number, number, number] = [42, 0, -3];
  // The walls' paint is neutral grey; every cell is as smooth as the next unless a test says otherwise.
  const underWindow = (windowFoot = 40, texture = new Float32Array(WIDTH * HEIGHT).fill(1)): UnderWindow => ({
    fromPaint: ([, a, b]) => Math.hypot(a, b),
    texture,
    window: (cell) => Math.floor(cell / WIDTH) < windowFoot,
  });

  it('clears the wall under a window, unlike the floor before it, and returns its cells', () => {
    const floor = shares(40);
    const cleared = stopAtWallFeet(floor, WIDTH, HEIGHT, colours(57, wallInShade), [horizontal(56.5)], 1, underWindow());
    for (let y = 40; y < 56; y++) expect(rowMean(floor, y)).toBe(0);
    expect(rowMean(floor, 60)).toBe(1);
    expect(cleared).toContain(45 * WIDTH + 50);
    // Not the cells of a foot where floor and wall are alike: they are no wall under a window.
    expect(stopAtWallFeet(shares(40), WIDTH, HEIGHT, colours(), [horizontal(56.5)], 1, underWindow())).toEqual([]);
  });

  it("leaves a strip of another colour that runs on to the wall's foot or furniture, not to a window", () => {
    const floor = shares(40);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(57, wallInShade), [horizontal(56.5)], 1, underWindow(20));
    expect(rowMean(floor, 45)).toBe(1);
  });

  // Boards before the heater's foot at row 56.5 are textured; what lies beyond is as smooth as the texture given.
  const texture = (beyond: number) => Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => (Math.floor(i / WIDTH) < 57 ? beyond : 4));

  it('clears a smooth wall under a window, the colour of the boards, past the heater top along it', () => {
    // The heater's top at row 45.5 runs along its foot, as a joint between planks would; only the texture tells.
    const feet = [horizontal(56.5), horizontal(45.5)];
    const floor = shares(40);
    const cleared = stopAtWallFeet(floor, WIDTH, HEIGHT, colours(), feet, 1, underWindow(40, texture(1)));
    for (let y = 40; y < 56; y++) expect(rowMean(floor, y)).toBe(0);
    expect(rowMean(floor, 60)).toBe(1);
    expect(cleared).toContain(50 * WIDTH + 50);
    // Beyond as textured as the boards (boards running to a glass door), only the joint rule applies.
    const boards = shares(40);
    stopAtWallFeet(boards, WIDTH, HEIGHT, colours(), feet, 1, underWindow(40, texture(4)));
    expect(rowMean(boards, 50)).toBe(1);
  });

  it('leaves smooth floor beyond an edge where it runs on to something other than a window', () => {
    const floor = shares(40);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(), [horizontal(56.5), horizontal(45.5)], 1, underWindow(20, texture(1)));
    expect(rowMean(floor, 50)).toBe(1);
  });

  it("leaves boards beyond a rug's far edge, further from the walls' paint than the rug", () => {
    const floor = shares(40);
    stopAtWallFeet(floor, WIDTH, HEIGHT, colours(57, [45, 8, 25]), [horizontal(56.5)], 1, underWindow());
    expect(rowMean(floor, 45)).toBe(1);
  });
});
