// The floor is one surface: what the colour model takes for floor in a small patch cut off from it is a wall, a
// pillar or a sill of the floor's colour (the foot of dining_room_1's pillar, above the sill below its window, once
// the wall below was cleared). Floor seen beyond a kitchen island is cut off too, but it is not small.

/** A patch of floor cut off from the rest and smaller than this share of all the floor found is not floor. */
const ISLAND_MAX_SHARE = 0.03;

/**
 * Clears, on a `width` × `height` grid, each patch of floor (cells with a share of 0.5 or more, joined side to side)
 * that does not reach the bottom row, where the floor is nearest the camera, and is small.
 */
export function clearFloorIslands(floorShare: Float32Array, width: number, height: number): void {
  const patch = new Int32Array(width * height).fill(-1);
  const sizes: number[] = [];
  const grounded: boolean[] = [];
  for (let start = 0; start < floorShare.length; start++) {
    if (floorShare[start] < 0.5 || patch[start] >= 0) continue;
    const id = sizes.length;
    let size = 0;
    let ground = false;
    const stack = [start];
    patch[start] = id;
    while (stack.length) {
      const cell = stack.pop()!;
      size++;
      const x = cell % width;
      const y = Math.floor(cell / width);
      if (y === height - 1) ground = true;
      const neighbours = [
        x > 0 ? cell - 1 : -1,
        x + 1 < width ? cell + 1 : -1,
        y > 0 ? cell - width : -1,
        y + 1 < height ? cell + width : -1,
      ];
      for (const next of neighbours) {
        if (next < 0 || patch[next] >= 0 || floorShare[next] < 0.5) continue;
        patch[next] = id;
        stack.push(next);
      }
    }
    sizes.push(size);
    grounded.push(ground);
  }
  const total = sizes.reduce((sum, size) => sum + size, 0);
  for (let i = 0; i < floorShare.length; i++) {
    const id = patch[i];
    if (id >= 0 && !grounded[id] && sizes[id] < ISLAND_MAX_SHARE * total) floorShare[i] = 0;
  }
}
