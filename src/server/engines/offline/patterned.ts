// Paint goes on plain surfaces. Curtains or a patterned fabric can be as light and as neutral as the walls, so the
// colour regions take them for wall; painted in a deep wall colour they were green curtains on a green wall
// (living_room_12mp). Texture tells them apart where colour does not. Measured as cellTexture's mean absolute
// Laplacian over a cell and its eight neighbours, living_room_12mp's curtains read 2.4–6.2 (tenth to ninetieth
// percentile; 1.8–5.1 in the darker copy), and three quarters of every hand-labelled wall under 0.9. The rest of a
// wall is busy only along a line across it (a frame, a shelf's edge, a pillar's trim, up to 5.3 on dining_room_1's
// cased pillar): its edges run one way (edgeLines), and it is a strip one or two cells wide, not an area.
import { boxMean, components, enclosedAreas, sideNeighbours } from './grid-filters';
import { median } from './order-statistics';

/** A cell (with its neighbours) this busy may be part of a pattern; plain paint is under it almost everywhere. */
const BUSY_FROM = 1.5;
/**
 * A pattern reaches on through cells at least this busy (most of a plain wall is under it), up to this many cells
 * past its area: only so far, as a noisy photo's paint can be as busy over a stretch.
 */
const EDGE_FROM = 1;
const EDGE_REACH = 2;
/**
 * An area is a pattern when half its cells, each by itself, are this busy: twice the busiest quarter of plain paint.
 * A pendant's bulbs against a plain wall make an area too, but only the cells round each bulb are busy (a median of
 * about 1.6 on kitchen_1's, against 2.7–3.5 on living_room_12mp's curtains, darker copy included).
 */
const PATTERN_TEXTURE = 2;
/**
 * Edges running one way this much (edgeLines' measure) are a line or panelling, not a pattern; panelling is paint.
 * A line with the pattern either side of it in its row, within this many cells, is a fold running down the curtain
 * (seen at 1920 px the damask between the folds is too soft to join the panels up without them).
 */
const ONE_WAY = 0.8;
const FOLD_WIDTH = 3;
/**
 * An area is a surface of its own, not a line across the wall or a detail on it (a picture, a vent), when this share
 * of the grid lies inside it with all eight neighbours.
 */
const MIN_CORE_SHARE = 0.002;
/**
 * Curtains hang: an area with typically fewer cells in a column than this share of the photo's height is a fixture
 * along the wall (a baseboard heater's fins, a skirting board, a window's frame), however far it runs in perspective;
 * it is painted with the wall it runs along, not kept in patches.
 */
const MIN_HEIGHT = 0.12;
/** Plain patches a pattern encloses (a fold of a curtain lit evenly) are part of it, up to this share of the grid. */
const HOLE_MAX_SHARE = 0.005;

export type PatternInput = {
  width: number;
  height: number;
  /** Per cell, cellTexture's measure. */
  texture: Float32Array;
  /** Per cell, edgeLines' measure: 1 where its edges run one way. */
  lines: Float32Array;
  /** The cells the walls' paint would go on. */
  paint: (cell: number) => boolean;
  /** Cells beside the view through a window, whose lines are its frame and bars, never a fold. */
  besideView: (cell: number) => boolean;
};

/** The cells of wall paint that are a patterned surface (curtains): busy across an area that hangs. */
export function patternedCells({ width, height, texture, lines, paint, besideView }: PatternInput): number[] {
  const busy = boxMean(texture, width, height, 1);
  const busyPaint = (cell: number) => paint(cell) && busy[cell] >= BUSY_FROM;
  const free = Uint8Array.from(busy, (_, cell) => (busyPaint(cell) && lines[cell] < ONE_WAY ? 1 : 0));
  // A fold of the curtain is a line too, but one running down it with the pattern on both sides.
  const freeBeside = (cell: number, step: 1 | -1) => {
    const x = cell % width;
    for (let k = 1; k <= FOLD_WIDTH; k++) {
      const nx = x + step * k;
      if (nx >= 0 && nx < width && free[cell + step * k]) return true;
    }
    return false;
  };
  const fold = (cell: number) => busyPaint(cell) && !besideView(cell) && freeBeside(cell, -1) && freeBeside(cell, 1);
  const candidate = Uint8Array.from(free, (set, cell) => (set || fold(cell) ? 1 : 0));
  const patterned = new Uint8Array(width * height);
  const { areas, areaOf } = components(candidate, width, height);
  const minCore = MIN_CORE_SHARE * width * height;
  for (const area of areas) {
    if (area.length < minCore || median(area.map((cell) => texture[cell])) < PATTERN_TEXTURE) continue;
    if (coreSize(area, areaOf, width, height) < minCore || typicalHeight(area, width) < MIN_HEIGHT * height) continue;
    for (const cell of area) patterned[cell] = 1;
  }
  // The pattern's edge: its busy cells fade into plain paint over a cell or two (a curtain's last fold, lit evenly).
  for (let ring = 0; ring < EDGE_REACH; ring++) {
    const edge = [...patterned.keys()].filter(
      (cell) =>
        !patterned[cell] &&
        paint(cell) &&
        busy[cell] >= EDGE_FROM &&
        lines[cell] < ONE_WAY &&
        sideNeighbours(cell, width, height).some((next) => next >= 0 && patterned[next] === 1),
    );
    for (const cell of edge) patterned[cell] = 1;
  }
  // Paint the pattern and what is not paint close all round (a fold beside the sofa's back) is the pattern's too.
  const holes = enclosedAreas(patterned, width, height, (cell) => !paint(cell), HOLE_MAX_SHARE);
  const bordersPattern = (area: number[]) =>
    area.some((cell) => sideNeighbours(cell, width, height).some((next) => next >= 0 && patterned[next] === 1));
  for (const cell of holes.filter(bordersPattern).flat()) patterned[cell] = 1;
  return [...patterned.keys()].filter((cell) => patterned[cell] === 1);
}

/**
 * How many of an area's cells have every neighbour on the grid in it too (`areaOf`: each cell's area, as components
 * gives it). A curtain cut by the frame's edge still has a core along it.
 */
function coreSize(area: readonly number[], areaOf: Int32Array, width: number, height: number): number {
  const own = areaOf[area[0]];
  let core = 0;
  for (const cell of area) {
    const [x, y] = [cell % width, Math.floor(cell / width)];
    let whole = true;
    for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1) && whole; ny++) {
      for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1) && whole; nx++) whole = areaOf[ny * width + nx] === own;
    }
    if (whole) core++;
  }
  return core;
}

/**
 * The median over an area's columns of how many of its cells lie in that column: not the span from its top to its
 * foot, which a ring round a window's frame or along a sill and a heater below it would make tall.
 */
function typicalHeight(area: readonly number[], width: number): number {
  const counts = new Map<number, number>();
  for (const cell of area) counts.set(cell % width, (counts.get(cell % width) ?? 0) + 1);
  return median([...counts.values()]);
}
