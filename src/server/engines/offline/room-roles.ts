// Guesses what each part of a room photo is (walls, floor, cabinetry or furniture, dark details, small accents, or
// the view through a window) from colour regions and where they sit, so each part can take its style colour.
import { SWATCH_ROLES, type SwatchRole } from '#shared/styles';
import type { StyleLook } from './style-palettes';
import { cellStep } from './colour';
import { normalisedLightness } from './exposure';
import { findFloor } from './floor-line';
import type { GuideImage, SmallImage } from './downscale';
import type { Segmentation } from './segmentation';
import { cornerBarriers, findCeiling, searchCeiling, takeInHangingSurfaces, takeInTexturedCeiling } from './ceiling';
import { edgeLines, edgeShare, enclosedDaylight, findViews, stripsBetweenViews, type WallColour } from './views';
import { findCreases, type Segment } from './line-segments';
import { clearUprights } from './uprights';
import { reachFloorEdges, stopAtWallFeet } from './floor-edges';
import { fillFloorBays } from './floor-bays';
import { clearWallUnderInsets } from './faint-wall-foot';
import { cellTexture, reachTexturedFloor } from './floor-texture';
import { components, dilate, enclosedPatches, erode } from './grid-filters';
import { clearFloorIslands, takeInEnclosedWalls } from './floor-islands';
import { takeInFloorShade } from './floor-shade';
import { smoothstep } from './smoothstep';
import { patternedCells } from './patterned';

/** A swatch role, or 'keep': sky and foliage seen through windows, which no designer repaints. */
export type RegionRole = SwatchRole | 'keep';
export const REGION_ROLES: readonly RegionRole[] = [...SWATCH_ROLES, 'keep'];
const ROLE = Object.fromEntries(REGION_ROLES.map((role, index) => [role, index])) as Record<RegionRole, number>;

/** Below this lightness (as if well exposed) a region is a dark detail (black cabinets, window frames, deep shadow). */
const DARK_BELOW = 28;
/**
 * Below the floor line a cell is floor in proportion to how floor-like its colour is, from nothing at this
 * likelihood to fully at FLOOR_SURE: where floor and walls look alike, a misplaced line paints at most a faint
 * blend onto the wall, never a solid patch of floor colour.
 */
const FLOOR_UNSURE = 0.4;
const FLOOR_SURE = 0.8;
/** Below the conservative floor line (see lowerEnvelope; reach as a fraction of the width), cells become floor
 * whatever their colour over this many rows. */
const SAFE_LINE_REACH = 0.08;
const SAFE_DEPTH = 6;
/** Rows above the conservative line over which a floor-coloured cell's claim to be floor fades out. */
const COLOUR_REACH = 10;
/** Walls are light and close to neutral, whatever colour cast the light gives them. */
const WALL_MIN_LIGHTNESS = 45;
const WALL_MAX_CHROMA = 20;
/**
 * Near-neutral regions darker than walls but not dark are walls and ceiling in shade, not furniture; so are regions
 * darker than the main wall with its tint (a, b within SHADE_OF_WALL): under warm lamplight a tan wall's shaded
 * part is too colourful for the first rule, yet it is plainly the same paint in less light.
 */
const SHADE_MAX_CHROMA = 12;
const SHADE_OF_WALL = 4;
/**
 * Smaller regions than this are details, not feature surfaces: colourful ones (brass, a painted door) take the
 * accent colour if the look has one; dull ones (the warm shadow in a niche) keep their own colour.
 */
const ACCENT_MAX_SHARE = 0.06;
const ACCENT_MIN_CHROMA = 25;
/** A feature region must cover this share of the photo outside the floor to be painted as a feature surface. */
const FEATURE_MIN_SHARE = 0.03;
/** Lightness (as if well exposed) of glare and sunlight on a floor: near white whatever the floor's own colour. */
const GLARE_LIGHTNESS = 85;
/**
 * A small patch that a view encloses on every side but the floor's (or the wall's under the window, decision 068) is
 * part of the view (decision 043): a patch of dark mulch or a shaded lawn outside a glass door, too plain for the
 * detail rules, would otherwise take the walls' paint inside the window. The window's dark frame and bars close it
 * as the view does (decision 096): a glazed wall's frosted lower panes, as plain and light as the walls, are each
 * small, but the thin bars between them are opened out of the view, and together they were too large. One the kept
 * ceiling encloses is part of the ceiling (decision 058): a smoke detector, a vent, a patch of tiles the ceiling's
 * growth went round. Only small ones: a large patch enclosed by views is more likely a wall between windows whose
 * frames met around it, unless it is daylight (enclosedDaylight, decision 079).
 */
const ENCLOSED_MAX_SHARE = 0.01;
/** Cells this close to the view through a window are its frame and bars, whose texture is not a floor's. */
const VIEW_FRAME = 2;
/** The floor never reaches above this share of the height (as in floor-line.ts). */
const FLOOR_HIGHEST = 0.4;

export type RoleMap = {
  /** Index into REGION_ROLES per small-image cell: what the cell is if it is not floor. */
  cells: Uint8Array;
  /** How much of each cell is floor (0..1). */
  floor: Float32Array;
  /**
   * 1 where the cell is kept as the ceiling that ceiling.ts found (bounded by the room's straight corners), so its
   * edge with a painted wall is surer than any fit to the photo's colours (guided-filter.ts). Not the view through a
   * window, nor the small patches the ceiling encloses (a vent), which are kept too.
   */
  ceiling: Uint8Array;
  /** The walls' paint as photographed. */
  walls: WallColour;
  /**
   * Folds in the guide's shading (findCreases): corners between two surfaces lit alike, which the straight edges
   * miss. Empty where the ceiling's search did not need to look for them.
   */
  folds: readonly Segment[];
  width: number;
  height: number;
};

/** `guide`: the larger copy the view through windows is found on (views.ts); `segments`: its straight edges. */
export function mapRoles(
  segmentation: Segmentation,
  image: SmallImage,
  guide: GuideImage,
  segments: readonly Segment[],
  exposure: number,
  hasAccent: boolean,
): RoleMap {
  const { width, height } = image;
  const regionRoles = roleAboveFloor(segmentation, exposure, hasAccent);
  const neutral = (cell: number) => ['dark', 'keep'].includes(regionRoles[segmentation.labels[cell]]);
  const floor = findFloor(image, neutral);

  const cells = Uint8Array.from(segmentation.labels, (label) => ROLE[regionRoles[label]]);
  const aboveFloor = (cell: number) => Math.floor(cell / width) < floor.line[cell % width];
  const walls = wallColour(image, cells);
  const edges = edgeShare(guide, width, height);
  const lines = edgeLines(guide, width, height, exposure);
  const { views, litPaintRound } = findViews(image, edges, lines, floor.line, (i) => cells[i] === ROLE.dark, walls);
  // The straight edges were found on the guide, this many times the size of the small image.
  const edgeScale = guide.width / width;
  const corners = cornerBarriers(segments, width, height, edgeScale);
  // The lit paint round a thing set in the wall is wall: the ceiling stops at it, as at the view it was taken for
  // (decision 098).
  const mayBeCeiling = (i: number) => aboveFloor(i) && cells[i] !== ROLE.dark && !views[i] && !litPaintRound[i];
  const { ceiling, barriersMayAdd, wallTop } = searchCeiling(image, edges, mayBeCeiling, (i) => corners[i] === 1);
  // A corner between two surfaces lit alike shows no step of brightness, only a fold in the shading (findCreases):
  // there the growth runs down the wall and the ceiling above it is lost with the wall. Folds are barriers in a second
  // search only, whose ceiling is added to the first's: a ceiling's own shading folds too (a cove, a beam's soffit),
  // and as the only barriers they cut whole stretches of ceiling off (decision 054). Where the growth ran down no
  // wall, the second search could only find less, so the folds (about 60 ms of a render) are not looked for.
  const folds = barriersMayAdd ? findCreases(guide, segments) : [];
  if (barriersMayAdd) {
    const foldBarriers = cornerBarriers([...segments, ...folds], width, height, edgeScale);
    const withinFolds = findCeiling(image, edges, mayBeCeiling, (i) => foldBarriers[i] === 1);
    // A wall the first search found running up out of the frame stays wall: a fold across its top is its shading.
    for (let i = 0; i < ceiling.length; i++) ceiling[i] = (ceiling[i] | withinFolds[i]) & (1 - wallTop[i]);
  }
  const nearViews = dilate(views, width, height, VIEW_FRAME);
  takeInHangingSurfaces(ceiling, width, height, {
    wall: (i) => aboveFloor(i) && cells[i] === ROLE.walls && !views[i],
    barrier: (i) => corners[i] === 1,
    window: (i) => nearViews[i] === 1,
    floorLine: floor.line,
  });
  takeInTexturedCeiling(ceiling, width, height, edges, (i) => aboveFloor(i) && cells[i] === ROLE.walls && !views[i]);
  for (let i = 0; i < cells.length; i++) if (views[i] || ceiling[i]) cells[i] = ROLE.keep;
  const safeLine = lowerEnvelope(floor.line, Math.round(width * SAFE_LINE_REACH));
  const floorShare = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Dark details and the view outside stay themselves even on the floor.
      if (y < floor.line[x] || neutral(i)) continue;
      // Above the conservative line, trust the colour less the further up the cell is.
      const reach = smoothstep(1 - (safeLine[x] - y) / COLOUR_REACH);
      const byColour = smoothstep((floor.likelihood[i] - FLOOR_UNSURE) / (FLOOR_SURE - FLOOR_UNSURE)) * reach;
      const byPlace = smoothstep((y - safeLine[x]) / SAFE_DEPTH);
      floorShare[i] = Math.max(byColour, byPlace);
    }
  }
  growFloor(image, edges, floorShare, (i) => !neutral(i) && !views[i]);
  reachFloorEdges(floorShare, width, height, segments, edgeScale, (i) => !neutral(i) && !views[i]);
  const texture = cellTexture(guide, width, height);
  reachTexturedFloor(floorShare, {
    width,
    height,
    texture,
    sureFrom: safeLine,
    wall: (i) => cells[i] === ROLE.walls && aboveFloor(i),
    allowed: (i) => !neutral(i) && !nearViews[i] && !ceiling[i],
    barrier: (i) => corners[i] === 1,
    glare: (i) => normalisedLightness(image.lab[i * 3], exposure) >= GLARE_LIGHTNESS,
    highest: Math.round(height * FLOOR_HIGHEST),
  });
  const underWindows = new Uint8Array(width * height);
  const underWindow = {
    fromPaint: ([, a, b]: readonly number[]) => Math.hypot(a - walls.a, b - walls.b),
    texture,
    window: (i: number) => nearViews[i] === 1,
  };
  for (const cell of stopAtWallFeet(floorShare, width, height, image.lab, segments, edgeScale, underWindow)) underWindows[cell] = 1;
  clearWallUnderInsets(floorShare, width, height, segments, guide, edgeScale);
  bridgeWallUnderWindows(
    underWindows,
    width,
    (i) => cells[i] === ROLE.walls && floorShare[i] < 0.5 && !views[i],
    (i) => cells[i] !== ROLE.dark,
  );
  // The wall under a window is wall, whatever colour region it fell in or however bright a stripe of sun on it: under
  // warm light a tan wall is as colourful as furniture, and would take the furniture's colour beside the paint; a cord
  // or a sun stripe would keep the old paint (decision 080).
  for (let i = 0; i < cells.length; i++) {
    if (!underWindows[i] || cells[i] === ROLE.dark) continue;
    cells[i] = ROLE.walls;
    floorShare[i] = 0;
  }
  clearUprights(floorShare, floor.line, image, segments, edgeScale);
  clearFloorIslands(floorShare, width, height, underWindows);
  takeInEnclosedWalls(floorShare, width, height, (i) => cells[i] === ROLE.walls);
  const darkColour = (i: number) => regionRoles[segmentation.labels[i]] === 'dark';
  takeInFloorShade(floorShare, width, height, image.lab, darkColour, (i) => cells[i] === ROLE.keep);
  fillFloorBays(image, texture, floorShare, (i) => !neutral(i) && !views[i] && !underWindows[i] && !ceiling[i]);
  const onFloor = (i: number) => floorShare[i] >= 0.5;
  const belowViews = (i: number) => onFloor(i) || underWindows[i] === 1;
  const viewsOrFrames = Uint8Array.from(views, (view, cell) => (view || cells[cell] === ROLE.dark ? 1 : 0));
  for (const cell of enclosedPatches(viewsOrFrames, width, height, belowViews, ENCLOSED_MAX_SHARE)) cells[cell] = ROLE.keep;
  for (const cell of enclosedDaylight(image, viewsOrFrames, walls, belowViews)) cells[cell] = ROLE.keep;
  for (const cell of enclosedPatches(ceiling, width, height, onFloor, ENCLOSED_MAX_SHARE)) cells[cell] = ROLE.keep;
  const wallPaint = (i: number) => cells[i] === ROLE.walls && floorShare[i] < 0.5;
  for (const cell of stripsBetweenViews(views, width, height, wallPaint)) cells[cell] = ROLE.keep;
  // Curtains as light as the walls are not painted with them (patterned.ts).
  const besideView = (i: number) => nearViews[i] === 1;
  for (const cell of patternedCells({ width, height, texture, lines, paint: wallPaint, besideView })) cells[cell] = ROLE.keep;
  demoteSmallFeatures(segmentation, cells, floorShare, hasAccent);
  const despeckled = despeckle(cells, width, height);
  const keptCeiling = Uint8Array.from(despeckled, (role, i) => (role === ROLE.keep && ceiling[i] ? 1 : 0));
  return { cells: despeckled, floor: floorShare, ceiling: keptCeiling, walls, folds, width, height };
}

/**
 * A blind's cord, or a stripe of sun on the wall, crosses the wall under a window without being floor (the view finder
 * takes it for the view), so it was not cleared with it: kept as photographed, it would be a stripe of the old paint
 * across the new. Gaps of up to this many cells in a row of that wall are the wall.
 */
const UNDER_WINDOW_GAP = 6;

/**
 * Marks in `underWindows` the short gaps (UNDER_WINDOW_GAP) along a row between a cell of it and another, or a cell of
 * plain wall (`paint`), where `wall` allows.
 */
function bridgeWallUnderWindows(
  underWindows: Uint8Array,
  width: number,
  paint: (cell: number) => boolean,
  wall: (cell: number) => boolean,
): void {
  for (let row = 0; row < underWindows.length; row += width) {
    let last = -1;
    for (let x = 0; x < width; x++) {
      const cell = row + x;
      if (!underWindows[cell] && !paint(cell)) continue;
      const gap = x - last - 1;
      if (last >= 0 && gap > 0 && gap <= UNDER_WINDOW_GAP && (underWindows[cell] || underWindows[row + last])) {
        const between = Array.from({ length: gap }, (_, k) => row + last + 1 + k);
        if (between.every(wall)) for (const inside of between) underWindows[inside] = 1;
      }
      last = x;
    }
  }
}

/** Largest colour step (lightness weighed half) between a floor cell and a neighbour that continues the floor. */
const GROW_STEP = 2.5;
/** A neighbour with more of its guide pixels on edges than this is a skirting board or a wall's foot, not floor. */
const GROW_MAX_EDGES = 0.3;
/** Growth past this share of the floor already found has leaked up a wall of the floor's colour: it is undone. */
const GROW_MAX_SHARE = 0.5;

/**
 * The floor line tends to stop short of the far edge of the floor, where the floor's colour drifts with distance and
 * light. The floor is grown up each column from where it is sure, through cells that continue it without a colour
 * step or an edge, up to the skirting board; never above the highest a floor can reach.
 */
export function growFloor(image: SmallImage, edges: Float32Array, floorShare: Float32Array, allowed: (cell: number) => boolean): void {
  const { width, height, lab } = image;
  const highest = Math.round(height * FLOOR_HIGHEST);
  const queue: number[] = [];
  for (let i = 0; i < floorShare.length; i++) if (floorShare[i] >= 0.5) queue.push(i);
  const sure = queue.length;
  const grown: number[] = [];
  const joined = Uint8Array.from(floorShare, (share) => (share >= 0.5 ? 1 : 0));
  // Straight up only: growing sideways as well let the floor walk round a fireplace and up the wall beside it.
  for (let k = 0; k < queue.length; k++) {
    const cell = queue[k];
    const next = cell - width;
    if (Math.floor(cell / width) <= highest || joined[next] || !allowed(next) || edges[next] > GROW_MAX_EDGES) continue;
    if (cellStep(lab, cell, next) > GROW_STEP) continue;
    joined[next] = 1;
    grown.push(next);
    queue.push(next);
  }
  if (grown.length > sure * GROW_MAX_SHARE) return;
  // A column that climbed alone (up a pillar or a corner of the floor's colour) is not floor: a grown cell needs
  // floor on both sides of it in its row (or the frame's edge).
  for (const cell of grown) {
    const x = cell % width;
    if ((x === 0 || joined[cell - 1]) && (x + 1 === width || joined[cell + 1])) floorShare[cell] = 1;
  }
}

/**
 * A colour region that is a feature (cabinetry, furniture) only where it is not floor, but covers little of the
 * photo there, is a detail in the floor's colour (a brass chandelier beside an oak floor): it takes the accent
 * colour if colourful enough, or keeps its own, instead of being painted like a kitchen island.
 */
function demoteSmallFeatures(segmentation: Segmentation, cells: Uint8Array, floorShare: Float32Array, hasAccent: boolean): void {
  const { labels, clusters } = segmentation;
  const counts = new Map<number, number>();
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === ROLE.feature && floorShare[i] < 0.5) counts.set(labels[i], (counts.get(labels[i]) ?? 0) + 1);
  }
  const small = new Set([...counts].filter(([, count]) => count < cells.length * FEATURE_MIN_SHARE).map(([label]) => label));
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== ROLE.feature || !small.has(labels[i])) continue;
    const [, a, b] = clusters[labels[i]].lab;
    cells[i] = hasAccent && Math.hypot(a, b) >= ACCENT_MIN_CHROMA ? ROLE.accent : ROLE.keep;
  }
}

/** The walls' paint as photographed, from the colour regions taken for walls (wherever the floor line runs). */
function wallColour(image: SmallImage, cells: Uint8Array): WallColour {
  const wall = Array.from(cells.keys()).filter((i) => cells[i] === ROLE.walls);
  if (!wall.length) return { a: 0, b: 0, lightest: 100, darkest: 100, typical: 100 };
  const at = (channel: number, q: number) => {
    // A typed array sorts numbers natively, without a comparator called for every pair.
    const values = new Float32Array(wall.length);
    for (let k = 0; k < wall.length; k++) values[k] = image.lab[wall[k] * 3 + channel];
    values.sort();
    return values[Math.floor((values.length - 1) * q)];
  };
  return { a: at(1, 0.5), b: at(2, 0.5), lightest: at(0, 0.9) + 5, darkest: at(0, 0.1) - 5, typical: at(0, 0.5) };
}

/** A part covering less of the photo than this is not there to repaint (a few stray cells of its colour). */
const PART_SHOWN_SHARE = 0.002;

/**
 * The parts the look has a colour for that changed nothing. `notFound`: this photo does not show enough of them to
 * repaint (no cabinets to paint white). `keptDark`: cabinets and furniture asked for in a light colour where the photo
 * shows none but does show a solid dark piece (darkPieceShown), which keeps its colour: a black cabinet asked for
 * white stays black, because on the photo's colours alone it is not told from a fireplace's glass, a black armchair
 * or a wall's foot in deep shade (decision 099). Cabinets asked for in a dark colour are found when the room has
 * dark pieces, which then take that colour.
 */
export function unpaintedParts(look: StyleLook, roles: RoleMap): { notFound: SwatchRole[]; keptDark: SwatchRole[] } {
  const shown = partsShown(roles);
  if (look.darkFollowsFeature && shown.has('dark')) shown.add('feature');
  const unpainted = SWATCH_ROLES.filter((role) => look.colours[role] !== null && !shown.has(role));
  const darkPiece = unpainted.includes('feature') && darkPieceShown(roles);
  const keptDark = (role: SwatchRole) => role === 'feature' && darkPiece;
  return { notFound: unpainted.filter((role) => !keptDark(role)), keptDark: unpainted.filter(keptDark) };
}

/** A dark piece as large as a cabinet covers at least this share of the photo, solid (darkPieceShown). */
const DARK_PIECE_SHARE = 0.005;

/**
 * Whether the photo shows a solid dark piece of some size: dark cells, off the floor, that stay after opening (an
 * erosion and a dilation of one cell), so a window's frames and bars and a thin shelf do not count.
 */
function darkPieceShown({ cells, floor, width, height }: RoleMap): boolean {
  const dark = Uint8Array.from(cells, (role, i) => (role === ROLE.dark && floor[i] < 0.5 ? 1 : 0));
  const opened = dilate(erode(dark, width, height), width, height).map((set, i) => set & dark[i]);
  return components(opened, width, height).areas.some((area) => area.length >= DARK_PIECE_SHARE * cells.length);
}

/** The parts of the room this photo shows enough of to repaint: floor, walls, cabinets and furniture, … */
function partsShown({ cells, floor }: RoleMap): Set<SwatchRole> {
  const counts = new Map<SwatchRole | 'keep', number>();
  for (let i = 0; i < cells.length; i++) {
    const role = floor[i] >= 0.5 ? 'floor' : REGION_ROLES[cells[i]];
    counts.set(role, (counts.get(role) ?? 0) + 1);
  }
  return new Set(SWATCH_ROLES.filter((role) => (counts.get(role) ?? 0) >= PART_SHOWN_SHARE * cells.length));
}

/**
 * The lowest floor line within `reach` columns either side: a conservative floor that no narrow spike of the
 * line reaches into. Whatever lies well inside it is floor whatever its colour (a grey carpet beside grey walls).
 */
function lowerEnvelope(line: Int32Array, reach: number): Int32Array {
  return line.map((_, x) => {
    let lowest = 0;
    for (let i = Math.max(0, x - reach); i <= Math.min(line.length - 1, x + reach); i++) lowest = Math.max(lowest, line[i]);
    return lowest;
  });
}

/** What each colour region is when it is not on the floor. */
export function roleAboveFloor({ clusters }: Segmentation, exposure: number, hasAccent: boolean): RegionRole[] {
  const lightness = clusters.map((cluster) => normalisedLightness(cluster.lab[0], exposure));
  const light = clusters.map((cluster, k) => ({ cluster, k })).filter(({ k }) => lightness[k] >= WALL_MIN_LIGHTNESS);
  const mainWall = light.length > 0 ? light.reduce((best, item) => (item.cluster.share > best.cluster.share ? item : best)).k : -1;
  const main = mainWall >= 0 ? clusters[mainWall].lab : null;
  return clusters.map((cluster, k) => {
    const [, a, b] = cluster.lab;
    const l = lightness[k];
    const chroma = Math.hypot(a, b);
    if (l < DARK_BELOW) return 'dark';
    if (k !== mainWall && isOutdoorView(l, a, b)) return 'keep';
    const wallInShade = main !== null && l < lightness[mainWall] && Math.hypot(a - main[1], b - main[2]) < SHADE_OF_WALL;
    if (k === mainWall || (l >= WALL_MIN_LIGHTNESS && chroma < WALL_MAX_CHROMA) || chroma < SHADE_MAX_CHROMA || wallInShade) return 'walls';
    if (cluster.share >= ACCENT_MAX_SHARE) return 'feature';
    return hasAccent && chroma >= ACCENT_MIN_CHROMA ? 'accent' : 'keep';
  });
}

/** Clearly blue, bright sky, or saturated green foliage, that is not the room's main surface. (Walls lit by a
 * window are bluish too, but less saturated.) */
function isOutdoorView(l: number, a: number, b: number): boolean {
  const chroma = Math.hypot(a, b);
  const sky = l > 80 && b < -20 && chroma > 20;
  const foliage = a < -8 && chroma > 12;
  return sky || foliage;
}

/** Lone cells (at most one neighbour shares their role) take their neighbourhood's most common role; dark details stay. */
function despeckle(cells: Uint8Array, width: number, height: number): Uint8Array {
  const out = cells.slice();
  const counts = new Int32Array(REGION_ROLES.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const role = cells[y * width + x];
      if (role === ROLE.dark) continue;
      counts.fill(0);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx || dy) && nx >= 0 && ny >= 0 && nx < width && ny < height) counts[cells[ny * width + nx]]++;
        }
      }
      if (counts[role] > 1) continue;
      let best = role;
      for (let r = 0; r < counts.length; r++) if (counts[r] > counts[best]) best = r;
      out[y * width + x] = best;
    }
  }
  return out;
}
