// The floor meets the walls at long straight edges, and the colour model does not always find them where floor and
// wall are alike in colour. Two corrections, each from an edge that bounds the floor:
// - reachFloorEdges: the colour model stopped the floor short of the wall's foot (a grey concrete floor along a
//   shaded grey wall, a glare band along a heater) and left a jagged strip that takes the wall's paint. The edge has
//   floor on one side and none on the other: the strip between the floor and the edge is floor. Not from an edge above
//   the wall's own foot (a fireplace's foot: a longer edge below runs past both its ends), with wall between.
// - stopAtWallFeet: the colour model ran the floor past the wall's foot (a grey carpet below a pale grey wall). The
//   edge has floor on both sides, alike in colour, and beyond it the "floor" soon ends: that is the wall.
import type { Segment } from './line-segments';
import { median } from './order-statistics';

/** Edges shorter than this share of the width are not a floor's edge. */
const MIN_LENGTH = 0.1;
/** Edges within this of vertical are pillars and corners, not where a floor ends. */
const NOT_STEEPER = (70 * Math.PI) / 180;
/**
 * The strip along the edge that is floor where the floor is not met beyond it, and how far from the edge (shares of
 * the height) the floor is looked for: the band the colour model missed (a glare band along a heater, the shaded
 * carpet between a sun stripe and the skirting) is filled up to where the floor is met.
 */
const STRIP = 0.05;
const LOOK = 0.12;
/** Share of the places along the edge where the floor is met on its side, and the mean floor share at most on the
 * other side, for the edge to bound a floor. */
const FLOOR_SIDE = 0.6;
const OTHER_SIDE = 0.25;
/** Two edges within this angle of each other are parallel. */
const PARALLEL = (10 * Math.PI) / 180;

/**
 * A long edge that may bound the floor, in the cells of the grid: it starts at (x1, y1) and runs `length` cells along
 * the unit direction (ux, uy); (nx, ny) is the unit normal down the picture, toward where a floor below the edge would
 * be. `cellAt(t, d)` is the cell `t` cells along it and `d` cells across it, or -1 off the grid.
 */
type FloorEdge = {
  segment: Segment;
  x1: number;
  y1: number;
  length: number;
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  cellAt: (t: number, d: number) => number;
};

function floorEdges(segments: readonly Segment[], width: number, height: number, scale: number): FloorEdge[] {
  const edges: FloorEdge[] = [];
  for (const segment of segments) {
    if (segment.length < MIN_LENGTH * width * scale) continue;
    if (Math.atan2(Math.abs(segment.y2 - segment.y1), Math.abs(segment.x2 - segment.x1)) > NOT_STEEPER) continue;
    const x1 = segment.x1 / scale;
    const y1 = segment.y1 / scale;
    const dx = (segment.x2 - segment.x1) / scale;
    const dy = (segment.y2 - segment.y1) / scale;
    const length = Math.hypot(dx, dy);
    let nx = -dy / length;
    let ny = dx / length;
    if (ny < 0) [nx, ny] = [-nx, -ny];
    const cellAt = (t: number, d: number) => {
      const x = Math.floor(x1 + (dx * t) / length + nx * d);
      const y = Math.floor(y1 + (dy * t) / length + ny * d);
      return x < 0 || y < 0 || x >= width || y >= height ? -1 : y * width + x;
    };
    edges.push({ segment, x1, y1, length, ux: dx / length, uy: dy / length, nx, ny, cellAt });
  }
  return edges;
}

/** Mean floor share, and mean colour of the floor cells, in the band at signed distances [from, to] along the edge. */
function band(edge: FloorEdge, floorShare: Float32Array, from: number, to: number, lab?: Float32Array) {
  const sum = [0, 0, 0];
  let share = 0;
  let count = 0;
  const cells: number[] = [];
  for (let t = 0; t <= edge.length; t += 1) {
    for (let d = from; d <= to; d += 1) {
      const cell = edge.cellAt(t, d);
      if (cell < 0) continue;
      count++;
      share += floorShare[cell];
      if (!lab || floorShare[cell] < 0.5) continue;
      cells.push(cell);
      for (let c = 0; c < 3; c++) sum[c] += lab[cell * 3 + c];
    }
  }
  return { share: count ? share / count : 0, colour: sum.map((v) => v / Math.max(1, cells.length)), cells };
}

/** Whether segment `o` runs within `within` of the direction `angle`, either way along it. */
function runsAlong(o: Segment, angle: number, within: number): boolean {
  return Math.abs(Math.sin(Math.atan2(o.y2 - o.y1, o.x2 - o.x1) - angle)) <= Math.sin(within);
}

/**
 * Whether another long edge runs parallel to `edge` (within `within`), on the side `side` (1 down the picture, -1
 * up), between `nearest` and `farthest` cells across it, and alongside it (from `reach` of its length before its
 * start to as far past its end).
 */
function parallelEdge(
  edge: FloorEdge,
  segments: readonly Segment[],
  scale: number,
  minLength: number,
  { side, nearest, farthest, within, reach }: { side: 1 | -1; nearest: number; farthest: number; within: number; reach: number },
): boolean {
  const { segment, x1, y1, length, ux, uy, nx, ny } = edge;
  const angle = Math.atan2(uy, ux);
  return segments.some((o) => {
    if (o === segment || o.length < minLength) return false;
    if (!runsAlong(o, angle, within)) return false;
    const mx = (o.x1 + o.x2) / 2 / scale - x1;
    const my = (o.y1 + o.y2) / 2 / scale - y1;
    const along = mx * ux + my * uy;
    const across = (mx * nx + my * ny) * side;
    return along >= -reach * length && along <= (1 + reach) * length && across > nearest && across <= farthest;
  });
}

/**
 * Whether another edge, parallel to `edge` and on its side `side`, between it and `metAt` cells across (where the floor
 * is met, give or take a cell), is longer and runs past both of its ends.
 */
function wallFootBelow(edge: FloorEdge, segments: readonly Segment[], scale: number, side: 1 | -1, metAt: number): boolean {
  const { segment, x1, y1, length, ux, uy, nx, ny } = edge;
  const angle = Math.atan2(uy, ux);
  const at = (x: number, y: number) => ({
    along: (x / scale - x1) * ux + (y / scale - y1) * uy,
    across: ((x / scale - x1) * nx + (y / scale - y1) * ny) * side,
  });
  return segments.some((o) => {
    if (o === segment || o.length <= segment.length) return false;
    if (!runsAlong(o, angle, PARALLEL)) return false;
    const [a, b] = [at(o.x1, o.y1), at(o.x2, o.y2)];
    const across = (a.across + b.across) / 2;
    return Math.min(a.along, b.along) <= 0 && Math.max(a.along, b.along) >= length && across > 1 && across <= metAt + 1;
  });
}

/**
 * Sets to floor the cells (of a `width` × `height` grid) between the floor and each straight edge that bounds it.
 * `segments` are in the coordinates of an image `scale` times the grid; `allowed` says which cells may become floor.
 */
export function reachFloorEdges(
  floorShare: Float32Array,
  width: number,
  height: number,
  segments: readonly Segment[],
  scale: number,
  allowed: (cell: number) => boolean,
): void {
  const strip = STRIP * height;
  const look = LOOK * height;
  const minLength = MIN_LENGTH * width * scale;
  for (const edge of floorEdges(segments, width, height, scale)) {
    // The floor's side: along most of the edge the floor is met within `look` on that side, and the other side holds
    // little floor.
    let side: 1 | -1 | 0 = 0;
    let metAt: number[] = [];
    for (const candidate of [1, -1] as const) {
      const other = candidate === 1 ? band(edge, floorShare, -look, -2) : band(edge, floorShare, 2, look);
      if (other.share > OTHER_SIDE) continue;
      const met = floorMet(edge, floorShare, candidate, look);
      if (met.filter((distance) => distance > 0).length >= FLOOR_SIDE * met.length) {
        side = candidate;
        metAt = met;
        break;
      }
    }
    if (!side) continue;
    // A skirting board shows two edges: the strip is filled from the lower one only, or the board would be floor.
    if (parallelEdge(edge, segments, scale, minLength, { side, nearest: 0.5, farthest: strip, within: PARALLEL, reach: 0 })) continue;
    // The floor met beyond a longer edge that runs the whole length of this one: that edge is the wall's foot, and this
    // one stands on the wall above it (a fireplace's or a shelf's foot), with wall between.
    if (wallFootBelow(edge, segments, scale, side, median(metAt.filter((distance) => distance > 0)))) continue;
    // From the edge to where the floor is met; where it is not met, a strip along the edge.
    metAt.forEach((to, k) => {
      const t = k * 0.5;
      for (let d = 0.5; d <= Math.max(to, strip); d += 0.5) {
        const cell = edge.cellAt(t, d * side);
        if (cell >= 0 && allowed(cell)) floorShare[cell] = 1;
      }
    });
  }
}

/** Along the edge (every half cell), how far across it on `side` the floor is first met, within `look`; 0 where not. */
function floorMet(edge: FloorEdge, floorShare: Float32Array, side: 1 | -1, look: number): number[] {
  const reached: number[] = [];
  for (let t = 0; t <= edge.length; t += 0.5) {
    let to = 0;
    for (let d = 1.5; d <= look; d += 0.5) {
      const cell = edge.cellAt(t, d * side);
      if (cell >= 0 && floorShare[cell] >= 0.5) {
        to = d;
        break;
      }
    }
    reached.push(to);
  }
  return reached;
}

/** Largest colour difference (ΔE76, lightness weighed half) between the floor either side of a wall's foot. */
const ALIKE = 6;
/** How far beyond a wall's foot (share of the height) the "floor" may run before it ends. */
const FOOT_LOOK = 0.2;
/** Share of the places along a wall's foot where the floor beyond it must end within FOOT_LOOK (or at the frame). */
const ENDS_BEYOND = 0.8;
/** How far past its ends (share of its length) a wall's foot is carried on, to the rest of its wall. */
const FOOT_CARRY = 0.5;
/** Edges within this angle of each other run along the same wall. */
const SAME_WALL = (15 * Math.PI) / 180;

/** Share of the places along a wall's foot where the "floor" beyond it ends at a window, for the wall under a window. */
const ENDS_AT_WINDOW = 0.6;
/**
 * A window's bottom frame and sill are dark detail, not the view, and can be thicker than the frame the view's cells
 * take in: by its smoothness, the "floor" beyond a wall's foot ends at a window where the view lies within this many
 * cells past its end. By colour alone the end itself must touch the view or its frame (decision 068): a rug's far edge
 * with paint-coloured boards beyond it, ending a few cells short of curtains, is no wall under a window
 * (living_room_12mp at 640 px).
 */
const WINDOW_FRAME = 4;
/**
 * The walls' paint beyond a wall's foot: its chroma within PAINT_CHROMA of the walls' (the lit jamb's bound, decision
 * 066), and nearer it by PAINT_NEARER than the floor before the foot is (decision 068).
 */
const PAINT_CHROMA = 10;
const PAINT_NEARER = 5;
/**
 * Paint is smooth, boards and carpet are not: "floor" beyond a wall's foot at most this share as textured as the
 * floor before it (the floor-texture contrast of decision 041, taken the other way) is the wall (decision 080).
 */
const SMOOTHER = 0.5;

/**
 * What tells the wall under a window from the floor in front of it, where the colour model took both for floor (a
 * pale wall in shade beside a carpet in shade; a tan wall beside light boards under warm light): `fromPaint`, how far
 * a colour's chroma is from the walls' paint; `texture`, each cell's texture (cellTexture); `window`, the view through
 * a window and its frame.
 */
export type UnderWindow = {
  fromPaint: (colour: readonly number[]) => number;
  texture: Float32Array;
  window: (cell: number) => boolean;
};

/**
 * Clears the floor beyond each wall's foot that the colour model ran past. A wall's foot here: a long straight edge
 * with floor on both sides, where the "floor" beyond soon ends (at a window sill, a frame's side), and either
 * - the floor either side is alike in colour and no other edge runs along it further on (where the floor would
 *   really end: a joint between planks runs along a wall's foot), or
 * - up to a window, beyond it is the walls' paint, unlike the floor before it (the low wall under a window, in shade,
 *   is often the colour of a carpet in shade somewhere else in the photo); or beyond it is as smooth as paint against
 *   the boards or carpet before it, and alike the floor or the paint in colour (under warm light a tan wall is the
 *   colour of light boards, and the walls' paint measured elsewhere lies between the two).
 * A rug's far edge has other colours either side and runs on to the wall's foot or the furniture, not a window; a sun
 * patch's edge has floor far beyond it: neither is cleared. `lab`: the grid's colours. Returns the cells cleared as
 * the wall under a window.
 */
export function stopAtWallFeet(
  floorShare: Float32Array,
  width: number,
  height: number,
  lab: Float32Array,
  segments: readonly Segment[],
  scale: number,
  underWindow?: UnderWindow,
): number[] {
  const look = LOOK * height;
  const footLook = FOOT_LOOK * height;
  const wallsUnderWindows: number[] = [];
  for (const edge of floorEdges(segments, width, height, scale)) {
    const near = band(edge, floorShare, 2, look, lab);
    const far = band(edge, floorShare, -look / 2, -1, lab);
    if (near.share < FLOOR_SIDE || far.share < 0.5) continue;
    const [l, a, b] = near.colour.map((v, c) => v - far.colour[c]);
    const alike = Math.hypot(l / 2, a, b) <= ALIKE;
    const paintBeyond = underWindow !== undefined && underWindow.fromPaint(far.colour) < PAINT_CHROMA;
    const painted = !alike && paintBeyond && underWindow.fromPaint(far.colour) + PAINT_NEARER < underWindow.fromPaint(near.colour);
    const mayBeSmooth = underWindow !== undefined && (alike || paintBeyond);
    if (!alike && !painted && !mayBeSmooth) continue;
    const further = { side: -1 as const, nearest: 1, farthest: footLook, within: SAME_WALL, reach: FOOT_CARRY };
    const byColour = alike && !parallelEdge(edge, segments, scale, (MIN_LENGTH / 2) * width * scale, further);
    // How far the floor runs beyond the edge, at each place along it (carried on past its ends); null where it runs
    // on past FOOT_LOOK.
    const runs: { t: number; run: number | null; window: boolean; nearWindow: boolean }[] = [];
    for (let t = -FOOT_CARRY * edge.length; t <= (1 + FOOT_CARRY) * edge.length; t += 0.5) {
      const run = runBeyond(edge, t, floorShare, footLook);
      const pastEnd = run === null ? null : windowPastEnd(edge, t, run, underWindow);
      runs.push({ t, run, window: pastEnd === 0, nearWindow: pastEnd !== null });
    }
    const alongEdge = runs.filter(({ t }) => t >= 0 && t <= edge.length);
    if (alongEdge.filter(({ run }) => run !== null).length < ENDS_BEYOND * alongEdge.length) continue;
    // Up to a window, beyond the edge is the wall under it, by its colour or by its smoothness.
    const atWindow = alongEdge.filter(({ window }) => window).length >= ENDS_AT_WINDOW * alongEdge.length;
    const nearWindow = alongEdge.filter(({ nearWindow }) => nearWindow).length >= ENDS_AT_WINDOW * alongEdge.length;
    const smooth = mayBeSmooth && nearWindow && smoothBeyond(edge, alongEdge, near.cells, underWindow.texture);
    if (!byColour && !(atWindow && painted) && !smooth) continue;
    // Found by its smoothness alone, the wall is carried on past the edge's ends a little, while boards lie before it.
    const bySmoothnessAlone = !byColour && !(atWindow && painted);
    const cleared = bySmoothnessAlone && underWindow ? besideFloor(edge, runs, near.cells, underWindow.texture) : runs;
    for (const cell of cellsBeyond(edge, cleared)) {
      floorShare[cell] = 0;
      if (!byColour) wallsUnderWindows.push(cell);
    }
  }
  return wallsUnderWindows;
}

/** Cells before the edge within which the floor's texture is judged, at each place along it carried past its ends. */
const BEFORE_FOOT = 3;
/**
 * How far past its ends (share of its length) the wall's foot found by smoothness is carried: to the corner, not (as
 * FOOT_CARRY would) round it and up the next wall, whose foot runs another way (bedroom_1's left wall under warm light
 * at 1920 px, a seventh of it cleared in a slant).
 */
const SMOOTH_CARRY = 0.1;

/**
 * The places along the edge, and past its ends (up to SMOOTH_CARRY of its length) as far as the floor before it stays
 * textured: where the cells just before it (BEFORE_FOOT) are at most SMOOTHER as textured as the floor before the edge
 * (`floorCells`), the carry stops.
 */
function besideFloor<T extends { t: number }>(
  edge: FloorEdge,
  runs: readonly T[],
  floorCells: readonly number[],
  texture: Float32Array,
): T[] {
  const boards = median(floorCells.map((cell) => texture[cell]));
  const carries = (t: number) => {
    const before = Array.from({ length: BEFORE_FOOT }, (_, k) => edge.cellAt(t, k + 1)).filter((cell) => cell >= 0);
    return before.length > 0 && median(before.map((cell) => texture[cell])) > SMOOTHER * boards;
  };
  let from = 0;
  while (from - 0.5 >= -SMOOTH_CARRY * edge.length && carries(from - 0.5)) from -= 0.5;
  let to = edge.length;
  while (to + 0.5 <= (1 + SMOOTH_CARRY) * edge.length && carries(to + 0.5)) to += 0.5;
  return runs.filter(({ t }) => t >= from && t <= to);
}

/** How far the floor runs beyond the edge at `t` (cells across it), or null where it runs on past `limit`. */
function runBeyond(edge: FloorEdge, t: number, floorShare: Float32Array, limit: number): number | null {
  let d = 1;
  while (d <= limit) {
    const cell = edge.cellAt(t, -d);
    if (cell < 0 || floorShare[cell] < 0.5) break;
    d += 0.5;
  }
  return d > limit ? null : d;
}

/**
 * Where the "floor" that runs `run` cells beyond the edge at `t` ends at a window: how many cells past its end the view
 * lies (0 at its end), up to WINDOW_FRAME; null where it does not.
 */
function windowPastEnd(edge: FloorEdge, t: number, run: number, underWindow: UnderWindow | undefined): number | null {
  if (!underWindow) return null;
  for (let k = 0; k <= WINDOW_FRAME; k++) {
    const cell = edge.cellAt(t, -run - k);
    if (cell >= 0 && underWindow.window(cell)) return k;
  }
  return null;
}

/** The cells beyond the edge, from it up to where the "floor" ends at each of the places `runs`. */
function cellsBeyond(edge: FloorEdge, runs: readonly { t: number; run: number | null }[]): number[] {
  const cells: number[] = [];
  for (const { t, run } of runs) {
    for (let d = 0.5; run !== null && d < run; d += 0.5) {
      const cell = edge.cellAt(t, -d);
      if (cell >= 0) cells.push(cell);
    }
  }
  return cells;
}

/**
 * Whether what lies beyond the edge, up to where the "floor" ends at each place along it, is at most SMOOTHER as
 * textured (median) as the floor before the edge (`floorCells`).
 */
function smoothBeyond(
  edge: FloorEdge,
  alongEdge: readonly { t: number; run: number | null }[],
  floorCells: readonly number[],
  texture: Float32Array,
): boolean {
  const beyond = new Set(cellsBeyond(edge, alongEdge));
  const textureOf = (cells: Iterable<number>) => median(Array.from(cells, (cell) => texture[cell]));
  return beyond.size > 0 && textureOf(beyond) <= SMOOTHER * textureOf(floorCells);
}
