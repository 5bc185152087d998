// Small patches of "floor" cut off from the floor are cleared, and so is the rest of a wall under a window beside
// that wall; the floor itself, and floor seen beyond a kitchen island (cut off, but not small), stay. Small patches of "wall" with floor all round them are floor.
import { describe, expect, it } from 'vitest';
import { clearFloorIslands, takeInEnclosedWalls } from './floor-islands';

const WIDTH = 40;
const HEIGHT = 40;
/** Floor share 1 in the given rows (and columns), 0 elsewhere. */
function floorIn(...areas: { rows: [number, number]; columns?: [number, number] }[]): Float32Array {
  return Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const [x, y] = [i % WIDTH, Math.floor(i / WIDTH)];
    const inside = ({ rows, columns = [0, WIDTH] }: (typeof areas)[number]) =>
      y >= rows[0] && y < rows[1] && x >= columns[0] && x < columns[1];
    return areas.some(inside) ? 1 : 0;
  });
}

describe('clearFloorIslands', () => {
  it('clears a small patch of floor colour up a wall, and keeps the floor', () => {
    const floor = floorIn({ rows: [25, 40] }, { rows: [10, 13], columns: [2, 5] });
    clearFloorIslands(floor, WIDTH, HEIGHT);
    expect(floor[11 * WIDTH + 3]).toBe(0);
    expect(floor.reduce((sum, share) => sum + share, 0)).toBe(15 * WIDTH);
  });

  it('keeps floor seen beyond a kitchen island, which is cut off but not small', () => {
    const floor = floorIn({ rows: [30, 40] }, { rows: [18, 24] });
    clearFloorIslands(floor, WIDTH, HEIGHT);
    expect(floor[20 * WIDTH + 20]).toBe(1);
  });

  // The wall under a window in rows 8 to 18 of columns 0 to 30; the rest of it, past column 30, read as floor.
  const wallUnderWindow = Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const [x, y] = [i % WIDTH, Math.floor(i / WIDTH)];
    return y >= 8 && y < 18 && x < 30 ? 1 : 0;
  });

  it('clears a large patch beside the wall under a window, as low as that wall: the rest of it', () => {
    const floor = floorIn({ rows: [25, 40] }, { rows: [8, 18], columns: [30, 40] });
    clearFloorIslands(floor, WIDTH, HEIGHT, wallUnderWindow);
    expect(floor[12 * WIDTH + 35]).toBe(0);
    // Without that wall beside it, the patch is too large to clear.
    const kept = floorIn({ rows: [25, 40] }, { rows: [8, 18], columns: [30, 40] });
    clearFloorIslands(kept, WIDTH, HEIGHT);
    expect(kept[12 * WIDTH + 35]).toBe(1);
  });

  it('keeps floor beyond a kitchen island that meets the wall under a window from below', () => {
    const floor = floorIn({ rows: [30, 40] }, { rows: [18, 24] });
    clearFloorIslands(floor, WIDTH, HEIGHT, wallUnderWindow);
    expect(floor[20 * WIDTH + 20]).toBe(1);
  });

  it('keeps a patch joined to the floor, however thin the join', () => {
    const floor = floorIn({ rows: [30, 40] }, { rows: [10, 13], columns: [2, 5] }, { rows: [13, 30], columns: [3, 4] });
    clearFloorIslands(floor, WIDTH, HEIGHT);
    expect(floor[11 * WIDTH + 3]).toBe(1);
  });
});

describe('takeInEnclosedWalls', () => {
  const everyCellWall = () => true;
  const at = (floor: Float32Array, x: number, y: number) => floor[y * WIDTH + x];

  it('takes in a patch of "wall" with floor all round it and the bottom of the frame (a sun stripe on a carpet)', () => {
    const floor = floorIn({ rows: [20, 40], columns: [0, 10] }, { rows: [20, 40], columns: [15, 40] }, { rows: [20, 35] });
    takeInEnclosedWalls(floor, WIDTH, HEIGHT, everyCellWall);
    expect(at(floor, 12, 38)).toBe(1);
    expect(at(floor, 12, 10)).toBe(0);
  });

  it('leaves a patch at the side of the frame, one that meets something else, and a large one', () => {
    const atSide = floorIn({ rows: [20, 40], columns: [5, 40] }, { rows: [20, 35] });
    takeInEnclosedWalls(atSide, WIDTH, HEIGHT, everyCellWall);
    expect(at(atSide, 2, 38)).toBe(0);

    // A cell that is neither wall nor floor (a chair leg) beside the patch.
    const besideChair = floorIn({ rows: [20, 40], columns: [0, 10] }, { rows: [20, 40], columns: [15, 40] }, { rows: [20, 35] });
    const chairLeg = 36 * WIDTH + 15;
    besideChair[chairLeg] = 0;
    takeInEnclosedWalls(besideChair, WIDTH, HEIGHT, (cell) => cell !== chairLeg);
    expect(at(besideChair, 12, 38)).toBe(0);

    const large = floorIn({ rows: [20, 40], columns: [0, 5] }, { rows: [20, 40], columns: [25, 40] }, { rows: [20, 25] });
    takeInEnclosedWalls(large, WIDTH, HEIGHT, everyCellWall);
    expect(at(large, 12, 38)).toBe(0);
  });
});
