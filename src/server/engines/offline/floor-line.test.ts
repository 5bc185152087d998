// The floor line on a drawn room like bedroom_1 at the size uploads reach the engine: a row of windows fills the top
// half, so the top colour sample sees sky, frames and ceiling but never the tan wall under the windows, whose colour
// is a shade nearer the floor's than any of theirs. The line must still run along the heater's foot, not the sill.
import { describe, expect, it } from 'vitest';
import type { SmallImage } from './downscale';
import { findFloor } from './floor-line';

const WIDTH = 60;
const HEIGHT = 100;
const SILL = 49; // the window's dark sill: rows SILL and SILL + 1
const HEATER = 75; // a white baseboard heater two cells tall, as at 160 px: rows HEATER and HEATER + 1
const FLOOR = 77; // the first floor row

const SKY = [90, -2, -15];
const FRAME = [29, 3, 5]; // window frames and the narrow wall between windows, in shade
const CEILING = [80, 0, -3];
const WALL = [37, 6, 13];
/** Boards from dark to sunlit, each a shade bluer than the wall: bedroom_1's floor as the engine sees it. */
const BOARDS = [
  [36, 5, 5],
  [46, 7, 4],
  [52, 6, 0],
  [57, 5, -2],
  [62, 4, -5],
  [68, 3, -6],
];

function drawnRoom(): SmallImage {
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let colour: number[];
      if (y < 10) colour = CEILING;
      else if (y < SILL) colour = x % 10 < 2 ? FRAME : SKY;
      else if (y < SILL + 2) colour = [15, 0, 0];
      else if (y < HEATER) colour = WALL;
      else if (y < FLOOR) colour = [85, 0, 2];
      else colour = BOARDS[Math.floor(x / 2) % BOARDS.length];
      lab.set(colour, (y * WIDTH + x) * 3);
    }
  }
  return { width: WIDTH, height: HEIGHT, lab, linear: new Float32Array(lab.length), srgb: new Float32Array(lab.length) };
}

describe('findFloor', () => {
  it("runs the line along the heater's foot when the wall's colour is in neither sample", () => {
    const { line } = findFloor(drawnRoom(), () => false);
    // At the heater's foot, or at most at its top: not at the sill.
    for (const row of line) expect(row >= HEATER && row <= FLOOR).toBe(true);
  });

  it('still calls the wall a shade more floor-like than not, by colour alone', () => {
    // Below a line, cells are floor as far as their colour says (room-roles.ts): the odds stay as the colours give them.
    const { likelihood } = findFloor(drawnRoom(), () => false);
    const wallCell = (SILL + 10) * WIDTH + 5;
    expect(likelihood[wallCell]).toBeGreaterThan(0.5);
  });
});
