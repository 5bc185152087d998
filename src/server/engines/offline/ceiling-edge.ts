// Where the kept ceiling ends on the guide, to the pixel. The room reading keeps the ceiling by cells of the small
// copy (ceiling.ts), so where a corner runs at a slant its edge is a staircase of whole cells. The paint is spread
// on either side of this edge apart (recolour-field.ts): a white ceiling over a white wall gives the colours no step
// to stop the wall's paint at, and spread across the corner it rose into the ceiling as a dark cloud (decision 089).
// Drawn as the cells' staircase, the wall's top would be jagged; so the edge runs along the room's straight corner
// where one borders the cells' edge, and elsewhere between the cells, averaged over a few of them.
import type { GuideImage } from './downscale';
import { dilate, erode } from './grid-filters';
import { fitStraight, type LineFit } from './line-fit';
import type { Segment } from './line-segments';
import type { RoleMap } from './room-roles';

/** Lines either side a stretch of the ceiling's edge is fitted over, in cells. */
const FIT_HALF_WIDTH = 6;
/** A line whose edge is this many cells off the one fitted at crosses another edge, past a corner. */
const FIT_JUMP = 3;
/** A stretch is drawn straight only where the cells' edge strays from the fitted line by at most this (RMS, cells). */
const FIT_MAX_STRAY = 1;
/** How far (in cells) a line's own edge may lie from the fitted line and still be drawn along it. */
const MAX_STEP = 1;
/** Fewest lines' edges a straight line is fitted to. */
const FIT_MIN_COLUMNS = 5;
/** The shortest straight edge the ceiling's edge is drawn along, in cells. */
const MIN_CORNER_CELLS = 4;
/**
 * Edges within 15° of vertical are the walls' own corners, where the ceiling does not end. A ceiling's corner seen
 * down a long room runs steeper than the 60° once allowed: home_office_1's left wall meets its ceiling at 67°.
 */
const MAX_CORNER_SLANT = (75 * Math.PI) / 180;
/** How far either side of an edge the cells are looked at, and the band the edge is drawn in, in cells. */
const PROBE_CELLS = 1.5;
/** Share of the probes along an edge that must see ceiling on one side and none on the other. */
const MIN_AGREEMENT = 0.7;
/**
 * Past its ends, a corner is carried on along its line, a cell at a time, wherever the cells this far either side of
 * it (in cells) still see ceiling on its side and none on the other; it stops after this many cells that do not.
 */
const CARRY_PROBE_CELLS = 3.5;
const CARRY_MISSES = 6;

/** The thinnest stretch of kept ceiling that is spread apart from the walls, in cells: (2 × this + 1). */
const SOLID_RADIUS = 2;

/**
 * The body of the kept ceiling: its cells that a square of SOLID_RADIUS fits in, and the squares that fit. Thinner
 * stretches the reading keeps (a pendant's cord and the wall beside it, a strip between two beams) are as often a
 * wall misread as a ceiling; their paint is spread with the walls' as before, so a misreading shows as a soft fade
 * rather than a hard stripe of unpainted wall.
 */
export function solidCeiling({ ceiling, width, height }: Pick<RoleMap, 'ceiling' | 'width' | 'height'>): Uint8Array {
  return dilate(erode(ceiling, width, height, SOLID_RADIUS), width, height, SOLID_RADIUS);
}

/**
 * Per guide pixel, how much of it lies in the kept ceiling (RoleMap.ceiling): 0 or 1, and a share along an edge
 * drawn at a slant, so that it is drawn smooth rather than in steps of a pixel. `corners`: the guide's straight
 * edges.
 */
export function ceilingOnGuide(
  { ceiling, width, height }: Pick<RoleMap, 'ceiling' | 'width' | 'height'>,
  guide: GuideImage,
  corners: readonly Segment[],
): Float32Array {
  const cellSize = guide.width / width;
  const cellAt = (x: number, y: number) => {
    const column = Math.min(width - 1, Math.max(0, Math.floor((x * width) / guide.width)));
    const row = Math.min(height - 1, Math.max(0, Math.floor((y * height) / guide.height)));
    return ceiling[row * width + column];
  };
  const onGuide = new Float32Array(guide.width * guide.height);
  for (let y = 0; y < guide.height; y++) {
    for (let x = 0; x < guide.width; x++) onGuide[y * guide.width + x] = cellAt(x + 0.5, y + 0.5);
  }
  straightenEdges(onGuide, guide.width, guide.height, { ceiling, width, height });
  const drawn = corners.flatMap((corner) => {
    const side = ceilingSide(corner, cellAt, cellSize);
    return side === 0 ? [] : [{ corner, side }];
  });
  // Each corner carried on past its ends, but not where its band would reach another corner the ceiling's edge
  // follows, carried on or not (kitchen_1's niche top and the bars beside it, at slightly different slants). Where two
  // corners are both carried into the same stretch (two edges meeting at a slant: living_room_12mp's soffit and the
  // back wall's top, each carried past the corner where they meet, since the cells a band away agree with both), the
  // piece whose line leaves more of the cells' pixels on the wrong side is drawn first: the line that lies along the
  // cells there has the last word. Each corner's own edge is drawn after, so it stands wherever a carried line comes
  // near it.
  const band = CARRY_PROBE_CELLS * cellSize;
  const carried = drawn.flatMap(({ corner, side }) =>
    carriedOn(corner, side, cellAt, cellSize, guide)
      .filter((piece) => {
        const [x, y] = [(piece.x1 + piece.x2) / 2, (piece.y1 + piece.y2) / 2];
        return !drawn.some((other) => other.corner !== corner && distanceToSegment(x, y, other.corner) < 2 * band);
      })
      .map((piece) => ({ piece, side, astray: pixelsAstray(piece, side, band, cellAt, guide) })),
  );
  carried.sort((a, b) => b.astray - a.astray);
  for (const { piece, side } of carried) drawAlong(onGuide, guide.width, guide.height, piece, side, band);
  for (const { corner, side } of drawn) drawAlong(onGuide, guide.width, guide.height, corner, side, PROBE_CELLS * cellSize);
  return onGuide;
}

/**
 * The corner's line carried on past its ends, as the cell-long pieces along which the cells still see the ceiling
 * on its `side` and none on the other, up to CARRY_PROBE_CELLS away: a fold in the shading is often found along only
 * part of a corner, and beyond it the cells' edge strays round the line by a few cells (home_office_1's right wall,
 * whose top would otherwise be drawn in steps). A gap of fewer than CARRY_MISSES cells that do not agree (a fixture
 * on the ceiling) is crossed, and left as the cells have it.
 */
function carriedOn(
  corner: Segment,
  side: -1 | 1,
  cellAt: (x: number, y: number) => number,
  cellSize: number,
  guide: GuideImage,
): Segment[] {
  const dx = (corner.x2 - corner.x1) / corner.length;
  const dy = (corner.y2 - corner.y1) / corner.length;
  const probe = CARRY_PROBE_CELLS * cellSize;
  // The unit normal toward the ceiling's side.
  const nx = -dy * side;
  const ny = dx * side;
  const agrees = (x: number, y: number) => cellAt(x + nx * probe, y + ny * probe) === 1 && cellAt(x - nx * probe, y - ny * probe) === 0;
  const pieces: Segment[] = [];
  for (const [x0, y0, step] of [
    [corner.x2, corner.y2, 1],
    [corner.x1, corner.y1, -1],
  ]) {
    const sx = dx * step * cellSize;
    const sy = dy * step * cellSize;
    for (let k = 0, misses = 0; misses < CARRY_MISSES; k++) {
      const [ax, ay, bx, by] = [x0 + sx * k, y0 + sy * k, x0 + sx * (k + 1), y0 + sy * (k + 1)];
      if (bx < 0 || by < 0 || bx > guide.width || by > guide.height) break;
      if (!agrees((ax + bx) / 2, (ay + by) / 2)) {
        misses++;
        continue;
      }
      misses = 0;
      // Pieces keep the corner's direction, so drawAlong puts the ceiling on the same side.
      pieces.push(step > 0 ? { x1: ax, y1: ay, x2: bx, y2: by, length: cellSize } : { x1: bx, y1: by, x2: ax, y2: ay, length: cellSize });
    }
  }
  return pieces;
}

/**
 * Which side of `corner` the ceiling lies on, as the sign of the cross product of its direction with a step to
 * that side; 0 where the edge does not run along the ceiling's edge (too short, too steep, or the cells either
 * side of it do not differ).
 */
function ceilingSide(corner: Segment, cellAt: (x: number, y: number) => number, cellSize: number): -1 | 0 | 1 {
  const dx = corner.x2 - corner.x1;
  const dy = corner.y2 - corner.y1;
  if (corner.length < MIN_CORNER_CELLS * cellSize) return 0;
  if (Math.atan2(Math.abs(dx), Math.abs(dy)) < Math.PI / 2 - MAX_CORNER_SLANT) return 0;
  // The unit normal: (−dy, dx) / length; a point at +normal has a positive cross product.
  const nx = -dy / corner.length;
  const ny = dx / corner.length;
  const probe = PROBE_CELLS * cellSize;
  const steps = Math.max(2, Math.ceil(corner.length / cellSize));
  let positive = 0;
  let negative = 0;
  for (let k = 0; k <= steps; k++) {
    const x = corner.x1 + (dx * k) / steps;
    const y = corner.y1 + (dy * k) / steps;
    const plus = cellAt(x + nx * probe, y + ny * probe);
    const minus = cellAt(x - nx * probe, y - ny * probe);
    if (plus && !minus) positive++;
    if (minus && !plus) negative++;
  }
  if (positive >= MIN_AGREEMENT * (steps + 1)) return 1;
  if (negative >= MIN_AGREEMENT * (steps + 1)) return -1;
  return 0;
}

/** How far the point (x, y) lies from the segment. */
function distanceToSegment(x: number, y: number, { x1, y1, x2, y2, length }: Segment): number {
  const along = Math.min(length, Math.max(0, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / length));
  return Math.hypot(x - (x1 + ((x2 - x1) * along) / length), y - (y1 + ((y2 - y1) * along) / length));
}

/** Calls `visit` with each guide pixel within `band` of `corner` (not past its ends), and how far across it lies. */
function forBand(
  corner: Segment,
  band: number,
  width: number,
  height: number,
  visit: (x: number, y: number, across: number) => void,
): void {
  const dx = (corner.x2 - corner.x1) / corner.length;
  const dy = (corner.y2 - corner.y1) / corner.length;
  const left = Math.max(0, Math.floor(Math.min(corner.x1, corner.x2) - band));
  const right = Math.min(width - 1, Math.ceil(Math.max(corner.x1, corner.x2) + band));
  const top = Math.max(0, Math.floor(Math.min(corner.y1, corner.y2) - band));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(corner.y1, corner.y2) + band));
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const px = x + 0.5 - corner.x1;
      const py = y + 0.5 - corner.y1;
      const along = px * dx + py * dy;
      if (along < 0 || along > corner.length) continue;
      const across = dx * py - dy * px;
      if (Math.abs(across) <= band) visit(x, y, across);
    }
  }
}

/** Within `band` guide pixels along `corner`, the ceiling is the pixels on its `side`, and the rest is not. */
function drawAlong(onGuide: Float32Array, width: number, height: number, corner: Segment, side: -1 | 1, band: number): void {
  forBand(corner, band, width, height, (x, y, across) => {
    onGuide[y * width + x] = Math.min(1, Math.max(0, 0.5 + across * side));
  });
}

/** How many guide pixels within `band` of the piece its line would put on the other side from the cells. */
function pixelsAstray(piece: Segment, side: -1 | 1, band: number, cellAt: (x: number, y: number) => number, guide: GuideImage): number {
  let astray = 0;
  forBand(piece, band, guide.width, guide.height, (x, y, across) => {
    if (across * side > 0 !== (cellAt(x + 0.5, y + 0.5) === 1)) astray++;
  });
  return astray;
}

/**
 * The kept ceiling seen from one side of the photo (the top, the left or the right), as a grid turned so that it is
 * seen from the top: `lines` columns of `depth` cells each (`cellAt`), `lineSize` and `depthSize` guide pixels a
 * cell, and the guide pixel a turned position stands for (`pixel`).
 */
type View = {
  lines: number;
  depth: number;
  lineSize: number;
  depthSize: number;
  cellAt: (line: number, depth: number) => number;
  pixel: (line: number, depth: number) => number;
};

/**
 * The ceiling's edges, seen from the top column by column, and from the left and the right row by row: where each
 * line first crosses the ceiling's edge. Where nearby lines cross it along one straight line at less than 45° to
 * their crossing (a corner at a slant), the edge on the guide is drawn along the line fitted to them by least
 * squares, between the cells; elsewhere (across a corner, a jagged edge) the cells' edge is kept.
 */
function straightenEdges(
  onGuide: Float32Array,
  guideWidth: number,
  guideHeight: number,
  { ceiling, width, height }: Pick<RoleMap, 'ceiling' | 'width' | 'height'>,
): void {
  const cellWidth = guideWidth / width;
  const cellHeight = guideHeight / height;
  /** Row by row, from the left or (mirrored) from the right. */
  const rows = (mirrored: boolean): View => ({
    lines: height,
    depth: width,
    lineSize: cellHeight,
    depthSize: cellWidth,
    cellAt: (row, column) => ceiling[row * width + (mirrored ? width - 1 - column : column)],
    pixel: (y, x) => y * guideWidth + (mirrored ? guideWidth - 1 - x : x),
  });
  const columns: View = {
    lines: width,
    depth: height,
    lineSize: cellWidth,
    depthSize: cellHeight,
    cellAt: (column, row) => ceiling[row * width + column],
    pixel: (x, y) => y * guideWidth + x,
  };
  const views = [columns, rows(false), rows(true)];
  for (const view of views) straightenSeenFrom(onGuide, view);
}

function straightenSeenFrom(onGuide: Float32Array, { lines, depth, lineSize, depthSize, cellAt, pixel }: View): void {
  // Per line, how deep (in cells) it first crosses the ceiling's edge, and whether the ceiling is before the edge.
  const edge = new Float64Array(lines).fill(Number.NaN);
  const ceilingFirst = new Uint8Array(lines);
  for (let line = 0; line < lines; line++) {
    const first = cellAt(line, 0);
    let cell = 1;
    while (cell < depth && cellAt(line, cell) === first) cell++;
    if (cell < depth) edge[line] = cell;
    ceilingFirst[line] = first;
  }
  const linePixels = Math.round(lines * lineSize);
  const depthPixels = Math.round(depth * depthSize);
  for (let line = 0; line < lines; line++) {
    const fit = fitAround(edge, ceilingFirst, line);
    if (!fit || Math.abs((fit.slope * depthSize) / lineSize) > 1) continue;
    for (let across = Math.floor(line * lineSize); across < Math.min(linePixels, Math.floor((line + 1) * lineSize)); across++) {
      // The fitted edge at the pixel's centre, in guide pixels; the pixels between it and the cells' edge change side.
      const fitted = fit.at((across + 0.5) / lineSize - 0.5) * depthSize;
      const cells = edge[line] * depthSize;
      // A staircase round the line is never more than a step off it; a line whose edge is, crosses something else.
      if (Math.abs(fitted - cells) > MAX_STEP * depthSize) continue;
      const from = Math.max(0, Math.floor(Math.min(fitted, cells)));
      const to = Math.min(depthPixels, Math.ceil(Math.max(fitted, cells)));
      for (let deep = from; deep < to; deep++) {
        const before = Math.min(1, Math.max(0, fitted - deep));
        onGuide[pixel(across, deep)] = ceilingFirst[line] ? before : 1 - before;
      }
    }
  }
}

/**
 * The straight line through the edges of the lines around `line` that cross the same edge (no further off than a
 * jump, the ceiling on the same side): depth at a line. Null where they do not lie along one; the cells' edge is a
 * staircase of whole rows round the line, so a line through it strays by half a row or so.
 */
function fitAround(edge: Float64Array, ceilingFirst: Uint8Array, line: number): LineFit | null {
  if (Number.isNaN(edge[line])) return null;
  const lines: number[] = [];
  for (let other = Math.max(0, line - FIT_HALF_WIDTH); other <= Math.min(edge.length - 1, line + FIT_HALF_WIDTH); other++) {
    if (ceilingFirst[other] === ceilingFirst[line] && Math.abs(edge[other] - edge[line]) <= FIT_JUMP) lines.push(other);
  }
  return fitStraight(
    lines,
    lines.map((other) => edge[other]),
    FIT_MIN_COLUMNS,
    FIT_MAX_STRAY,
  );
}
