// Small patches of "floor" cut off from the floor are cleared; the floor itself, and floor seen beyond a kitchen
// island (cut off, but not small), stay.
import { describe, expect, it } from 'vitest';
import { clearFloorIslands } from './floor-islands';

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

  it('keeps a patch joined to the floor, however thin the join', () => {
    const floor = floorIn({ rows: [30, 40] }, { rows: [10, 13], columns: [2, 5] }, { rows: [13, 30], columns: [3, 4] });
    clearFloorIslands(floor, WIDTH, HEIGHT);
    expect(floor[11 * WIDTH + 3]).toBe(1);
  });
});
