// Curtains as light as the walls, on a drawn wall: the patterned area is told from the paint by its texture, with a
// fold lit evenly inside it; a baseboard heater's fins (busy, but a strip along the wall), a picture's frame (a line,
// running one way) and a pendant's bulbs (busy only round each bulb) stay paint.
import { describe, expect, it } from 'vitest';
import { SRGB_TO_LINEAR } from './colour';
import type { GuideImage } from './downscale';
import { cellTexture } from './floor-texture';
import { patternedCells } from './patterned';
import { createRandom } from './random';
import { edgeLines } from './views';

const WIDTH = 80;
const HEIGHT = 64;
/** The guide is this many times the grid, as in the engine (400 px against 160). */
const SCALE = 2;
const WALL = 200;

type Box = { left: number; top: number; right: number; bottom: number };
const CURTAIN: Box = { left: 6, top: 4, right: 22, bottom: 50 };
/** The curtain falls in folds this many cells apart, close enough that the damask between is no area without them. */
const FOLD_SPACING = 4;
const FOLD: Box = { left: 13, top: 24, right: 15, bottom: 27 };
const HEATER: Box = { left: 28, top: 54, right: 76, bottom: 57 };
const FRAME: Box = { left: 40, top: 12, right: 62, bottom: 28 };
/** A pendant's bulbs: bright points this many cells apart over a tall stretch of plain wall. */
const PENDANT: Box = { left: 44, top: 32, right: 74, bottom: 50 };
const BULB_SPACING = 3;

/**
 * How far past a curtain its area may reach: two cells for its texture (a pixel's Laplacian takes in its neighbour,
 * in the next cell, and the texture is judged with the cells round it), two for its edge's reach.
 */
const EDGE = 4;
const grown = (box: Box, by: number): Box => ({ left: box.left - by, top: box.top - by, right: box.right + by, bottom: box.bottom + by });
const inside = (box: Box, column: number, row: number) => column >= box.left && column <= box.right && row >= box.top && row <= box.bottom;

/** The wall's paint with a little noise; the curtain's damask and the heater's fins as blotches of light and shade. */
function drawnWall(): GuideImage {
  const width = WIDTH * SCALE;
  const height = HEIGHT * SCALE;
  const random = createRandom(5);
  const srgb = new Uint8Array(width * height * 3);
  const linear = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [column, row] = [Math.floor(x / SCALE), Math.floor(y / SCALE)];
      let grey = WALL + (random() - 0.5) * 2;
      const patterned = (inside(CURTAIN, column, row) && !inside(FOLD, column, row)) || inside(HEATER, column, row);
      if (patterned) grey = WALL + (random() - 0.5) * 40;
      // The curtain's folds: a shadow down it every few cells, a line running one way.
      if (inside(CURTAIN, column, row) && column % FOLD_SPACING === 0) grey = WALL - 60;
      const onFrame =
        ((x === FRAME.left * SCALE || x === FRAME.right * SCALE) && row >= FRAME.top && row <= FRAME.bottom) ||
        ((y === FRAME.top * SCALE || y === FRAME.bottom * SCALE) && column >= FRAME.left && column <= FRAME.right);
      if (onFrame) grey = 120;
      const bulb = inside(PENDANT, column, row) && column % BULB_SPACING === 0 && row % BULB_SPACING === 0;
      if (bulb && x % SCALE === 0 && y % SCALE === 0) grey = 255;
      const code = Math.round(Math.min(255, Math.max(0, grey)));
      for (let c = 0; c < 3; c++) {
        srgb[(y * width + x) * 3 + c] = code;
        linear[(y * width + x) * 3 + c] = SRGB_TO_LINEAR[code];
      }
    }
  }
  return { width, height, srgb, linear };
}

describe('patterned surfaces among the walls’ paint', () => {
  const guide = drawnWall();
  const found = new Set(
    patternedCells({
      width: WIDTH,
      height: HEIGHT,
      texture: cellTexture(guide, WIDTH, HEIGHT),
      lines: edgeLines(guide, WIDTH, HEIGHT, 1),
      paint: () => true,
      besideView: () => false,
    }),
  );
  const cellsOf = (box: Box) =>
    Array.from({ length: WIDTH * HEIGHT }, (_, cell) => cell).filter((cell) => inside(box, cell % WIDTH, Math.floor(cell / WIDTH)));
  const shareFound = (cells: number[]) => cells.filter((cell) => found.has(cell)).length / cells.length;

  it('take in the curtain, the fold lit evenly inside it too', () => {
    // Its outermost cells are half plain wall in the texture's neighbourhood; the inside is all found.
    const inner = cellsOf(grown(CURTAIN, -1));
    expect(shareFound(inner)).toBe(1);
    expect(shareFound(cellsOf(FOLD))).toBe(1);
  });

  it('leave the plain wall, the heater’s strip, the picture’s frame and the pendant’s bulbs to be painted', () => {
    expect(shareFound(cellsOf(HEATER))).toBe(0);
    expect(shareFound(cellsOf(FRAME))).toBe(0);
    expect(shareFound(cellsOf(PENDANT))).toBe(0);
    const wall = Array.from({ length: WIDTH * HEIGHT }, (_, cell) => cell).filter((cell) => {
      const [column, row] = [cell % WIDTH, Math.floor(cell / WIDTH)];
      const nearCurtain = inside(grown(CURTAIN, EDGE), column, row);
      return !nearCurtain && !inside(HEATER, column, row);
    });
    expect(shareFound(wall)).toBe(0);
  });
});
