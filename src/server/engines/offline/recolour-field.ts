// Turns "this part of the room is the floor, make it teak" into a per-pixel recolour field, and spreads it over
// the photo along the photo's own colour edges. A part moves to its new colour together: its lightness by one
// linear map (so light and shade survive), its chroma by one shift in Lab (so the grain of a floor, the light's
// colour cast across a wall and every shadow keep their relation to the new colour). A wall taken darker has its
// shift scaled by the light around each cell, as light itself would scale it (decision 065).
import { labToLinearRgb } from './colour';
import type { GuideImage, SmallImage } from './downscale';
import { atExposure, lightnessToY } from './exposure';
import { runningBoxMean } from './grid-filters';
import { REGION_ROLES, type RegionRole, type RoleMap } from './room-roles';
import type { StyleLook } from './style-palettes';

/** Lightness moves fully up to the knee, then at the role's rate: floors and furniture may go dark, walls change
 * lightness less (a dark paint over a white wall would change the room's strongest edges; decision 033). */
const LIGHTNESS_KNEE = 6;
const LIGHTNESS_RATE: Readonly<Record<RegionRole, number>> = { walls: 0.6, floor: 0.85, feature: 0.85, dark: 0.7, accent: 0.7, keep: 0 };
/**
 * Slope of the lightness map. Light multiplies, so a white wall painted charcoal would have its shading squeezed to
 * a third (and a dark wall painted white stretched twice over): the room's edges and the light across it would
 * fade or glare. The slope stays within these limits, so the layout and the light read as in the photo.
 */
const SLOPE_LIMITS = [1, 1.2] as const;

/**
 * Which lightness of a part stands for its colour: for walls and ceiling the well-lit upper quarter (their shaded
 * corners are the same paint), for everything else the median.
 */
const REFERENCE_PERCENTILE: Readonly<Record<RegionRole, number>> = {
  walls: 0.75,
  floor: 0.5,
  feature: 0.5,
  dark: 0.5,
  accent: 0.5,
  keep: 0.5,
};

/**
 * The recolour of one part, seven floats: the slope and offset of its lightness map (L' = slope * L + offset), the
 * Lab shift of a and of b, and how much of the style's finish (grade.ts) the pixel takes. A pixel with the part's
 * reference colour becomes the target colour exactly; a darker or lighter pixel becomes a darker or lighter target.
 * The finish is 1 on restyled parts and 0 on parts left as photographed (the view through a window), so the style's
 * light falls on the new surfaces only. The sixth float is how much of the pixel is floor, for laying a floor
 * material (floor-materials.ts). The seventh is the shadow gain: a pixel darker than the reference goes no darker
 * than light itself would take it (see planRoleRecolour).
 */
export const FIELD_CHANNELS = 7;
/** The channel that says how much of the style's finish a pixel takes (0 on the view through a window). */
export const FINISH_CHANNEL = 4;
/** The channel that says how much of a pixel is floor. */
export const FLOOR_CHANNEL = 5;
/** The channel that holds the shadow gain: the lightness map is at least (L + 16) · gain − 16 (0: no such bound). */
export const SHADOW_GAIN_CHANNEL = 6;
/** The field left as photographed: no recolour, no finish, no floor material. */
export const UNCHANGED_FIELD: readonly number[] = [1, 0, 0, 0, 0, 0, 0];
// The smoothing, upsampling and render loops are unrolled for these seven channels.

export type RoleRecolour = {
  /** FIELD_CHANNELS floats per small-image cell: its part's recolour, or a blend where it is partly floor. */
  cellFields: Float32Array;
  /** Per role, the palette colour as this photo would show it (Lab), and the recoloured reference colour (linear
   * RGB) that is meant to become it; NaN for parts that are left alone. */
  targets: Float64Array;
  results: Float64Array;
  /** Per role, the colour that stands for the part as photographed (Lab: the reference lightness, the median a and
   * b); NaN for parts that are left alone. */
  references: Float64Array;
};

const FLOOR = REGION_ROLES.indexOf('floor');

/**
 * A floor's median chroma as photographed (Lab a and b) and the new floor's saturation (chroma over L + 16): what
 * recolourInLab needs to tell a floor's own pixels from a reflection on it (colour.ts, UNLIKE_FROM).
 */
export type FloorColours = { photographed: readonly [number, number]; newSaturation: number };

/** The floor's colour as photographed and the new floor's saturation, if the look restyles a floor that was found. */
export function floorColours({ targets, references }: RoleRecolour): FloorColours | null {
  const [targetL, targetA, targetB] = targets.subarray(FLOOR * 3, FLOOR * 3 + 3);
  const [, photographedA, photographedB] = references.subarray(FLOOR * 3, FLOOR * 3 + 3);
  if ([targetL, targetA, targetB, photographedA, photographedB].some(Number.isNaN)) return null;
  return { photographed: [photographedA, photographedB], newSaturation: Math.hypot(targetA, targetB) / (targetL + 16) };
}
const WALLS = REGION_ROLES.indexOf('walls');

/**
 * `aim` (Lab per role, optional) is added to where each part is steered, to cancel what the grade will do to it;
 * see render-plan.ts.
 */
export function planRoleRecolour(roles: RoleMap, image: SmallImage, look: StyleLook, exposure: number, aim?: Float64Array): RoleRecolour {
  const roleCount = REGION_ROLES.length;
  const cellCount = roles.cells.length;
  // Per part, the lightness and the chroma of its cells, sorted for percentiles; a cell counts for the floor when it
  // is mostly floor. The part's chroma is its cells' median a and b, not their mean: the shift is made for what most
  // of the part is, and a minority unlike it (the sky's reflection in glossy oak) pulled the mean, and so the whole
  // new surface, off the palette colour (decision 109).
  const partOf = Uint8Array.from(roles.cells, (role, i) => (roles.floor[i] >= 0.5 ? FLOOR : role));
  const counts = new Int32Array(roleCount);
  for (const role of partOf) counts[role]++;
  const lightness = REGION_ROLES.map((_, r) => new Float32Array(counts[r]));
  const filled = new Int32Array(roleCount);
  const chromaA = REGION_ROLES.map((_, r) => new Float32Array(counts[r]));
  const chromaB = REGION_ROLES.map((_, r) => new Float32Array(counts[r]));
  for (let i = 0; i < cellCount; i++) {
    const role = partOf[i];
    chromaA[role][filled[role]] = image.lab[i * 3 + 1];
    chromaB[role][filled[role]] = image.lab[i * 3 + 2];
    lightness[role][filled[role]++] = image.lab[i * 3];
  }
  for (const values of [...lightness, ...chromaA, ...chromaB]) values.sort();

  const fields = new Float32Array(roleCount * FIELD_CHANNELS);
  const targets = new Float64Array(roleCount * 3).fill(Number.NaN);
  const results = new Float64Array(roleCount * 3).fill(Number.NaN);
  const references = new Float64Array(roleCount * 3).fill(Number.NaN);
  const to = new Float64Array(3);
  // The walls' lightness that stands for their colour, and the lightness they are taken to (followWallLight).
  let wallReference = Number.NaN;
  let wallTaken = Number.NaN;
  REGION_ROLES.forEach((role, r) => {
    fields.set(UNCHANGED_FIELD, r * FIELD_CHANNELS);
    const wanted = role === 'keep' ? null : look.colours[role];
    const count = lightness[r].length;
    if (!wanted || count === 0) return;
    // Style colours are for a well-exposed room; in a dim photo the new materials are lit as dimly as the old ones.
    const target = atExposure(wanted, exposure);
    const reference = [
      lightness[r][Math.floor((count - 1) * REFERENCE_PERCENTILE[role])],
      chromaA[r][(count - 1) >> 1],
      chromaB[r][(count - 1) >> 1],
    ];
    targets.set(target, r * 3);
    references.set(reference, r * 3);
    const [aimL, aimA, aimB] = aim ? aim.subarray(r * 3, r * 3 + 3) : [0, 0, 0];
    const newLightness = Math.min(100, Math.max(0, reference[0] + softKnee(target[0] - reference[0], LIGHTNESS_RATE[role]) + aimL));
    // The slope light itself would give: (L + 16) scales with the cube root of a gain on luminance.
    const physical = Math.cbrt(lightnessToY(newLightness) / Math.max(1e-4, lightnessToY(reference[0])));
    const slope = Math.min(SLOPE_LIMITS[1], Math.max(SLOPE_LIMITS[0], physical));
    const shiftA = target[1] - reference[1] + aimA;
    const shiftB = target[2] - reference[2] + aimB;
    // A part taken darker shifts its lightness (slope 1), which would take its shadows below black: the shade under a
    // sofa on an oak floor painted walnut turns black and loses the walnut's colour, a blotch in the new floor. Below
    // the reference they follow light instead, (L + 16) scaled as a gain on luminance scales it (the line through
    // the reference colour and black), so a shadow stays that much darker than the lit boards, in the new colour.
    // Not on walls: their shading, trim and frames are the room's layout, kept in lightness steps (decision 057).
    const shadowGain = role !== 'walls' && newLightness < reference[0] ? (newLightness + 16) / (reference[0] + 16) : 0;
    if (role === 'walls') [wallReference, wallTaken] = [reference[0], newLightness];
    fields.set([slope, newLightness - slope * reference[0], shiftA, shiftB, 1, role === 'floor' ? 1 : 0, shadowGain], r * FIELD_CHANNELS);
    labToLinearRgb(newLightness, reference[1] + shiftA, reference[2] + shiftB, to);
    results.set(to, r * 3);
  });

  const cellFields = new Float32Array(cellCount * FIELD_CHANNELS);
  for (let i = 0; i < cellCount; i++) {
    const w = roles.floor[i];
    const own = roles.cells[i];
    for (let k = 0; k < FIELD_CHANNELS; k++) {
      cellFields[i * FIELD_CHANNELS + k] = (1 - w) * fields[own * FIELD_CHANNELS + k] + w * fields[FLOOR * FIELD_CHANNELS + k];
    }
  }
  followWallLight(cellFields, roles, image, wallReference, wallTaken);
  return { cellFields, targets, results, references };
}

/** The light across a wall is read over this share of the grid's long side (a room's light changes slowly). */
const WALL_LIGHT_REACH = 0.06;

/**
 * Walls taken darker shift their lightness (slope 1, so edges, grain and trim keep their steps), but the light
 * across a wall is a gain: a wall lit twice as brightly at one end stays twice as bright in any paint. Shifted
 * alike everywhere, the brighter end of a white wall painted charcoal glows and its dim end goes black. So the
 * shift of each wall cell follows the light around it (its wall's lightness over a few cells): the slow changes of
 * light are scaled as light scales them, and what changes from cell to cell is kept in steps.
 */
function followWallLight(cellFields: Float32Array, roles: RoleMap, image: SmallImage, reference: number, taken: number): void {
  if (!(taken < reference)) return;
  const { width, height, cells, floor } = roles;
  const onWall = new Float32Array(cells.length);
  const lightOnWall = new Float32Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== WALLS || floor[i] >= 0.5) continue;
    onWall[i] = 1;
    lightOnWall[i] = image.lab[i * 3];
  }
  const radius = Math.max(1, Math.round(WALL_LIGHT_REACH * Math.max(width, height)));
  const share = runningBoxMean(onWall, width, height, radius);
  const light = runningBoxMean(lightOnWall, width, height, radius);
  const shift = taken - reference;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== WALLS || share[i] === 0) continue;
    const around = light[i] / share[i];
    const gain = (around + 16) / (reference + 16);
    cellFields[i * FIELD_CHANNELS + 1] += (1 - floor[i]) * shift * (gain - 1);
  }
}

function softKnee(shift: number, rate: number): number {
  const size = Math.abs(shift);
  return Math.sign(shift) * (Math.min(size, LIGHTNESS_KNEE) + Math.max(0, size - LIGHTNESS_KNEE) * rate);
}

/** exp(-d² / 2σ²) tabulated by d² in steps of RANGE_TABLE_STEP, out to 4σ (beyond it the weight is 0). */
const RANGE_TABLE_STEP = 0.25;

function rangeTable(sigma: number): Float32Array {
  const table = new Float32Array(Math.ceil((4 * sigma) ** 2 / RANGE_TABLE_STEP) + 1);
  for (let i = 0; i < table.length; i++) table[i] = Math.exp(-(i * RANGE_TABLE_STEP) / (2 * sigma * sigma));
  return table;
}

function rangeWeight(table: Float32Array, distanceSquared: number): number {
  const index = (distanceSquared / RANGE_TABLE_STEP) | 0;
  return index < table.length ? table[index] : 0;
}

const SMOOTH_RADIUS = 3;
const SMOOTH_SPATIAL_SIGMA = 2;
const SMOOTH_RANGE = rangeTable(6);

/**
 * Edge-aware smoothing of the per-cell fields (a bilateral filter over the small image): cells blend with nearby
 * cells of similar colour. Where the floor line was guessed across a plain wall, the two parts' colours fade into
 * each other like a shading gradient instead of meeting in a hard seam; at a real edge (a skirting board, a
 * cabinet against a wall) the colours differ and the fields stay apart. `apart` (per cell, optional): cells that
 * blend only with each other, as the rest blend only with the rest: the kept ceiling, whose edge is read along the
 * room's corners (ceiling.ts), where a white ceiling over a white wall gives the colours no step to stop at
 * (decision 089).
 */
export function smoothCellFields(recolour: RoleRecolour, small: SmallImage, apart?: Uint8Array): Float32Array {
  const { cellFields } = recolour;
  const { width, height, lab } = small;
  const out = new Float32Array(width * height * FIELD_CHANNELS);
  const window = 2 * SMOOTH_RADIUS + 1;
  const spatial = new Float64Array(window * window);
  for (let dy = -SMOOTH_RADIUS; dy <= SMOOTH_RADIUS; dy++) {
    for (let dx = -SMOOTH_RADIUS; dx <= SMOOTH_RADIUS; dx++) {
      spatial[(dy + SMOOTH_RADIUS) * window + dx + SMOOTH_RADIUS] = Math.exp(-(dx * dx + dy * dy) / (2 * SMOOTH_SPATIAL_SIGMA ** 2));
    }
  }
  const range = SMOOTH_RANGE;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const centre = (y * width + x) * 3;
      const l = lab[centre];
      const a = lab[centre + 1];
      const b = lab[centre + 2];
      const side = apart ? apart[y * width + x] : 0;
      let total = 0;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let s4 = 0;
      let s5 = 0;
      let s6 = 0;
      for (let ny = Math.max(0, y - SMOOTH_RADIUS); ny <= Math.min(height - 1, y + SMOOTH_RADIUS); ny++) {
        for (let nx = Math.max(0, x - SMOOTH_RADIUS); nx <= Math.min(width - 1, x + SMOOTH_RADIUS); nx++) {
          const cell = ny * width + nx;
          if (apart && apart[cell] !== side) continue;
          const c = cell * 3;
          const colourSquared = (lab[c] - l) ** 2 + (lab[c + 1] - a) ** 2 + (lab[c + 2] - b) ** 2;
          const w = spatial[(ny - y + SMOOTH_RADIUS) * window + nx - x + SMOOTH_RADIUS] * rangeWeight(range, colourSquared);
          if (w === 0) continue;
          const f = cell * FIELD_CHANNELS;
          total += w;
          s0 += w * cellFields[f];
          s1 += w * cellFields[f + 1];
          s2 += w * cellFields[f + 2];
          s3 += w * cellFields[f + 3];
          s4 += w * cellFields[f + 4];
          s5 += w * cellFields[f + 5];
          s6 += w * cellFields[f + 6];
        }
      }
      const at = (y * width + x) * FIELD_CHANNELS;
      out[at] = s0 / total;
      out[at + 1] = s1 / total;
      out[at + 2] = s2 / total;
      out[at + 3] = s3 / total;
      out[at + 4] = s4 / total;
      out[at + 5] = s5 / total;
      out[at + 6] = s6 / total;
    }
  }
  return out;
}

/** Colour spread of the guided upsampling, in sRGB code values (about 8 ΔE in mid-tones). */
const UPSAMPLE_RANGE = rangeTable(14);

/**
 * Cells kept apart while the fields are spread: per cell (`cells`, 0 or 1), and how much of each guide pixel lies
 * on the side of the cells that are 1 (`onGuide`).
 */
export type ApartCells = { cells: Uint8Array; onGuide: Float32Array };

/**
 * Joint bilateral upsampling (Kopf et al. 2007) of the per-cell fields onto the larger guide image: each guide
 * pixel takes the fields of its four surrounding cells, weighted by distance and by how much each cell's colour
 * resembles its own, so the floor's colour stops at the skirting board instead of bleeding up the wall. With
 * `apart`, a pixel takes only the cells on its own side (the kept ceiling: its edge on the guide runs between the
 * cells, along the corner, not along their staircase; decision 089).
 */
export function upsampleFields(cellFields: Float32Array, small: SmallImage, guide: GuideImage, apart?: ApartCells): Float32Array {
  const out = new Float32Array(guide.width * guide.height * FIELD_CHANNELS);
  const scaleX = small.width / guide.width;
  const scaleY = small.height / guide.height;
  const sums = new Float64Array(FIELD_CHANNELS + 1);
  const otherSums = new Float64Array(FIELD_CHANNELS + 1);
  const spread = { cellFields, small, srgb: guide.srgb, g: 0, sx: 0, sy: 0 };
  for (let gy = 0; gy < guide.height; gy++) {
    spread.sy = Math.min(small.height - 1, Math.max(0, (gy + 0.5) * scaleY - 0.5));
    for (let gx = 0; gx < guide.width; gx++) {
      spread.sx = Math.min(small.width - 1, Math.max(0, (gx + 0.5) * scaleX - 0.5));
      const g = gy * guide.width + gx;
      spread.g = g;
      const share = apart ? apart.onGuide[g] : 0;
      if (!apart) spreadCells(spread, 1, null, 0, sums);
      else spreadSide(spread, apart.cells, share >= 0.5 ? 1 : 0, sums);
      for (let k = 0; k < FIELD_CHANNELS; k++) out[g * FIELD_CHANNELS + k] = sums[k] / sums[FIELD_CHANNELS];
      if (apart && share > 0 && share < 1) {
        // A pixel the edge runs through takes both sides' fields by how much of it lies on each.
        spreadSide(spread, apart.cells, share >= 0.5 ? 0 : 1, otherSums);
        const own = Math.max(share, 1 - share);
        for (let k = 0; k < FIELD_CHANNELS; k++) {
          out[g * FIELD_CHANNELS + k] = own * out[g * FIELD_CHANNELS + k] + (1 - own) * (otherSums[k] / otherSums[FIELD_CHANNELS]);
        }
      }
    }
  }
  return out;
}

/** One guide pixel `g` at (`sx`, `sy`) on the small image, and what its fields are spread from. */
type SpreadPoint = { cellFields: Float32Array; small: SmallImage; srgb: Uint8Array; g: number; sx: number; sy: number };

/**
 * Sums into `sums` the fields of the cells on `side` of `cells`: of the four round the point, or, where the edge runs
 * between the cells' staircase and all four are across it, of the sixteen round them; none (a stray pixel): all four.
 */
function spreadSide(point: SpreadPoint, cells: Uint8Array, side: number, sums: Float64Array): void {
  if (spreadCells(point, 1, cells, side, sums)) return;
  if (!spreadCells(point, 2, cells, side, sums)) spreadCells(point, 1, null, 0, sums);
}

/**
 * Sums into `sums` (FIELD_CHANNELS, then the total weight) the fields of the cells within `reach` of the point on
 * the small image whose value in `cells` is `side` (null: all cells), weighted by a tent of that reach (the four
 * surrounding cells, bilinearly, at a reach of 1) and by how much each cell's colour resembles the guide pixel's.
 * Whether any cell counted.
 */
function spreadCells(
  { cellFields, small, srgb, g, sx, sy }: SpreadPoint,
  reach: number,
  cells: Uint8Array | null,
  side: number,
  sums: Float64Array,
): boolean {
  sums.fill(0);
  const red = srgb[g * 3];
  const green = srgb[g * 3 + 1];
  const blue = srgb[g * 3 + 2];
  const colours = small.srgb;
  for (let cy = Math.max(0, Math.floor(sy) - reach + 1); cy <= Math.min(small.height - 1, Math.floor(sy) + reach); cy++) {
    const down = 1 - Math.abs(cy - sy) / reach;
    if (down <= 0) continue;
    for (let cx = Math.max(0, Math.floor(sx) - reach + 1); cx <= Math.min(small.width - 1, Math.floor(sx) + reach); cx++) {
      const across = 1 - Math.abs(cx - sx) / reach;
      if (across <= 0) continue;
      const cell = cy * small.width + cx;
      if (cells && cells[cell] !== side) continue;
      const c = cell * 3;
      const colourSquared = (colours[c] - red) ** 2 + (colours[c + 1] - green) ** 2 + (colours[c + 2] - blue) ** 2;
      // A floor keeps a little spatial weight, so a pixel unlike all its cells (a thin frame) still gets a blend.
      const w = across * down * (rangeWeight(UPSAMPLE_RANGE, colourSquared) + 1e-3);
      const f = cell * FIELD_CHANNELS;
      for (let k = 0; k < FIELD_CHANNELS; k++) sums[k] += w * cellFields[f + k];
      sums[FIELD_CHANNELS] += w;
    }
  }
  return sums[FIELD_CHANNELS] > 0;
}
