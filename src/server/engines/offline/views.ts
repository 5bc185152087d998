// Finds the view through windows and glass doors, which no redesign repaints: trees, buildings, a street, the sky.
// Painted walls are smooth; a view is detail over an area (leaves, bricks, cars) or, where it is smooth, sky or
// blown-out glass far brighter than the walls. A line of detail (a shelf edge, a wall corner, a picture frame) is
// not a view: the detail is measured over an area and thin runs are opened away. Nor is what stands on the floor and
// is low or plain (a sun patch, a heater, a sunlit stretch of wall), or a thin band along the wall's foot (a heater's
// grille): windows are tall and show what lies outside. Nor is what reaches down to the wall's foot with no frame
// round it (a lamp's pool of light on a back wall, fading out over the paint). Nor are black shelves stacked in a
// niche: dark bars as a window's glazing bars are, but with no uprights joined to them. Nor is a window's jamb lit by
// the daylight beside it: a narrow upright strip, bright as the sky, but of the walls' paint and bounded by straight
// painted edges.
import { cellStep } from './colour';
import { guideLightness, type GuideImage, type SmallImage } from './downscale';
import { lightnessToY, yToLightness } from './exposure';
import {
  areaColumns,
  areaRows,
  boxMean,
  components,
  dilate,
  enclosedAreas,
  enclosedPatches,
  erode,
  sideNeighbours,
  widestRow,
} from './grid-filters';

/**
 * A guide pixel is an edge when its lightness steps to its right or lower neighbour by more than this share of its
 * L + 16 (3 L at L 60): the same detail photographed darker makes smaller steps, as (L + 16) scales with the
 * cube root of the light.
 */
const EDGE_STEP = 0.04;
/** Share of edge pixels around a cell (over about 8 guide pixels square) from which the cell shows a view. */
const VIEW_DETAIL = 0.4;
/** A dark cell needs more: black cabinet doors have their panel lines, a shaded street behind mullions has more. */
const DARK_VIEW_DETAIL = 0.6;
/**
 * Less detail makes a view where the cell is this much lighter than the walls, as a ratio of L + 16 (about 15 L
 * lighter at L 60, whatever the exposure): daylight through hazy glass.
 */
const BRIGHT_VIEW_DETAIL = 0.15;
const BRIGHT_RATIO = 1.2;
/** Smooth but a view: lighter still and bluer than the walls (sky), or close to white (blown-out glass). */
const SKY_RATIO = 1.26;
const SKY_BLUER = 6;
const GLARE_LIGHTNESS = 95;
/**
 * An area that stands on the floor (its foot within this many rows of the floor line over this share of its width)
 * and is low (on average under this share of the photo's height) or mostly smooth (this share found only by the
 * sky-or-glare rule) is not a view: it is a sun patch, a heater or a sunlit stretch of wall. A window standing on
 * the floor (a glass door, a glazed wall) is tall and shows detail: frames, mullions, what lies outside.
 */
const STANDS_ON_FLOOR_ROWS = 2;
const STANDS_ON_FLOOR_SHARE = 0.5;
/**
 * An area at most WALL_FOOT_BAND of the photo's height tall, whose foot lies within WALL_FOOT_HEIGHT of the floor line,
 * is a band of detail along the wall's foot: a baseboard heater's grille, which stands on the floor but whose dark
 * slots sit at its top. A window's lowest pane is taller than such a band.
 */
const WALL_FOOT_BAND = 0.05;
const WALL_FOOT_HEIGHT = 0.15;
const LOW_AREA_HEIGHT = 0.08;
/** A low area with one other view within this many rows above it over this share of its width is a window's lower pane. */
const TRANSOM_ROWS = 4;
const UNDER_VIEW_SHARE = 0.3;
const SMOOTH_AREA_SHARE = 0.5;
/**
 * Detail whose edges run this far one way (edgeLines: 1 for parallel lines) is painted architecture, not a view.
 * Leaves, gravel and a street mostly score under 0.7; a casing's or a pillar's mouldings 0.95 and more.
 */
const PAINTED_LINES = 0.9;
/**
 * An edge with a side darker than this (as if well exposed; the dark details of room-roles.ts) is a window's frame
 * or a mullion against the glass, which belongs to the window: it counts as pointing every way.
 */
const FRAME_DARK_BELOW = 28;
/**
 * Black shelves in a niche are dark detail, as a window's frames and glazing bars are, but they are bars with nothing
 * upright joined to them, stacked one over another: runs of dark cells under this many rows tall and at least this
 * many times as long as tall, at least this many rows apart. A window's bars meet its uprights in a grid; a blind's
 * rail runs alone, along the glass.
 */
const BAR_LENGTH = 4;
/** Two shelves overlap over at least this share of the shorter one's length. */
const SHELVES_OVERLAP = 0.5;
/** A cell within this chroma distance of the walls' paint (and within their lightness) is plain wall. */
const WALL_CHROMA_MATCH = 5;
/**
 * A window's jamb or reveal, lit by the daylight beside it, is as bright as the sky and as blue as the sky's light,
 * but it is the walls' paint: within this chroma distance of it (twice the plain wall's), with only parallel
 * straight edges around it and none with a dark side (no window frame), in a strip at most LIT_STRIP_WIDEST cells
 * wide and at least LIT_STRIP_TALL of the photo's height tall. Sky or glare through the glass has a frame around it,
 * or no edges at all, and what shows through it is wider than a jamb (decision 066).
 */
const LIT_PAINT_CHROMA = 10;
const LIT_STRIP_WIDEST = 4;
const LIT_STRIP_TALL = 0.12;
/**
 * A window's view ends at its frame, a straight edge all round: its outline lies on an edge (a cell with more than
 * RIM_EDGE of its guide pixels on one) along 0.62 to 1 of its length on the labelled photos, at 960 px. A lamp's pool
 * of light on a back wall, holding a door, a switchboard and a notice, is as light and as detailed as a view, but it
 * fades out over the paint: 0.24 to 0.41 on home_office_1's. An open doorway into a lit hall, which stays as
 * photographed, reaches 0.45 (kitchen_1 at 640 px). Under RIM_FRAMED and standing on the floor, it is no view.
 */
const RIM_EDGE = 0.12;
const RIM_FRAMED = 0.4;
/**
 * A view covering less than this share of the photo may be a thing set in a daylit wall, not a window (decision 098):
 * the same share as the small patches a view encloses (room-roles.ts, decision 043).
 */
const SMALL_VIEW_SHARE = 0.01;
/** Lit paint round such a thing is peeled off it up to this many cells in from its outline. */
const LIT_PAINT_DEPTH = 3;
/** A cell continues the wall beside it when their colours step by less than this (ΔE76, lightness weighed half). */
const PAINT_CONTINUES_STEP = 3;

/** The walls' paint as photographed: median chroma and the spread of lightness between lit and shaded parts. */
export type WallColour = { a: number; b: number; lightest: number; darkest: number; typical: number };

/** What findViews finds: the view, and the lit paint it peeled off small things set in a wall (peelLitPaint). */
export type FoundViews = { views: Uint8Array; litPaintRound: Uint8Array };

/**
 * Which cells show a view, among the cells above the floor (`floorLine`: per column, the first row of the floor),
 * given which are dark details, the walls' colour and each cell's share of edge pixels on the larger guide copy
 * (edgeShare).
 */
export function findViews(
  small: SmallImage,
  edges: Float32Array,
  lines: Float32Array,
  floorLine: Int32Array,
  dark: (cell: number) => boolean,
  walls: WallColour,
): FoundViews {
  const { width, height, lab } = small;
  const wallLevel = walls.typical + 16;
  const detail = boxMean(edges, width, height, 1);
  const view = new Uint8Array(width * height);
  const smoothOnly = new Uint8Array(width * height);
  const paintedLines = new Uint8Array(width * height);
  const lightView = new Uint8Array(width * height);
  const litPaint = new Uint8Array(width * height);
  const candidate = (i: number) => Math.floor(i / width) < floorLine[i % width];
  const chromaFromWalls = (i: number) => Math.hypot(lab[i * 3 + 1] - walls.a, lab[i * 3 + 2] - walls.b);
  for (let i = 0; i < view.length; i++) {
    if (!candidate(i)) continue;
    const l = lab[i * 3];
    const ratio = (l + 16) / wallLevel;
    const smoothView = ratio >= SKY_RATIO && (lab[i * 3 + 2] < walls.b - SKY_BLUER || l >= GLARE_LIGHTNESS);
    const brightView = ratio >= BRIGHT_RATIO && detail[i] >= BRIGHT_VIEW_DETAIL;
    const detailView = detail[i] >= (dark(i) ? DARK_VIEW_DETAIL : VIEW_DETAIL);
    view[i] = detailView || brightView || smoothView ? 1 : 0;
    smoothOnly[i] = smoothView && !detailView && !brightView ? 1 : 0;
    paintedLines[i] = detailView && !brightView && !smoothView && lines[i] >= PAINTED_LINES ? 1 : 0;
    lightView[i] = brightView || smoothView ? 1 : 0;
    litPaint[i] = lightView[i] && lines[i] >= PAINTED_LINES && chromaFromWalls(i) < LIT_PAINT_CHROMA ? 1 : 0;
  }
  // Opening: runs under three cells wide (an edge, a frame, a shelf) are not a view. Then the frames and edges
  // around what is left belong to the window, but not the plain wall around it (a chandelier is kept, the wall
  // behind it is painted).
  const opened = dilate(erode(view, width, height), width, height);
  const { areas, areaOf } = components(opened, width, height);
  const nearShelves = shelving(opened, dark, lightView, width, height);
  // Outside every area, and not a hole in one: what an area's outline borders.
  const outside = Uint8Array.from(opened, (marked) => 1 - marked);
  for (const cell of enclosedPatches(opened, width, height, () => false, 1)) outside[cell] = 0;
  const plainOnFloor = plainPartsOnFloor(opened, smoothOnly, outside, floorLine, width, height);
  areas.forEach((area, index) => {
    const { top, foot } = areaColumns(area, width);
    const low = area.length / foot.size < LOW_AREA_HEIGHT * height && !underAnotherView(top, index, areaOf, width);
    const smooth = area.filter((cell) => smoothOnly[cell]).length >= SMOOTH_AREA_SHARE * area.length;
    const unframed = () => onFrameAlong(area, outside, edges, width, height) < RIM_FRAMED;
    const standsLowOrPlain =
      ((low || smooth) && standsOnFloor(foot, floorLine, STANDS_ON_FLOOR_ROWS)) ||
      (standsOnFloor(foot, floorLine, WALL_FOOT_HEIGHT * height) && unframed());
    const rowsSpanned = Math.max(...foot.values()) - Math.min(...top.values()) + 1;
    const alongWallFoot = rowsSpanned <= WALL_FOOT_BAND * height && standsOnFloor(foot, floorLine, WALL_FOOT_HEIGHT * height);
    if (standsLowOrPlain || alongWallFoot) for (const cell of area) opened[cell] = 0;
    // Shelves are furniture on a painted wall: around them, only what shows daylight (a window beside) stays a view.
    // A stretch of wall lit cool by the daylight is no view, even where detail joins it to one (decision 083).
    else for (const cell of area) if ((nearShelves[cell] && !lightView[cell]) || plainOnFloor[cell]) opened[cell] = 0;
  });
  // Detail that is only parallel lines between painted surfaces (a casing's mouldings, a pillar's corners,
  // panelling) is painted with the wall. Taken out after the areas are judged, so that each area is judged whole, as
  // photographed: a heater's fins still make it one low thing standing on the floor with the sun patch beside it.
  // A jamb lit by the daylight goes the same way, and the window's frame does not take it back below.
  keepLitStrips(litPaint, width, height);
  widenLitStrips(litPaint, lightView, lab, width);
  for (let i = 0; i < opened.length; i++) if (paintedLines[i] || litPaint[i]) opened[i] = 0;
  const grown = dilate(opened, width, height);
  const plainWall = (i: number) => chromaFromWalls(i) < WALL_CHROMA_MATCH && lab[i * 3] >= walls.darkest && lab[i * 3] <= walls.lightest;
  for (let i = 0; i < grown.length; i++) if (grown[i] && !opened[i] && (!candidate(i) || plainWall(i) || litPaint[i])) grown[i] = 0;
  // A view for its light alone, or only grown round one, may be lit paint round a small thing set in the wall.
  const mayBeLitPaint = (i: number) => !opened[i] || (lightView[i] === 1 && detail[i] < VIEW_DETAIL);
  const litPaintRound = peelLitPaint(grown, small, mayBeLitPaint, (i) => candidate(i) && !dark(i));
  return { views: grown, litPaintRound };
}

/**
 * A small view (under SMALL_VIEW_SHARE of the photo) may be no window but a thing set in a daylit wall: a fireplace's
 * glass, a vent's slots. Its outline lends the lit paint round it detail, and that paint, lighter than the walls, is
 * taken for daylight through hazy glass, then grown round as the thing's frame. Kept as photographed, it was a white
 * halo round the thing on a dark new wall (kitchen_1's fireplace wall, decision 098). So, layer by layer, up to
 * LIT_PAINT_DEPTH cells in from the outline, a cell of a small view that `mayPeel` allows (a view for its light alone,
 * or only grown round one) and that continues a cell of the `room` beside it without a colour step is the room's
 * paint. A window's frame and what shows through it are detail, which is not peeled, so the peeling stops there.
 * Returns the cells peeled: the wall round the thing, which the ceiling does not take either (room-roles.ts).
 */
function peelLitPaint(
  views: Uint8Array,
  small: SmallImage,
  mayPeel: (cell: number) => boolean,
  room: (cell: number) => boolean,
): Uint8Array {
  const { width, height, lab } = small;
  const litPaint = new Uint8Array(width * height);
  const areaSize = new Int32Array(width * height);
  for (const area of components(views, width, height).areas) for (const cell of area) areaSize[cell] = area.length;
  const continuesRoom = (cell: number) =>
    sideNeighbours(cell, width, height).some(
      (next) => next >= 0 && !views[next] && room(next) && cellStep(lab, cell, next) < PAINT_CONTINUES_STEP,
    );
  for (let layer = 0; layer < LIT_PAINT_DEPTH; layer++) {
    const peeled: number[] = [];
    for (let cell = 0; cell < views.length; cell++) {
      if (!views[cell] || areaSize[cell] >= SMALL_VIEW_SHARE * width * height || !room(cell) || !mayPeel(cell)) continue;
      if (continuesRoom(cell)) peeled.push(cell);
    }
    for (const cell of peeled) {
      views[cell] = 0;
      litPaint[cell] = 1;
    }
  }
  return litPaint;
}

/**
 * The plain light parts of the views' areas (cells a view by the smooth rule alone, with no detail) that stand on the
 * floor and border what is no view (`outside`): a stretch of wall lit cool by the daylight, joined to a view by a
 * shelf's detail or a niche's corner. Sky or glare through a glass door is framed all round by the door's detail.
 * Each part lies inside one area; an area judged no view as a whole goes whole, with its parts.
 */
function plainPartsOnFloor(
  opened: Uint8Array,
  smoothOnly: Uint8Array,
  outside: Uint8Array,
  floorLine: Int32Array,
  width: number,
  height: number,
): Uint8Array {
  const plain = Uint8Array.from(opened, (marked, cell) => marked & smoothOnly[cell]);
  const onFloor = new Uint8Array(width * height);
  for (const part of components(plain, width, height).areas) {
    const bordersOutside = part.some((cell) => sideNeighbours(cell, width, height).some((next) => next >= 0 && outside[next] === 1));
    if (bordersOutside && standsOnFloor(areaColumns(part, width).foot, floorLine, WALL_FOOT_HEIGHT * height))
      for (const cell of part) onFloor[cell] = 1;
  }
  return onFloor;
}

/**
 * The share of an area's outline (its cells beside the rest of the picture, not beside a hole in it) that lies on an
 * edge: a cell with more than RIM_EDGE of its guide pixels on one. `outside`: the cells in no area nor a hole in one.
 * The frame's border is no outline: a view may run out of the picture.
 */
function onFrameAlong(area: readonly number[], outside: Uint8Array, edges: Float32Array, width: number, height: number): number {
  const outline = area.filter((cell) => sideNeighbours(cell, width, height).some((next) => next >= 0 && outside[next] === 1));
  return outline.length ? outline.filter((cell) => edges[cell] > RIM_EDGE).length / outline.length : 1;
}

/**
 * A light cell beside a strip, within LIT_STRIP_ALIKE (ΔE76) of the strip's cell next to it, is more of the jamb, up
 * to LIT_STRIP_WIDEN cells either side.
 */
const LIT_STRIP_ALIKE = 6;
const LIT_STRIP_WIDEN = 2;

/**
 * Carries each strip of lit paint sideways over light cells of its colour: the jamb's side next to the window's frame
 * has the frame's dark edge around it, so its lines were not told apart from a window's.
 */
function widenLitStrips(litPaint: Uint8Array, lightView: Uint8Array, lab: Float32Array, width: number): void {
  const alike = (p: number, q: number) =>
    Math.hypot(lab[p * 3] - lab[q * 3], lab[p * 3 + 1] - lab[q * 3 + 1], lab[p * 3 + 2] - lab[q * 3 + 2]) < LIT_STRIP_ALIKE;
  for (let step = 0; step < LIT_STRIP_WIDEN; step++) {
    const from = Array.from(litPaint.keys()).filter((i) => litPaint[i]);
    for (const i of from) {
      const x = i % width;
      for (const next of [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1])
        if (next >= 0 && lightView[next] && alike(i, next)) litPaint[next] = 1;
    }
  }
}

/** Clears from `litPaint` every area of it but the narrow upright strips (LIT_STRIP_WIDEST, LIT_STRIP_TALL). */
function keepLitStrips(litPaint: Uint8Array, width: number, height: number): void {
  for (const area of components(litPaint, width, height).areas) {
    const rows = areaRows(area, width);
    if (widestRow(rows) > LIT_STRIP_WIDEST || rows.left.size < LIT_STRIP_TALL * height) for (const cell of area) litPaint[cell] = 0;
  }
}

type Bar = { cells: number[]; left: number; right: number; top: number };

/**
 * The cells of a view that are shelves (see BAR_LENGTH) or lie within BAR_LENGTH of one, whose detail the shelves
 * made. A bar touching daylight (`lightView`: bright or sky cells) belongs to the window it runs along.
 */
function shelving(view: Uint8Array, dark: (cell: number) => boolean, lightView: Uint8Array, width: number, height: number): Uint8Array {
  const darkInView = Uint8Array.from(view, (marked, cell) => (marked && dark(cell) ? 1 : 0));
  const nearDaylight = dilate(lightView, width, height);
  const bars: Bar[] = [];
  for (const cells of components(darkInView, width, height).areas) {
    const columns = cells.map((cell) => cell % width);
    const rows = cells.map((cell) => Math.floor(cell / width));
    const [left, right, top] = [Math.min(...columns), Math.max(...columns), Math.min(...rows)];
    const tall = Math.max(...rows) - top + 1;
    if (tall < BAR_LENGTH && right - left + 1 >= BAR_LENGTH * tall && !cells.some((cell) => nearDaylight[cell])) {
      bars.push({ cells, left, right, top });
    }
  }
  const length = (bar: Bar) => bar.right - bar.left + 1;
  const overlap = (p: Bar, q: Bar) => Math.min(p.right, q.right) - Math.max(p.left, q.left) + 1;
  const stacked = (p: Bar, q: Bar) =>
    Math.abs(p.top - q.top) >= BAR_LENGTH && overlap(p, q) >= SHELVES_OVERLAP * Math.min(length(p), length(q));
  const shelves = new Uint8Array(width * height);
  for (const bar of bars) if (bars.some((other) => stacked(bar, other))) for (const cell of bar.cells) shelves[cell] = 1;
  return dilate(shelves, width, height, BAR_LENGTH);
}

/** Rows (share of a strip's height) with a view at both sides that make it a strip between views. */
const BETWEEN_SHARE = 0.7;
/** Cells looked across to either side for the view. */
const BETWEEN_REACH = 2;
/** The widest strip (share of the photo's width) and the largest (share of its cells). */
const BETWEEN_MAX_WIDTH = 0.08;
const BETWEEN_MAX_SHARE = 0.02;

/**
 * Narrow strips of `paint` (wall paint, not floor) with a view at their left and their right over most of their
 * height: a pane of frosted glass between two clear ones, a curtain's fold between two patterned ones, a mullion's
 * casing. They belong to the window they stand in. A wall between two windows is wider, or reaches on below them
 * to the floor as one with the wall under the sills.
 */
export function stripsBetweenViews(views: Uint8Array, width: number, height: number, paint: (cell: number) => boolean): number[] {
  const { areas } = components(
    Uint8Array.from({ length: views.length }, (_, i) => (paint(i) ? 1 : 0)),
    width,
    height,
  );
  const viewNear = (x: number, y: number, step: number) => {
    for (let k = 1; k <= BETWEEN_REACH; k++) {
      const nx = x + step * k;
      if (nx < 0 || nx >= width) return false;
      if (views[y * width + nx]) return true;
    }
    return false;
  };
  return areas
    .filter((area) => {
      if (area.length > BETWEEN_MAX_SHARE * views.length) return false;
      const rows = areaRows(area, width);
      let between = 0;
      for (const [y, from] of rows.left) if (viewNear(from, y, -1) && viewNear(rows.right.get(y) ?? from, y, 1)) between++;
      return widestRow(rows) <= BETWEEN_MAX_WIDTH * width && between >= BETWEEN_SHARE * rows.left.size;
    })
    .flat();
}

/**
 * A patch the view and the window's dark frames enclose, up to this share of the photo, is daylight through the
 * glass when this share of its cells is as light as the sky rule asks (SKY_RATIO). Smaller patches the view encloses
 * are taken in whatever their light (room-roles.ts, decision 043).
 */
const ENCLOSED_DAYLIGHT_MAX_SHARE = 0.1;
const DAYLIGHT_SHARE = 0.75;

/**
 * The patches of daylight the view encloses: sky or white cloud the sky rule missed. Under warm light a cloud is no
 * bluer than the warm walls, so only its lightness tells it from paint; a wall between two windows whose frames meet
 * round it is the walls' paint, lit from the side, no lighter than the walls (decision 079). `viewsOrFrames` is the
 * view with the window's dark frames: they close a patch as the view does, since the detail rules do not always take
 * them for the window's (taken darker, bedroom_1's left frame joined the clouds inside it to the top of the photo);
 * `outside` closes it too (the floor).
 */
export function enclosedDaylight(
  small: SmallImage,
  viewsOrFrames: Uint8Array,
  walls: WallColour,
  outside: (cell: number) => boolean,
): number[] {
  const { width, height, lab } = small;
  const daylight = (cell: number) => (lab[cell * 3] + 16) / (walls.typical + 16) >= SKY_RATIO;
  return enclosedAreas(viewsOrFrames, width, height, outside, ENCLOSED_DAYLIGHT_MAX_SHARE)
    .filter((area) => area.filter(daylight).length >= DAYLIGHT_SHARE * area.length)
    .flat();
}

/**
 * Whether one other view lies just above an area (`top`: its highest row per column) over part of its width: the
 * area is then the lower pane of a window split by a transom, not something low standing on the floor.
 */
function underAnotherView(top: Map<number, number>, index: number, areaOf: Int32Array, width: number): boolean {
  // Columns covered, per area above: a window's upper pane spans much of its lower pane, where a heater's few slots
  // or an outlet above a low area each cover a few of its columns.
  const covered = new Map<number, number>();
  for (const [x, y] of top) {
    for (let up = 1; up <= TRANSOM_ROWS && y - up >= 0; up++) {
      const other = areaOf[(y - up) * width + x];
      if (other >= 0 && other !== index) {
        covered.set(other, (covered.get(other) ?? 0) + 1);
        break;
      }
    }
  }
  return [...covered.values()].some((columns) => columns >= UNDER_VIEW_SHARE * top.size);
}

/** Whether an area's foot lies within `rows` of the floor line over most of its width. */
function standsOnFloor(foot: Map<number, number>, floorLine: Int32Array, rows: number): boolean {
  let onFloor = 0;
  for (const [x, y] of foot) if (floorLine[x] - y <= rows) onFloor++;
  return onFloor >= STANDS_ON_FLOOR_SHARE * foot.size;
}

/** Whether guide pixel (gx, gy) steps to its right or lower neighbour by more than EDGE_STEP. */
function isEdgePixel(lightness: Float32Array, guide: GuideImage, gx: number, gy: number): boolean {
  const p = gy * guide.width + gx;
  const right = gx + 1 < guide.width ? Math.abs(lightness[p + 1] - lightness[p]) : 0;
  const below = gy + 1 < guide.height ? Math.abs(lightness[p + guide.width] - lightness[p]) : 0;
  return Math.max(right, below) > EDGE_STEP * (lightness[p] + 16);
}

/** The small-image cell a guide pixel falls in. */
function cellOf(guide: GuideImage, width: number, height: number, gx: number, gy: number): number {
  const cy = Math.min(height - 1, Math.floor((gy * height) / guide.height));
  return cy * width + Math.min(width - 1, Math.floor((gx * width) / guide.width));
}

/** Per small-image cell, the share of its guide pixels that are edges (see EDGE_STEP). */
export function edgeShare(guide: GuideImage, width: number, height: number): Float32Array {
  const lightness = guideLightness(guide);
  const edges = new Float32Array(width * height);
  const pixels = new Float32Array(width * height);
  for (let gy = 0; gy < guide.height; gy++) {
    for (let gx = 0; gx < guide.width; gx++) {
      const cell = cellOf(guide, width, height, gx, gy);
      pixels[cell]++;
      if (isEdgePixel(lightness, guide, gx, gy)) edges[cell]++;
    }
  }
  for (let i = 0; i < edges.length; i++) edges[i] /= Math.max(1, pixels[i]);
  return edges;
}

/**
 * Per small-image cell, how far the edges around it (over the same three cells square as the detail in findViews)
 * run one way: 1 where they are parallel lines (a casing's mouldings, a shelf's edges, panelling), near 0 where
 * they point every way (leaves, gravel, a street). Each edge pixel counts once, whatever its contrast, by the
 * direction of its lightness gradient taken twice (so that a line's two sides, which step opposite ways, agree).
 * An edge with a dark side (FRAME_DARK_BELOW at `exposure`) counts as pointing every way: a window's frames and
 * mullions are straight too, but they stand for the window.
 */
export function edgeLines(guide: GuideImage, width: number, height: number, exposure: number): Float32Array {
  const lightness = guideLightness(guide);
  const frameDark = yToLightness(lightnessToY(FRAME_DARK_BELOW) * exposure);
  const cos = new Float32Array(width * height);
  const sin = new Float32Array(width * height);
  const count = new Float32Array(width * height);
  for (let gy = 1; gy < guide.height - 1; gy++) {
    for (let gx = 1; gx < guide.width - 1; gx++) {
      if (!isEdgePixel(lightness, guide, gx, gy)) continue;
      const p = gy * guide.width + gx;
      const [left, right, above, below] = [lightness[p - 1], lightness[p + 1], lightness[p - guide.width], lightness[p + guide.width]];
      const magnitude = (right - left) ** 2 + (below - above) ** 2;
      if (!magnitude) continue;
      const cell = cellOf(guide, width, height, gx, gy);
      count[cell]++;
      if (Math.min(left, right, above, below) < frameDark) continue;
      cos[cell] += ((right - left) ** 2 - (below - above) ** 2) / magnitude;
      sin[cell] += (2 * (right - left) * (below - above)) / magnitude;
    }
  }
  const [meanCos, meanSin, meanCount] = [cos, sin, count].map((values) => boxMean(values, width, height, 1));
  return Float32Array.from(meanCount, (n, i) => (n ? Math.hypot(meanCos[i], meanSin[i]) / n : 0));
}
