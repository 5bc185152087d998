// The view and ceiling finders on a drawn room: a white ceiling meeting a beige wall at a corner line, a wall with
// a dark shelf edge across it and a window full of leaves and sky, and a floor. The window is a view, the shelf
// edge and the plain wall are not; the ceiling is found when a corner stops it, and not claimed when the wall runs
// up into it without one.
import { describe, expect, it } from 'vitest';
import { findCeiling } from './ceiling';
import { shrinkImage, toGuide } from './downscale';
import { createRandom } from './random';
import { edgeShare, findViews, type WallColour } from './views';

const WIDTH = 240;
const HEIGHT = 180;
const FLOOR_FROM = 130;
const isWindow = (x: number, y: number) => x >= 150 && x < 210 && y >= 40 && y < 100;
const isShelfEdge = (x: number, y: number) => x >= 20 && x < 110 && (y === 70 || y === 71);

function drawnRoom(corner: boolean) {
  const random = createRandom(5);
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let colour: number[];
      if (y >= FLOOR_FROM) colour = [150, 110, 70];
      else if (isWindow(x, y)) colour = random() < 0.5 ? [60 + 80 * random(), 120 + 80 * random(), 50] : [170, 200, 235];
      else if (isShelfEdge(x, y)) colour = [40, 35, 30];
      else if (y < 30) colour = corner ? [236, 236, 232] : [214, 200, 178];
      else if (corner && (y === 30 || y === 31)) colour = [170, 160, 145];
      else colour = [214, 200, 178];
      rgb.set(colour, (y * WIDTH + x) * 3);
    }
  }
  const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
  const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
  return { guide, small, edges: edgeShare(guide, small.width, small.height) };
}

const WALLS: WallColour = { a: 1.5, b: 12, lightest: 86, darkest: 72, typical: 81 };

/** Share of the small cells whose centres satisfy `inside` (in guide pixels) that are marked. */
function shareMarked(mask: Uint8Array, width: number, inside: (x: number, y: number) => boolean): number {
  let hits = 0;
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    const x = (i % width) * 2 + 1;
    const y = Math.floor(i / width) * 2 + 1;
    if (!inside(x, y)) continue;
    count++;
    hits += mask[i];
  }
  return hits / count;
}

describe('findViews', () => {
  it('finds the window and leaves the shelf edge and the plain wall alone', () => {
    const { small, edges } = drawnRoom(true);
    const aboveFloor = (cell: number) => Math.floor(cell / small.width) * 2 < FLOOR_FROM;
    const views = findViews(small, edges, aboveFloor, () => false, WALLS);
    expect(shareMarked(views, small.width, (x, y) => x >= 156 && x < 204 && y >= 46 && y < 94)).toBeGreaterThan(0.95);
    expect(shareMarked(views, small.width, (x, y) => x >= 20 && x < 110 && y >= 66 && y < 76)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => x < 130 && y >= 36 && y < 62)).toBe(0);
  });
});

describe('findCeiling', () => {
  it('finds a ceiling stopped by its corner with the wall', () => {
    const { small, edges } = drawnRoom(true);
    const ceiling = findCeiling(small, edges, (cell) => Math.floor(cell / small.width) * 2 < FLOOR_FROM);
    expect(shareMarked(ceiling, small.width, (_, y) => y < 26)).toBeGreaterThan(0.95);
    expect(shareMarked(ceiling, small.width, (_, y) => y >= 34)).toBe(0);
  });

  it('claims no ceiling where the wall runs up to the top without a corner', () => {
    const { small, edges } = drawnRoom(false);
    const ceiling = findCeiling(small, edges, (cell) => Math.floor(cell / small.width) * 2 < FLOOR_FROM);
    expect(ceiling.every((marked) => marked === 0)).toBe(true);
  });
});
