// Finds the ceiling, which a redesign leaves as it is (no preset asks for a painted ceiling). The ceiling is the
// smooth surface hanging from the top of the frame down to the corner where it meets the walls. It is grown from the
// top edge through cells that continue it without a colour step or an edge, and never across a long straight edge:
// the corner itself is often too soft for a colour step (a white ceiling meeting a white wall), and where it fades
// out altogether (under a ceiling lamp) the corner edges either side are carried on to where they meet
// (cornerBarriers). Where the growth still runs down a wall, the columns it ran down are no ceiling, nor what it
// reached only through them, nor a narrow stretch between such columns (the wall above a window); the corner, a
// straight line, is then carried across the columns it ran down from the ceiling's foot beside them (where that foot
// is a corner, not a detail on the wall the growth stopped at, decision 077), and the growth is tried again there
// with smaller steps, which may stop at the corner (decision 071). What is left takes in its own seams and fixtures,
// the tiles it reached only across their joints, and whatever lies above it in its columns. If nothing is left, the
// walls are painted to the top, as before. What hangs from the ceiling (beams, soffits) and the textured rest of a
// tiled ceiling are taken in afterwards.
import type { SmallImage } from './downscale';
import type { Segment } from './line-segments';
import { areaColumns, boxMean, components, dilate, sideNeighbours } from './grid-filters';
import { fitStraight } from './line-fit';

/** Largest colour step (ΔE76) between neighbouring cells inside the ceiling: its shading changes gradually. */
const CEILING_STEP = 3;
/** Smaller steps an area of the growth that ran down a wall is grown again with, in turn. */
const TIGHTER_STEPS = [2, 1.5, 1];
/** A cell with more of its guide pixels on an edge than this is a corner, a beam or a fixture, not open ceiling. */
const CEILING_MAX_EDGES = 0.12;
/** A ceiling seen from standing height stays in the upper part of the frame: a column whose ceiling reaches this
 * far down ran down a wall. */
const CEILING_LOWEST = 0.35;
const CEILING_MAX_SHARE = 0.4;
/** The narrowest stretch of ceiling (share of the width) kept between columns that ran down a wall. */
const CEILING_MIN_RUN = 0.15;
/** Share of such a run's columns that must end on a long straight edge. */
const CLOSED_OFF = 0.5;

/**
 * `candidate`: cells that may be ceiling (not a view, not a dark detail, above the floor). `barrier`: cells a long
 * straight edge runs through, which the growth does not cross.
 */
export function findCeiling(
  small: SmallImage,
  edges: Float32Array,
  candidate: (cell: number) => boolean,
  barrier: (cell: number) => boolean = () => false,
): Uint8Array {
  return searchCeiling(small, edges, candidate, barrier).ceiling;
}

/**
 * findCeiling's answer, and whether a search with more barriers could add to it: only where the growth ran down a
 * wall (and lost the ceiling above it), or where what it found was too large to be a ceiling. Otherwise more barriers
 * can only cut the same growth smaller.
 */
export function searchCeiling(
  small: SmallImage,
  edges: Float32Array,
  candidate: (cell: number) => boolean,
  barrier: (cell: number) => boolean,
): { ceiling: Uint8Array; barriersMayAdd: boolean; wallTop: Uint8Array } {
  const { width, height, lab } = small;
  const lowest = Math.floor(height * CEILING_LOWEST);
  const open = (cell: number) => candidate(cell) && !barrier(cell) && edges[cell] <= CEILING_MAX_EDGES;
  const step = (from: number, to: number) =>
    Math.hypot(lab[from * 3] - lab[to * 3], lab[from * 3 + 1] - lab[to * 3 + 1], lab[from * 3 + 2] - lab[to * 3 + 2]);
  /**
   * The cells reached from `start` through `allowed` cells without a colour step, no lower than the lowest row a
   * ceiling reaches; `reached` tells a cell already taken, `take` takes one.
   */
  const spread = (
    start: number,
    allowed: (cell: number) => boolean,
    reached: (cell: number) => boolean,
    take: (cell: number) => void,
    limit = CEILING_STEP,
  ) => {
    take(start);
    const queue = [start];
    for (let k = 0; k < queue.length; k++) {
      const cell = queue[k];
      for (const next of sideNeighbours(cell, width, lowest + 1)) {
        if (next < 0 || reached(next) || !allowed(next) || step(cell, next) > limit) continue;
        take(next);
        queue.push(next);
      }
    }
    return queue;
  };
  /** Grows from the top edge through `allowed` cells; per cell, the top-edge area it was reached from (-1: none). */
  const grow = (allowed: (cell: number) => boolean) => {
    const grown = new Int32Array(width * height).fill(-1);
    let areas = 0;
    for (let start = 0; start < width; start++) {
      if (!allowed(start) || grown[start] >= 0) continue;
      const area = areas++;
      spread(
        start,
        allowed,
        (cell) => grown[cell] >= 0,
        (cell) => (grown[cell] = area),
      );
    }
    return grown;
  };

  const first = grow(open);
  /**
   * What an area of the first growth reaches from its stretch of the top edge, grown again with smaller steps, once
   * that no longer runs down a wall; nothing if it still does at the smallest.
   */
  const regrowTighter = (area: number): number[] => {
    const allowed = (cell: number) => first[cell] === area;
    for (const limit of TIGHTER_STEPS) {
      const taken = new Set<number>();
      const reached = (cell: number) => taken.has(cell);
      const take = (cell: number) => void taken.add(cell);
      for (let start = 0; start < width; start++) if (allowed(start) && !reached(start)) spread(start, allowed, reached, take, limit);
      if (![...taken].some((cell) => cell >= lowest * width)) return [...taken];
    }
    return [];
  };
  /** Whether most columns from `from` to `to` (exclusive) end their first growth on a long straight edge. */
  const closedOff = (from: number, to: number) => {
    let closed = 0;
    for (let x = from; x < to; x++) {
      let y = 0;
      while (y < height && first[y * width + x] >= 0) y++;
      if ((y < height && barrier(y * width + x)) || (y + 1 < height && barrier((y + 1) * width + x))) closed++;
    }
    return closed >= CLOSED_OFF * (to - from);
  };
  // Columns where the growth reached the lowest row ran down a wall; grown again without them, whatever was reached
  // only through them (the rest of that wall) drops out too. A column is left out only of the area of the growth
  // (reached from its own stretch of the top edge) that ran down it: a wall reaching the top of the frame, closed off
  // from the ceiling beside it by their corner's straight edge, runs down columns that, above the slanting corner,
  // are still the ceiling's.
  const ranDown = first.slice(lowest * width, (lowest + 1) * width);
  // Between columns that ran down a wall, a run of columns that did not was held up by something on that same wall
  // (a window, a door frame): it is dropped when narrow, or, between columns one area of the growth ran down, when it
  // is not closed off by a corner's straight edge. Between two areas it may be the ceiling between two side walls.
  const heldUp = new Uint8Array(width);
  for (let x = 0; x < width;) {
    let end = x;
    while (end < width && ranDown[end] < 0) end++;
    const flanked = x > 0 && end < width && ranDown[x - 1] === ranDown[end];
    if ((x > 0 || end < width) && (end - x < CEILING_MIN_RUN * width || (flanked && !closedOff(x, end)))) heldUp.fill(1, x, end);
    x = end + 1;
  }
  const leftOut = (cell: number) => heldUp[cell % width] === 1 || ranDown[cell % width] === first[cell];
  const ceiling = Uint8Array.from(
    grow((cell) => open(cell) && first[cell] >= 0 && !leftOut(cell)),
    (area) => (area >= 0 ? 1 : 0),
  );
  // A foot with something under it that may be no ceiling (past the edges round it) is where the growth met a detail
  // on a wall, not a corner.
  const onDetail = (foot: number) => {
    for (let under = foot + width, k = 0; under < width * height && k <= DETAIL_EDGE_ROWS; under += width, k++) {
      if (!candidate(under)) return true;
      if (open(under)) return false;
    }
    return false;
  };
  const wallTop = wallsUpOutOfFrame(ceiling, width, lowest, first, ranDown, onDetail);
  for (let i = 0; i < ceiling.length; i++) if (wallTop[i]) ceiling[i] = 0;
  // A pocket: the open cells reached from a cell outside the ceiling.
  const pocket = (start: number) => {
    const taken = new Set<number>();
    return spread(
      start,
      (cell) => open(cell) && !ceiling[cell],
      (cell) => taken.has(cell),
      (cell) => taken.add(cell),
    );
  };
  takeInTilesAcrossJoints(ceiling, width, lowest, { open, joint: (cell) => candidate(cell) && !barrier(cell), step, pocket });
  // The ceiling's own seams, tile joints and fixtures stopped the growth inside it: in each column, what lies above
  // its lowest ceiling cell is ceiling too. Above the ceiling a photo shows only more of it: a tray's recess or a
  // soffit's curve, shaded in steps the growth did not cross, reached only from the columns beside.
  const takeInWhatLiesAbove = () => {
    for (let x = 0; x < width; x++) {
      let bottom = -1;
      for (let y = 0; y < height; y++) if (ceiling[y * width + x]) bottom = y;
      for (let y = 0; y < bottom; y++) if (candidate(y * width + x)) ceiling[y * width + x] = 1;
    }
  };
  takeInWhatLiesAbove();
  // A corner is straight: across the columns the growth ran down a wall through a soft stretch of it, the ceiling's
  // foot in the columns beside is carried on as a line, and what lies above it is ceiling (onDetail: not where the
  // growth met a detail on the wall).
  carryCornerAcross(ceiling, width, lowest, first, ranDown, candidate, onDetail);
  // The growth may also have crossed a soft stretch of the corner (a step just under CEILING_STEP: home_office_1's
  // tiles meeting its dim right wall), where the ceiling's foot beside is too ragged, or lies in other areas of the
  // growth, for a line to be carried. What an area that ran down reaches with smaller steps is ceiling too when it
  // no longer runs down, and so is what lies above it.
  for (const area of new Set(ranDown)) {
    if (area >= 0) for (const cell of regrowTighter(area)) ceiling[cell] = 1;
  }
  takeInWhatLiesAbove();
  for (let i = 0; i < ceiling.length; i++) if (wallTop[i]) ceiling[i] = 0;
  const count = ceiling.reduce((sum, marked) => sum + marked, 0);
  if (count > width * height * CEILING_MAX_SHARE) return { ceiling: new Uint8Array(width * height), barriersMayAdd: true, wallTop };
  return { ceiling, barriersMayAdd: ranDown.some((area) => area >= 0), wallTop };
}

/**
 * The walls that run up out of the frame, as one area of the growth from the top edge: the growth ran down some of
 * its columns to the wall's foot, and in the column beside them its ceiling ends on a detail set in that wall (a
 * niche's top, bars across it), not on a corner. A ceiling beside a wall meets it along their corner, which the
 * growth either stops at or, where the corner is soft, crosses along its length; here the growth went on into the wall
 * above the detail, with nothing between them: the stretch beside is the top of the same wall (kitchen_1's fireplace
 * wall over the shelf niche, decision 084). Marks the cells of each such area.
 */
function wallsUpOutOfFrame(
  ceiling: Uint8Array,
  width: number,
  lowest: number,
  first: Int32Array,
  ranDown: Int32Array,
  onDetail: (foot: number) => boolean,
): Uint8Array {
  const walls = new Set<number>();
  const footOf = (x: number) => {
    let foot = -1;
    for (let y = 0; y <= lowest; y++) if (ceiling[y * width + x]) foot = y * width + x;
    return foot;
  };
  for (let x = 0; x < width; x++) {
    const area = ranDown[x];
    if (area < 0) continue;
    for (const beside of [x - 1, x + 1]) {
      if (beside < 0 || beside >= width || ranDown[beside] >= 0) continue;
      const foot = footOf(beside);
      if (foot >= 0 && first[foot] === area && onDetail(foot)) walls.add(area);
    }
  }
  return Uint8Array.from(first, (area) => (walls.has(area) ? 1 : 0));
}

/** The widest line of edges (in cells) that is a joint between two tiles, not a surface of its own. */
const JOINT_CELLS = 2;

/**
 * A tiled ceiling's joints stop the growth in findCeiling wherever they lie close enough to fill a cell with edges.
 * Near the camera the tiles are large, so the joints are too far apart to read as texture (takeInTexturedCeiling),
 * and each tile the growth did not reach from the top of the frame is a pocket of open cells that took the walls'
 * paint: a dark patchwork over home_office_1's ceiling above its right wall. Across a joint (at most JOINT_CELLS
 * cells that may be ceiling, and no long straight edge) from the ceiling, with no colour step between the ceiling on
 * one side and the cell on the other, a pocket is more of the ceiling when it stays above the lowest row a ceiling
 * reaches: one that runs down to it is a wall met across a corner, as the growth itself would have found. The joints
 * crossed are ceiling too, as are those between two parts of the ceiling. `open`: cells the growth may pass; `step`:
 * the colour step between two cells; `pocket`: the open cells reached from a cell without a colour step, as the
 * growth reaches them.
 */
function takeInTilesAcrossJoints(
  ceiling: Uint8Array,
  width: number,
  lowest: number,
  {
    open,
    joint,
    step,
    pocket,
  }: {
    open: (cell: number) => boolean;
    joint: (cell: number) => boolean;
    step: (from: number, to: number) => number;
    pocket: (start: number) => number[];
  },
) {
  const band = (lowest + 1) * width;
  const runsDown = new Uint8Array(ceiling.length);
  const queue: number[] = [];
  for (let cell = 0; cell < band; cell++) if (ceiling[cell]) queue.push(cell);
  for (let k = 0; k < queue.length; k++) {
    const from = queue[k];
    const x = from % width;
    for (const [dx, dy] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ]) {
      const crossed: number[] = [];
      for (let reach = 1; reach <= JOINT_CELLS + 1; reach++) {
        const cell = from + reach * (dy * width + dx);
        if (x + reach * dx < 0 || x + reach * dx >= width || cell < 0 || cell >= band || runsDown[cell]) break;
        if (ceiling[cell]) {
          // A joint between two parts of the ceiling.
          for (const p of crossed) ceiling[p] = 1;
          break;
        }
        if (open(cell)) {
          // Open right beside the ceiling, the growth would have taken it if it continued the ceiling.
          if (reach > 1 && step(from, cell) <= CEILING_STEP) {
            const cells = pocket(cell);
            if (cells.some((p) => p >= lowest * width)) {
              for (const p of cells) runsDown[p] = 1;
            } else {
              for (const p of [...crossed, ...cells]) ceiling[p] = 1;
              queue.push(...cells);
            }
          }
          break;
        }
        if (!joint(cell)) break;
        crossed.push(cell);
      }
    }
  }
}

/** Rows of edges (round a detail) looked past under the ceiling's foot for the detail. */
const DETAIL_EDGE_ROWS = 2;

/**
 * The ceiling's foot is carried across a soft stretch of corner from this many columns beside it (at least
 * FIT_MIN), when they lie on a straight line to within FIT_RESIDUAL rows (root mean square): a corner, not the
 * ragged foot of a ceiling the growth reached only in part.
 */
const FIT_COLUMNS = 8;
const FIT_MIN = 5;
const FIT_RESIDUAL = 1;

/**
 * Where the growth ran down a wall (`ranDown`: per column, the area of the first growth, `first`, that reached the
 * lowest row there), the corner was too soft to stop it: a white wall lit like the ceiling, or kitchen_1's high
 * ceiling meeting a wall of its colour. Those columns lost their ceiling with the wall. A corner is a straight line,
 * so the ceiling's foot in the columns beside (reached by that same area of the growth) is fitted with a line and
 * carried across them; cells above it that may be ceiling (`candidate`) are. Marks them in `ceiling`. A wall that
 * ran down its own columns from the top of the frame is another area of the growth, and keeps them. A foot that rests
 * on a detail (`onDetail`: dark bars set in a wall that runs up out of the frame, a chandelier) is where the growth
 * met that detail, not a corner: the line is fitted to the columns up to it only (decision 077).
 */
function carryCornerAcross(
  ceiling: Uint8Array,
  width: number,
  lowest: number,
  first: Int32Array,
  ranDown: Int32Array,
  candidate: (cell: number) => boolean,
  onDetail: (foot: number) => boolean,
) {
  const bottom = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) for (let y = 0; y <= lowest; y++) if (ceiling[y * width + x]) bottom[x] = y;
  const fit = (xs: number[]) =>
    fitStraight(
      xs,
      xs.map((x) => bottom[x]),
      FIT_MIN,
      FIT_RESIDUAL,
    )?.at ?? null;
  for (let x0 = 0; x0 < width;) {
    const area = ranDown[x0];
    if (area < 0) {
      x0++;
      continue;
    }
    let x1 = x0;
    while (x1 < width && ranDown[x1] === area) x1++;
    // The ceiling beside, in the same area of the growth: the corner between them is what the growth ran through.
    const beside = (from: number, step: number) => {
      const xs: number[] = [];
      for (let x = from; x >= 0 && x < width && xs.length < FIT_COLUMNS && ranDown[x] < 0 && bottom[x] >= 0; x += step) {
        if (first[bottom[x] * width + x] !== area) break;
        if (onDetail(bottom[x] * width + x)) break;
        xs.push(x);
      }
      return fit(xs);
    };
    const lines = [beside(x0 - 1, -1), beside(x1, 1)].filter((line) => line !== null);
    for (let x = x0; x < x1 && lines.length; x++) {
      const foot = Math.min(lowest, Math.round(Math.min(...lines.map((line) => line(x)))));
      for (let y = 0; y <= foot; y++) if (candidate(y * width + x)) ceiling[y * width + x] = 1;
    }
    x0 = x1;
  }
}

/**
 * Share of a hanging surface's width under which the room behind shows (a wall further back, a window, more
 * ceiling) rather than something standing on its own foot (a cabinet, a shelf, the floor).
 */
const HANGING_OVER = 0.8;
/** Rows of straight edges (a beam's arris, a crown moulding) looked past for what lies under a surface. */
const EDGE_ROWS = 3;

/** A wall stands on the floor when its foot comes within this many rows of the floor line. */
const FOOT_ROWS = 2;
/** Share of a patch's width that must rest on a window or a standing wall for the patch to stand. */
const STANDS_OVER = 0.8;

/**
 * What the photo shows around the ceiling: `wall`, wall paint; `barrier`, cells long straight edges run through;
 * `window`, the view through a window and its frame; `floorLine`, per column the first row of the floor.
 */
export type AroundCeiling = {
  wall: (cell: number) => boolean;
  barrier: (cell: number) => boolean;
  window: (cell: number) => boolean;
  floorLine: Int32Array;
};

/**
 * The patches of wall paint that hang from the ceiling: a beam, a bulkhead, a tray's soffit, the lower ceiling
 * between beams. Each is closed off by long straight edges, lies wholly in the upper part of the frame where the
 * ceiling is found, meets the ceiling above it and, under most of its width, shows what lies behind it: a window,
 * more ceiling, or a wall further back that stands on the floor. A wall itself reaches down to the floor, past the
 * windows in it, or to what stands against it: the wall above kitchen cabinets ends on the cabinets, the back of a
 * shelf niche on a shelf. The growth in findCeiling stops at their edges; without this they take the walls' paint,
 * and a dark paint across a white ceiling reads as a smudge. Found in turn, so a lower ceiling hanging from a beam is
 * found too. Marks them in `ceiling`.
 */
export function takeInHangingSurfaces(
  ceiling: Uint8Array,
  width: number,
  height: number,
  { wall, barrier, window, floorLine }: AroundCeiling,
): void {
  const lowest = Math.floor(height * CEILING_LOWEST);
  const { areas, areaOf } = components(
    Uint8Array.from(ceiling, (marked, cell) => (!marked && wall(cell) && !barrier(cell) ? 1 : 0)),
    width,
    height,
  );
  /** The first cell past straight edges in paint from `cell`, stepping `dx` columns and `dy` rows; -1 past the frame. */
  const pastEdges = (cell: number, dx: number, dy: number) => {
    let x = cell % width;
    let y = Math.floor(cell / width);
    for (let k = 0; k <= EDGE_ROWS; k++) {
      x += dx;
      y += dy;
      if (x < 0 || y < 0 || x >= width || y >= height) return -1;
      const next = y * width + x;
      // A straight edge in the wall's paint or the ceiling's is an arris or a corner; a dark shelf is not looked past.
      if (!barrier(next) || !(wall(next) || ceiling[next])) return next;
    }
    return -1;
  };
  /** Per column of a patch, the cell above its top and the cell under its foot, past straight edges in paint. */
  const outline = (patch: readonly number[]) => {
    const { top, foot } = areaColumns(patch, width);
    return [...top].map(([x, y]) => ({
      above: pastEdges(y * width + x, 0, -1),
      under: pastEdges((foot.get(x) ?? y) * width + x, 0, 1),
    }));
  };
  const outlines = areas.map(outline);
  const standing = areas.map((area) => area.some((cell) => Math.floor(cell / width) >= floorLine[cell % width] - FOOT_ROWS));
  // A wall broken by a straight line still stands on the floor: the wall beside a window, above its head, or a wall
  // above a dado rail. A patch whose foot lies, past straight edges and under most of its width, on a window or on
  // a wall that stands, stands too; found in turn, so a wall broken twice stands.
  for (let grew = true; grew;) {
    grew = false;
    areas.forEach((_, index) => {
      if (standing[index]) return;
      const onFoot = outlines[index].filter(
        ({ under }) => under >= 0 && (window(under) || (areaOf[under] >= 0 && areaOf[under] !== index && standing[areaOf[under]])),
      );
      if (onFoot.length < STANDS_OVER * outlines[index].length) return;
      standing[index] = true;
      grew = true;
    });
  }
  // The patches in the ceiling's band may hang; one does while, under most of its width, a window, the ceiling, a
  // wall standing on the floor or another patch that may hang lies behind it. Dropped in turn until none is: the
  // back of a shelf niche above a shelf that stands on a cabinet goes with the shelf's.
  const hanging = new Set(areas.flatMap((patch, index) => (patch.every((cell) => cell < (lowest + 1) * width) ? [index] : [])));
  const behind = (cell: number, own: number) => {
    if (cell < 0) return false;
    const area = areaOf[cell];
    if (area === own) return false;
    return window(cell) || ceiling[cell] === 1 || (area >= 0 && (standing[area] || hanging.has(area)));
  };
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const index of hanging) {
      const columns = outlines[index];
      if (columns.filter(({ under }) => behind(under, index)).length >= HANGING_OVER * columns.length) continue;
      hanging.delete(index);
      dropped = true;
    }
  }
  // Of those, what meets the ceiling is ceiling; then what meets that, in turn (a lower ceiling hanging from a beam).
  for (let found = true; found;) {
    found = false;
    for (const index of hanging) {
      if (!outlines[index].some(({ above }) => above >= 0 && ceiling[above] === 1)) continue;
      for (const cell of areas[index]) ceiling[cell] = 1;
      hanging.delete(index);
      found = true;
    }
  }
  // The straight edges between ceiling and what now hangs from it (a beam's arris) are ceiling too.
  for (let cell = 0; cell < (lowest + 1) * width; cell++) {
    if (ceiling[cell] || !barrier(cell) || !wall(cell)) continue;
    const between = (dx: number, dy: number) => {
      const [one, other] = [pastEdges(cell, dx, dy), pastEdges(cell, -dx, -dy)];
      return one >= 0 && other >= 0 && ceiling[one] === 1 && ceiling[other] === 1;
    };
    if (between(0, 1) || between(1, 0)) ceiling[cell] = 1;
  }
}

/**
 * Paint is smooth; a suspended ceiling's tiles, a panelled or a boarded ceiling are not. Over a cell and its eight
 * neighbours, the share of guide pixels on an edge (views.ts) reaches this on 39 % of home_office_1's tiled ceiling,
 * and on 0–27 % of the cells of a hand-labelled wall: most beside windows and shelves, where frames and shelf edges
 * lie close together (82 % on dining_room_1's pillar, cased in trim). A single straight line (a crown moulding, a
 * window head) stays under it. So texture is only asked of wall paint that meets the ceiling inside its band.
 */
const TEXTURED = 0.2;

/**
 * The parts of a textured ceiling the growth in findCeiling did not reach: its joints stop the growth, and where
 * they lie close together (the far end of a tiled ceiling) the tiles between them took the walls' paint, a dark
 * patchwork across the ceiling in the dark styles. Textured areas of wall paint in the ceiling's band that meet the
 * ceiling are ceiling, and so is wall paint the ceiling then closes all round (a vent). Marks them in `ceiling`.
 * `edges`: per cell, the share of its guide pixels on an edge; `wall`: wall paint.
 */
export function takeInTexturedCeiling(
  ceiling: Uint8Array,
  width: number,
  height: number,
  edges: Float32Array,
  wall: (cell: number) => boolean,
): void {
  const lowest = Math.floor(height * CEILING_LOWEST);
  const texture = boxMean(edges, width, height, 1);
  // The mean over a cell's neighbours falls off along the found ceiling's edge: meeting it across one cell counts.
  const nearCeiling = dilate(ceiling, width, height, 2);
  const textured = Uint8Array.from(ceiling, (marked, cell) => (!marked && wall(cell) && texture[cell] >= TEXTURED ? 1 : 0));
  for (const area of components(textured, width, height).areas) {
    if (!area.every((cell) => cell < (lowest + 1) * width)) continue;
    if (!area.some((cell) => nearCeiling[cell] === 1)) continue;
    for (const cell of area) ceiling[cell] = 1;
  }
  // What the ceiling then closes all round (a vent, a light panel's frame) is ceiling too.
  const paint = Uint8Array.from(ceiling, (marked, cell) => (!marked && wall(cell) ? 1 : 0));
  for (const area of components(paint, width, height).areas) {
    const closed = area.every((cell) =>
      sideNeighbours(cell, width, height).every((next) => next >= 0 && (paint[next] === 1 || ceiling[next] === 1)),
    );
    if (closed) for (const cell of area) ceiling[cell] = 1;
  }
}

/** Straight edges shorter than this share of the width do not close the ceiling off. */
const CORNER_MIN_LENGTH = 0.05;
/**
 * A corner's edge fades out where ceiling and wall are lit alike (the back wall under a ceiling lamp). Two edges
 * this long (share of the width), neither steep, whose lines meet within this share of their lengths beyond their
 * ends, are carried on to where they meet: the corners of a room either side of the soft stretch close it. (Carried
 * on alone, a shelf or a window head would cut the top of a wall off as ceiling.)
 */
const CORNER_CARRY_MIN = 0.1;
const CORNER_CARRY = 0.6;
const STEEP = (60 * Math.PI) / 180;
/**
 * The segment finder loses an edge's last pixels at the frame's edge (no gradient is taken on the border), so a
 * corner that runs out of the picture ends a cell or two short of it, and the growth slips round its end along the
 * frame. An edge that ends this many cells or fewer from the frame's edge, heading out of it, is carried on to it.
 */
const FRAME_REACH = 3;

/**
 * The cells of a `width` × `height` grid that long straight edges run through, with soft stretches of corners closed
 * and corners that end just short of the frame's edge carried out of it (see above). `segments` are in the
 * coordinates of an image `scale` times the grid's size.
 */
export function cornerBarriers(segments: readonly Segment[], width: number, height: number, scale: number): Uint8Array {
  const cells = new Uint8Array(width * height);
  const draw = (x1: number, y1: number, x2: number, y2: number) => {
    const steps = Math.ceil((Math.hypot(x2 - x1, y2 - y1) / scale) * 2) + 1;
    for (let k = 0; k <= steps; k++) {
      const x = Math.floor((x1 + ((x2 - x1) * k) / steps) / scale);
      const y = Math.floor((y1 + ((y2 - y1) * k) / steps) / scale);
      if (x >= 0 && y >= 0 && x < width && y < height) cells[y * width + x] = 1;
    }
  };
  const long = segments.filter((s) => s.length >= CORNER_MIN_LENGTH * width * scale);
  for (const s of long) {
    draw(s.x1, s.y1, s.x2, s.y2);
    for (const [fromX, fromY, toX, toY] of [
      [s.x1, s.y1, s.x2, s.y2],
      [s.x2, s.y2, s.x1, s.y1],
    ]) {
      const exit = frameExit(fromX, fromY, toX, toY, width * scale, height * scale);
      if (exit.distance <= FRAME_REACH * scale) draw(toX, toY, exit.x, exit.y);
    }
  }
  const carried = long.filter(
    (s) => s.length >= CORNER_CARRY_MIN * width * scale && Math.atan2(Math.abs(s.y2 - s.y1), Math.abs(s.x2 - s.x1)) <= STEEP,
  );
  for (let i = 0; i < carried.length; i++) {
    for (let j = i + 1; j < carried.length; j++) {
      const [p, q] = [carried[i], carried[j]];
      const meeting = meetAlong(p, q);
      if (!meeting) continue;
      const [t, u] = meeting;
      // Where along each edge (0 and 1 are its ends) the lines meet: past an end, but not too far past.
      const reaches = (at: number) => at >= -CORNER_CARRY && at <= 1 + CORNER_CARRY;
      if (!reaches(t) || !reaches(u) || (t >= 0 && t <= 1 && u >= 0 && u <= 1)) continue;
      const x = p.x1 + (p.x2 - p.x1) * t;
      const y = p.y1 + (p.y2 - p.y1) * t;
      if (t < 0) draw(x, y, p.x1, p.y1);
      if (t > 1) draw(p.x2, p.y2, x, y);
      if (u < 0) draw(x, y, q.x1, q.y1);
      if (u > 1) draw(q.x2, q.y2, x, y);
    }
  }
  return cells;
}

/**
 * Where the line from (fromX, fromY) through (toX, toY), followed on past (toX, toY), leaves a `right` × `bottom`
 * frame, and how far past (toX, toY) that is.
 */
function frameExit(fromX: number, fromY: number, toX: number, toY: number, right: number, bottom: number) {
  const length = Math.hypot(toX - fromX, toY - fromY);
  const dx = (toX - fromX) / length;
  const dy = (toY - fromY) / length;
  const across = (position: number, step: number, limit: number) =>
    step > 0 ? (limit - position) / step : step < 0 ? -position / step : Infinity;
  const distance = Math.max(0, Math.min(across(toX, dx, right), across(toY, dy, bottom)));
  return { x: toX + dx * distance, y: toY + dy * distance, distance };
}

/** Where the lines through two segments cross, as fractions along each (null when they are parallel). */
function meetAlong(p: Segment, q: Segment): [number, number] | null {
  const dpx = p.x2 - p.x1;
  const dpy = p.y2 - p.y1;
  const dqx = q.x2 - q.x1;
  const dqy = q.y2 - q.y1;
  const cross = dpx * dqy - dpy * dqx;
  if (Math.abs(cross) < 1e-6 * Math.hypot(dpx, dpy) * Math.hypot(dqx, dqy)) return null;
  const ex = q.x1 - p.x1;
  const ey = q.y1 - p.y1;
  return [(ex * dqy - ey * dqx) / cross, (ex * dpy - ey * dpx) / cross];
}
