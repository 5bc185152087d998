// Guesses what each part of a room photo is (walls, floor, cabinetry or furniture, dark details, small accents, or
// the view through a window) from colour regions and where they sit, so each part can take its style colour.
import { SWATCH_ROLES, type SwatchRole } from '../../../shared/styles';
import { lightnessToY, normalisedLightness, yToLightness } from './exposure';
import type { SmallImage } from './downscale';
import type { Segmentation } from './segmentation';

/** A swatch role, or 'keep': sky and foliage seen through windows, which no designer repaints. */
export type RegionRole = SwatchRole | 'keep';
export const REGION_ROLES: readonly RegionRole[] = [...SWATCH_ROLES, 'keep'];
const ROLE = Object.fromEntries(REGION_ROLES.map((role, index) => [role, index])) as Record<RegionRole, number>;

/** Below this lightness (as if well exposed) a region is a dark detail (black cabinets, window frames, deep shadow). */
const DARK_BELOW = 28;
/** The bottom of the frame, where a floor shows in nearly every room photo. */
const FLOOR_BAND_FROM = 0.65;
/** A floor region covers a fair part of that band and lives mostly in it. */
const FLOOR_MIN_COVERAGE = 0.12;
const FLOOR_MIN_CONCENTRATION = 0.4;
/** Below the floor line, cells further than this (ΔE76) from every floor region's colour keep their own role. */
const FLOOR_MAX_DISTANCE = 30;
/** Cells of other regions this close to a floor colour are as likely floor as not. */
const FLOOR_NEAR_DISTANCE = 8;
/** Floor line scoring: credit per unit of colour step under the line (capped), cost per row of jump between columns. */
const FLOOR_EDGE_CREDIT = 0.6;
const FLOOR_POSITION_WEIGHT = 0.3;
const FLOOR_EDGE_CAP = 20;
const FLOOR_JUMP_COST = 0.4;
const FLOOR_MAX_JUMP = 6;
/** The floor never rises above this fraction of the height: with the camera at standing height it lies below the horizon. */
const FLOOR_HIGHEST = 0.4;
/** A region covering this much of the bottom band without living there is a colour floor and walls share. */
const SHARED_MIN_COVERAGE = 0.05;
/** Walls are light and close to neutral, whatever colour cast the light gives them. */
const WALL_MIN_LIGHTNESS = 45;
const WALL_MAX_CHROMA = 20;
/** Smaller regions than this become accents (if the look has one) rather than feature surfaces. */
const ACCENT_MAX_SHARE = 0.06;

export type RoleMap = {
  /** Index into REGION_ROLES per small-image cell. */
  cells: Uint8Array;
  width: number;
  height: number;
};

export function mapRoles(segmentation: Segmentation, image: SmallImage, exposure: number, hasAccent: boolean): RoleMap {
  const { width, height } = image;
  const regionRoles = roleAboveFloor(segmentation, exposure, hasAccent);
  const floorRegions = findFloorRegions(segmentation, width, exposure);
  const floorLine = findFloorLine(segmentation, image, floorRegions, regionRoles);

  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const label = segmentation.labels[i];
      const role = regionRoles[label];
      // Below the line is floor, except dark details, the view outside and things clearly unlike the floor.
      const isFloor =
        y >= floorLine[x] && role !== 'dark' && role !== 'keep' && floorDistance(segmentation, floorRegions.floor, image.lab, i * 3) < FLOOR_MAX_DISTANCE;
      cells[i] = ROLE[isFloor ? 'floor' : role];
    }
  }
  return { cells: despeckle(cells, width, height), width, height };
}

/** What each colour region is when it is not on the floor. */
function roleAboveFloor({ clusters }: Segmentation, exposure: number, hasAccent: boolean): RegionRole[] {
  const lightness = clusters.map((cluster) => normalisedLightness(cluster.lab[0], exposure));
  const light = clusters.map((cluster, k) => ({ cluster, k })).filter(({ k }) => lightness[k] >= WALL_MIN_LIGHTNESS);
  const mainWall = light.length > 0 ? light.reduce((best, item) => (item.cluster.share > best.cluster.share ? item : best)).k : -1;
  return clusters.map((cluster, k) => {
    const [, a, b] = cluster.lab;
    const l = lightness[k];
    const chroma = Math.hypot(a, b);
    if (l < DARK_BELOW) return 'dark';
    if (k !== mainWall && isOutdoorView(l, a, b)) return 'keep';
    if (k === mainWall || (l >= WALL_MIN_LIGHTNESS && chroma < WALL_MAX_CHROMA)) return 'walls';
    return hasAccent && cluster.share < ACCENT_MAX_SHARE ? 'accent' : 'feature';
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

type FloorRegions = {
  /** Regions that cover much of the bottom band and live mostly in it. */
  floor: number[];
  /** Regions that also show in the bottom band but live mostly elsewhere (a colour shared by floor and walls). */
  shared: number[];
};

function findFloorRegions({ clusters, labels }: Segmentation, width: number, exposure: number): FloorRegions {
  const darkBelow = yToLightness(lightnessToY(DARK_BELOW) * exposure);
  const height = labels.length / width;
  const bandStart = Math.floor(height * FLOOR_BAND_FROM) * width;
  const inBand = new Float64Array(clusters.length);
  const total = new Float64Array(clusters.length);
  for (let i = 0; i < labels.length; i++) {
    total[labels[i]]++;
    if (i >= bandStart) inBand[labels[i]]++;
  }
  const bandPixels = labels.length - bandStart;
  const floor: number[] = [];
  const shared: number[] = [];
  clusters.forEach((cluster, k) => {
    const coverage = inBand[k] / bandPixels;
    const concentration = total[k] > 0 ? inBand[k] / total[k] : 0;
    if (cluster.lab[0] < darkBelow) return;
    if (coverage >= FLOOR_MIN_COVERAGE && concentration >= FLOOR_MIN_CONCENTRATION) floor.push(k);
    else if (coverage >= SHARED_MIN_COVERAGE) shared.push(k);
  });
  return { floor, shared };
}

/** ΔE76 from a cell to the nearest floor region's colour; zero for a cell of a floor region. */
function floorDistance({ clusters, labels }: Segmentation, floorRegions: number[], lab: Float32Array, offset: number): number {
  if (floorRegions.includes(labels[offset / 3])) return 0;
  let nearest = Number.POSITIVE_INFINITY;
  for (const k of floorRegions) {
    const [l, a, b] = clusters[k].lab;
    nearest = Math.min(nearest, Math.hypot(lab[offset] - l, lab[offset + 1] - a, lab[offset + 2] - b));
  }
  return nearest;
}

/**
 * The floor line: the row where the floor begins in each column, found by dynamic programming over the columns
 * (a seam, as in seam carving). Each column pays for cells it calls floor that look unlike the floor's colours and
 * for cells it leaves above that look like them; the line earns credit for sitting on a colour step (skirting
 * board, the shading change where floor meets wall) and pays for jumping between neighbouring columns. So one
 * coherent line wins over a patchwork even where floor and walls are painted alike.
 */
function findFloorLine(segmentation: Segmentation, image: SmallImage, regions: FloorRegions, roles: readonly RegionRole[]): Int32Array {
  const { width, height, lab } = image;
  const line = new Int32Array(width).fill(height);
  if (regions.floor.length === 0) return line;
  const highest = Math.round(height * FLOOR_HIGHEST);
  const rows = height - highest + 1; // candidate lines: rows highest … height (height = no floor in this column)

  // floorCost[x][r]: cost of the cells from row highest+r down being floor and those above (from highest) not.
  const data = new Float64Array(width * rows);
  const costAsFloor = new Float64Array(height);
  const costAsOther = new Float64Array(height);
  for (let x = 0; x < width; x++) {
    for (let y = highest; y < height; y++) {
      const i = y * width + x;
      const p = floorLikelihood(segmentation, regions, roles, lab, i);
      // Lower in the frame is likelier floor.
      const depth = (y - highest) / (height - highest);
      costAsFloor[y] = -Math.log(p) + FLOOR_POSITION_WEIGHT * (1 - depth);
      costAsOther[y] = -Math.log(1 - p) + FLOOR_POSITION_WEIGHT * depth;
    }
    let below = 0;
    for (let y = highest; y < height; y++) below += costAsFloor[y];
    let above = 0;
    for (let r = 0; r < rows; r++) {
      const y = highest + r;
      data[x * rows + r] = above + below - FLOOR_EDGE_CREDIT * edgeStrength(lab, width, height, x, y);
      if (y < height) {
        above += costAsOther[y];
        below -= costAsFloor[y];
      }
    }
  }

  const total = new Float64Array(width * rows);
  const from = new Int32Array(width * rows);
  total.set(data.subarray(0, rows));
  for (let x = 1; x < width; x++) {
    for (let r = 0; r < rows; r++) {
      let best = Number.POSITIVE_INFINITY;
      let bestFrom = r;
      for (let previous = Math.max(0, r - FLOOR_MAX_JUMP); previous <= Math.min(rows - 1, r + FLOOR_MAX_JUMP); previous++) {
        const cost = total[(x - 1) * rows + previous] + FLOOR_JUMP_COST * Math.abs(previous - r);
        if (cost < best) {
          best = cost;
          bestFrom = previous;
        }
      }
      total[x * rows + r] = best + data[x * rows + r];
      from[x * rows + r] = bestFrom;
    }
  }
  let r = 0;
  for (let candidate = 1; candidate < rows; candidate++) {
    if (total[(width - 1) * rows + candidate] < total[(width - 1) * rows + r]) r = candidate;
  }
  for (let x = width - 1; x >= 0; x--) {
    line[x] = highest + r;
    r = from[x * rows + r];
  }
  return line;
}

/** How likely a cell is floor, from its colour region alone. */
function floorLikelihood(segmentation: Segmentation, regions: FloorRegions, roles: readonly RegionRole[], lab: Float32Array, i: number): number {
  const label = segmentation.labels[i];
  if (regions.floor.includes(label)) return 0.85;
  if (roles[label] === 'dark' || roles[label] === 'keep') return 0.4;
  if (regions.shared.includes(label)) return 0.5;
  return floorDistance(segmentation, regions.floor, lab, i * 3) < FLOOR_NEAR_DISTANCE ? 0.5 : 0.12;
}

/** Colour step (ΔE76, capped) between the two rows above and the two rows from `y` down: where a floor line sits. */
function edgeStrength(lab: Float32Array, width: number, height: number, x: number, y: number): number {
  if (y < 2 || y > height - 2) return 0;
  let step = 0;
  for (let c = 0; c < 3; c++) {
    const upper = (lab[((y - 2) * width + x) * 3 + c] + lab[((y - 1) * width + x) * 3 + c]) / 2;
    const lower = (lab[(y * width + x) * 3 + c] + lab[((y + 1) * width + x) * 3 + c]) / 2;
    step += (upper - lower) ** 2;
  }
  return Math.min(FLOOR_EDGE_CAP, Math.sqrt(step));
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
