// Work in progress for the second offline engine (issue 19); the engine does not use it yet. Known faults on the
// labelled photos: walls and ceiling merge where their corner is soft; in kitchen_2 the cream carpet and the
// cream walls read as one material, so the floor shrinks to its sun patches and the walls reach into the carpet;
// plank grain stops the floor early in living_room_1. Line segments and vanishing directions are to fix these.
//
// Which parts of the photo are the floor and the walls, found on superpixels of a small copy. Everything else
// (window glass and the view through it, the ceiling, lamps, furniture, people, plants) is left as photographed.
// - Floor: grown upward from the patches along the bottom edge that share one material, through neighbours of
//   that material (lightness weighs little, so sun patches and shade stay floor), never into the top third.
// - Walls: large connected groups of smooth, fairly neutral patches that are not floor, not blown out, not sky
//   and not foliage; a group that hangs from the top edge and sits high in the frame is the ceiling.
import type { Superpixel } from './superpixels';

export const SURFACE = { none: 0, floor: 1, wall: 2, ceiling: 3 } as const;
export type Surface = (typeof SURFACE)[keyof typeof SURFACE];

/** Lightness counts this much in a material comparison: shading is not a different material. */
const SHADING_WEIGHT = 0.3;
const FLOOR_MATCH = 9;
const WALL_MATCH = 6.5;
const FLOOR_LOWEST_START = 0.35;
const WALL_MAX_CHROMA = 24;
const WALL_MIN_SHARE = 0.015;
/** A group hanging from the top edge with nearly all of itself above this line is the ceiling. */
const CEILING_MAX_CENTRE = 0.35;
/** A border whose mean L gradient is above this (L units per pixel of the small copy) is an edge in the room. */
const EDGE = 2.2;
/** Detail (mean L gradient) of a flat surface in a photo: sensor noise and JPEG. */
const SENSOR_NOISE = 0.6;

const materialDistance = (first: Pick<Superpixel, 'l' | 'a' | 'b'>, second: Pick<Superpixel, 'l' | 'a' | 'b'>) =>
  Math.hypot((first.l - second.l) * SHADING_WEIGHT, first.a - second.a, first.b - second.b);

const looksLikeSky = (cell: Superpixel) => cell.b < -8 && cell.l > 55;
const looksLikeFoliage = (cell: Superpixel) => cell.a < -7 && cell.b > 5;

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * q))];
}

export type SurfaceMap = { surfaceOf: Uint8Array; floorShare: number; wallShare: number };

export function findSurfaces(cells: readonly Superpixel[]): SurfaceMap {
  const total = cells.reduce((sum, cell) => sum + cell.size, 0);
  const surfaceOf = new Uint8Array(cells.length);
  // What counts as smooth here: the median patch's detail, and never less than a camera's noise.
  const smooth = Math.max(
    SENSOR_NOISE,
    percentile(
      cells.map((cell) => cell.detail),
      0.5,
    ),
  );

  // Floor: the material most of the bottom edge shows.
  const bottom = cells.map((cell, index) => ({ cell, index })).filter(({ cell }) => cell.atBottom && cell.x > 0.15 && cell.x < 0.85);
  let seeds: number[] = [];
  let seedArea = 0;
  for (const { cell } of bottom) {
    const group = bottom.filter(({ cell: other }) => materialDistance(cell, other) < FLOOR_MATCH);
    const area = group.reduce((sum, { cell: member }) => sum + member.size, 0);
    if (area > seedArea) [seeds, seedArea] = [group.map(({ index }) => index), area];
  }
  const model = { l: 0, a: 0, b: 0, size: 0 };
  const addToModel = (cell: Superpixel) => {
    const n = model.size + cell.size;
    model.l += ((cell.l - model.l) * cell.size) / n;
    model.a += ((cell.a - model.a) * cell.size) / n;
    model.b += ((cell.b - model.b) * cell.size) / n;
    model.size = n;
  };
  // A textured floor (planks, carpet) has edges of its own inside; its border with a wall is stronger still.
  const seedDetail = seeds.reduce((sum, index) => sum + cells[index].detail * cells[index].size, 0) / Math.max(1, seedArea);
  const floorEdge = Math.max(EDGE, seedDetail * 2.5);
  const queue = [...seeds];
  for (const index of seeds) {
    surfaceOf[index] = SURFACE.floor;
    addToModel(cells[index]);
  }
  while (queue.length) {
    const index = queue.shift()!;
    for (const [next, edge] of cells[index].neighbours) {
      const cell = cells[next];
      if (surfaceOf[next] || cell.y < FLOOR_LOWEST_START || edge > floorEdge) continue;
      if (materialDistance(cell, model) > FLOOR_MATCH || cell.detail > Math.max(smooth, seedDetail) * 3) continue;
      // A textured floor does not continue into smooth paint.
      if (seedDetail > smooth * 1.5 && cell.detail < seedDetail * 0.4) continue;
      surfaceOf[next] = SURFACE.floor;
      addToModel(cell);
      queue.push(next);
    }
  }

  // Walls: smooth, neutral-ish groups.
  const candidate = cells.map(
    (cell, index) =>
      surfaceOf[index] === SURFACE.none &&
      cell.detail <= smooth * 1.2 &&
      Math.hypot(cell.a, cell.b) < WALL_MAX_CHROMA &&
      cell.clipped < 0.25 &&
      !looksLikeSky(cell) &&
      !looksLikeFoliage(cell),
  );
  const seen = new Uint8Array(cells.length);
  for (let start = 0; start < cells.length; start++) {
    if (!candidate[start] || seen[start]) continue;
    const group = [start];
    seen[start] = 1;
    for (let k = 0; k < group.length; k++) {
      for (const [next, edge] of cells[group[k]].neighbours) {
        if (!candidate[next] || seen[next] || edge > EDGE || materialDistance(cells[group[k]], cells[next]) > WALL_MATCH) continue;
        seen[next] = 1;
        group.push(next);
      }
    }
    const area = group.reduce((sum, index) => sum + cells[index].size, 0);
    if (area < total * WALL_MIN_SHARE) continue;
    const high = group.reduce((sum, index) => sum + (cells[index].y < CEILING_MAX_CENTRE ? cells[index].size : 0), 0) / area;
    const hangsFromTop = group.some((index) => cells[index].atTop);
    const kind = hangsFromTop && high > 0.8 ? SURFACE.ceiling : SURFACE.wall;
    for (const index of group) surfaceOf[index] = kind;
  }

  const share = (kind: Surface) => cells.reduce((sum, cell, index) => sum + (surfaceOf[index] === kind ? cell.size : 0), 0) / total;
  return { surfaceOf, floorShare: share(SURFACE.floor), wallShare: share(SURFACE.wall) };
}
