// The floor is one surface: what the colour model takes for floor in a small patch cut off from it is a wall, a
// pillar or a sill of the floor's colour (the foot of dining_room_1's pillar, above the sill below its window, once
// the wall below was cleared). Floor seen beyond a kitchen island is cut off too, but it is not small. The other way
// round, a wall cannot lie in the middle of the floor: a patch taken for wall with floor all round it (and the bottom
// of the frame) is floor the colour model did not follow, as a sun stripe across a pale carpet.
import { components, sideNeighbours } from './grid-filters';

/** A patch of floor cut off from the rest and smaller than this share of all the floor found is not floor. */
const ISLAND_MAX_SHARE = 0.03;

/**
 * Clears, on a `width` × `height` grid, each patch of floor (cells with a share of 0.5 or more, joined side to side)
 * that does not reach the bottom row, where the floor is nearest the camera, and is small; or that lies beside the
 * wall under a window (`underWindows`, decision 080) and reaches no lower than the wall does beside it, whatever its
 * size: the rest of that wall, cut off from the floor by a heater along its foot. Floor seen beyond a kitchen island
 * meets such a wall from below.
 */
export function clearFloorIslands(floorShare: Float32Array, width: number, height: number, underWindows?: Uint8Array): void {
  const { areas } = components(
    Uint8Array.from(floorShare, (share) => (share >= 0.5 ? 1 : 0)),
    width,
    height,
  );
  const total = areas.reduce((sum, area) => sum + area.length, 0);
  for (const area of areas) {
    const grounded = area.some((cell) => cell >= (height - 1) * width);
    const restOfWall = underWindows !== undefined && levelWithWallBeside(area, underWindows, width, height);
    if (!grounded && (area.length < ISLAND_MAX_SHARE * total || restOfWall)) for (const cell of area) floorShare[cell] = 0;
  }
}

/** Whether `area` has cells of `wall` beside it, and its lowest row is no lower than the lowest of those. */
function levelWithWallBeside(area: readonly number[], wall: Uint8Array, width: number, height: number): boolean {
  let wallFoot = -1;
  for (const cell of area) {
    for (const next of sideNeighbours(cell, width, height))
      if (next >= 0 && wall[next]) wallFoot = Math.max(wallFoot, Math.floor(next / width));
  }
  return wallFoot >= 0 && Math.max(...area.map((cell) => Math.floor(cell / width))) <= wallFoot;
}

/** A patch taken for wall and enclosed by floor is floor when it is at most this share of the photo. */
const ENCLOSED_WALL_MAX_SHARE = 0.03;

/**
 * Sets to floor, on a `width` × `height` grid, each patch of cells that are walls (`wall`) and not floor, joined side
 * to side, whose every neighbour outside it is floor or below the bottom row, and which is small.
 */
export function takeInEnclosedWalls(floorShare: Float32Array, width: number, height: number, wall: (cell: number) => boolean): void {
  const isFloor = (cell: number) => floorShare[cell] >= 0.5;
  const { areas, areaOf } = components(
    Uint8Array.from(floorShare, (_, i) => (wall(i) && !isFloor(i) ? 1 : 0)),
    width,
    height,
  );
  areas.forEach((area, id) => {
    if (area.length > ENCLOSED_WALL_MAX_SHARE * width * height) return;
    const enclosed = area.every((cell) => {
      const x = cell % width;
      const y = Math.floor(cell / width);
      // The top and the sides of the frame are not floor: a patch there may be the wall going on out of the picture.
      if (x === 0 || x === width - 1 || y === 0) return false;
      return sideNeighbours(cell, width, height).every((next) => next < 0 || areaOf[next] === id || isFloor(next));
    });
    if (enclosed) for (const cell of area) floorShare[cell] = 1;
  });
}
