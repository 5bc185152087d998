// Turns "this part of the room is the floor, make it teak" into a per-pixel recolour field, and spreads it over
// the photo along the photo's own colour edges. Everything happens in linear light, so shading survives.
import { labToLinearRgb } from './colour';
import type { GuideImage, SmallImage } from './downscale';
import { atExposure } from './exposure';
import { REGION_ROLES, type RegionRole, type RoleMap } from './room-roles';
import type { StyleLook } from './style-palettes';

/** How far each part's mean chroma (a/b) moves to the target: all the way; TINT_SHARE decides how much of the old
 * material's colour variation survives around it. */
const CHROMA_STRENGTH = 1;
/** Lightness moves fully up to the knee, then at the role's rate: floors may go dark, walls change lightness less. */
const LIGHTNESS_KNEE = 6;
const LIGHTNESS_RATE: Readonly<Record<RegionRole, number>> = { walls: 0.6, floor: 0.85, feature: 0.85, dark: 0.7, accent: 0.7, keep: 0 };
/**
 * How much of the new colour is "tint the pixel's luminance with the target" rather than "scale each channel":
 * scaling alone keeps every colour variation of the old material and exaggerates it (an orange oak grain turned
 * teak goes rust-red); tinting alone would flatten it. Dark details keep more of their own variation.
 */
const TINT_SHARE: Readonly<Record<RegionRole, number>> = { walls: 0.75, floor: 0.65, feature: 0.7, dark: 0.5, accent: 0.7, keep: 0 };
const GAIN_LIMITS = [0.2, 4] as const;
/**
 * The tint follows luminance to this power rather than linearly: shaded parts of a recoloured surface come out a
 * little lighter than before, as under an interior photographer's fill light.
 */
export const TINT_LUMINANCE_POWER = 0.75;

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

/** Linear-light luminance weights (Rec. 709). */
export const LUMINANCE = [0.2126, 0.7152, 0.0722] as const;

/**
 * The recolour of one part, six floats: per channel out = linear * scale + Y^0.75 * tint, with Y the pixel's
 * luminance. A pixel with the part's reference colour becomes the target colour exactly; a darker or lighter pixel
 * of the same colour becomes a darker or lighter target, so shading survives.
 */
export const FIELD_CHANNELS = 6;
// The smoothing, upsampling and render loops are unrolled for these six channels.

export type RoleRecolour = {
  /** FIELD_CHANNELS floats per small-image cell: its part's recolour, or a blend where it is partly floor. */
  cellFields: Float32Array;
  /** Full Lab shift per cell toward its target, for the global transfer's statistics. */
  cellShifts: Float32Array;
  /** Per role, the palette colour as this photo would show it (Lab), and the recoloured reference colour (linear
   * RGB) that is meant to become it; NaN for parts that are left alone. */
  targets: Float64Array;
  results: Float64Array;
};

const FLOOR = REGION_ROLES.indexOf('floor');

/**
 * `aim` (Lab per role, optional) is added to where each part is steered, to cancel what the grade will do to it;
 * see render-plan.ts.
 */
export function planRoleRecolour(roles: RoleMap, image: SmallImage, look: StyleLook, exposure: number, aim?: Float64Array): RoleRecolour {
  const roleCount = REGION_ROLES.length;
  const cellCount = roles.cells.length;
  // Per part, the lightness of its cells (sorted, for percentiles) and their mean chroma; a cell counts for the
  // floor when it is mostly floor.
  const partOf = Uint8Array.from(roles.cells, (role, i) => (roles.floor[i] >= 0.5 ? FLOOR : role));
  const counts = new Int32Array(roleCount);
  for (const role of partOf) counts[role]++;
  const lightness = REGION_ROLES.map((_, r) => new Float32Array(counts[r]));
  const filled = new Int32Array(roleCount);
  const chromaSums = new Float64Array(roleCount * 2);
  for (let i = 0; i < cellCount; i++) {
    const role = partOf[i];
    lightness[role][filled[role]++] = image.lab[i * 3];
    chromaSums[role * 2] += image.lab[i * 3 + 1];
    chromaSums[role * 2 + 1] += image.lab[i * 3 + 2];
  }
  for (const values of lightness) values.sort();

  const fields = new Float32Array(roleCount * FIELD_CHANNELS);
  const shifts = new Float32Array(roleCount * 3);
  const targets = new Float64Array(roleCount * 3).fill(Number.NaN);
  const results = new Float64Array(roleCount * 3).fill(Number.NaN);
  const from = new Float64Array(3);
  const to = new Float64Array(3);
  REGION_ROLES.forEach((role, r) => {
    fields.set([1, 1, 1, 0, 0, 0], r * FIELD_CHANNELS);
    const wanted = role === 'keep' ? null : look.colours[role];
    const count = lightness[r].length;
    if (!wanted || count === 0) return;
    // Style colours are for a well-exposed room; in a dim photo the new materials are lit as dimly as the old ones.
    const target = atExposure(wanted, exposure);
    const reference = [
      lightness[r][Math.floor((count - 1) * REFERENCE_PERCENTILE[role])],
      chromaSums[r * 2] / count,
      chromaSums[r * 2 + 1] / count,
    ];
    const full = [target[0] - reference[0], target[1] - reference[1], target[2] - reference[2]];
    shifts.set(full, r * 3);
    targets.set(target, r * 3);
    const [aimL, aimA, aimB] = aim ? aim.subarray(r * 3, r * 3 + 3) : [0, 0, 0];
    labToLinearRgb(reference[0], reference[1], reference[2], from);
    labToLinearRgb(
      reference[0] + softKnee(full[0], LIGHTNESS_RATE[role]) + aimL,
      reference[1] + full[1] * CHROMA_STRENGTH + aimA,
      reference[2] + full[2] * CHROMA_STRENGTH + aimB,
      to,
    );
    results.set(to, r * 3);
    const referenceY = Math.max(1e-4, LUMINANCE[0] * from[0] + LUMINANCE[1] * from[1] + LUMINANCE[2] * from[2]);
    const tint = TINT_SHARE[role];
    for (let c = 0; c < 3; c++) {
      const gain = Math.min(GAIN_LIMITS[1], Math.max(GAIN_LIMITS[0], Math.max(1e-4, to[c]) / Math.max(1e-4, from[c])));
      fields[r * FIELD_CHANNELS + c] = (1 - tint) * gain;
      fields[r * FIELD_CHANNELS + 3 + c] = (tint * Math.max(0, to[c])) / referenceY ** TINT_LUMINANCE_POWER;
    }
  });

  const cellFields = new Float32Array(cellCount * FIELD_CHANNELS);
  const cellShifts = new Float32Array(cellCount * 3);
  for (let i = 0; i < cellCount; i++) {
    const w = roles.floor[i];
    const own = roles.cells[i];
    for (let k = 0; k < FIELD_CHANNELS; k++) {
      cellFields[i * FIELD_CHANNELS + k] = (1 - w) * fields[own * FIELD_CHANNELS + k] + w * fields[FLOOR * FIELD_CHANNELS + k];
    }
    for (let c = 0; c < 3; c++) cellShifts[i * 3 + c] = (1 - w) * shifts[own * 3 + c] + w * shifts[FLOOR * 3 + c];
  }
  return { cellFields, cellShifts, targets, results };
}

function softKnee(shift: number, rate: number): number {
  const size = Math.abs(shift);
  return Math.sign(shift) * (Math.min(size, LIGHTNESS_KNEE) + Math.max(0, size - LIGHTNESS_KNEE) * rate);
}

/** Applies a recolour field to one linear colour (the render pass does the same, inline). */
export function recolourLinear(field: ArrayLike<number>, offset: number, r: number, g: number, b: number, out: Float64Array): void {
  const y = (LUMINANCE[0] * r + LUMINANCE[1] * g + LUMINANCE[2] * b) ** TINT_LUMINANCE_POWER;
  out[0] = r * field[offset] + y * field[offset + 3];
  out[1] = g * field[offset + 1] + y * field[offset + 4];
  out[2] = b * field[offset + 2] + y * field[offset + 5];
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
 * cabinet against a wall) the colours differ and the fields stay apart.
 */
export function smoothCellFields(recolour: RoleRecolour, small: SmallImage): Float32Array {
  const { cellFields } = recolour;
  const { width, height, lab } = small;
  const out = new Float32Array(width * height * FIELD_CHANNELS);
  const side = 2 * SMOOTH_RADIUS + 1;
  const spatial = new Float64Array(side * side);
  for (let dy = -SMOOTH_RADIUS; dy <= SMOOTH_RADIUS; dy++) {
    for (let dx = -SMOOTH_RADIUS; dx <= SMOOTH_RADIUS; dx++) {
      spatial[(dy + SMOOTH_RADIUS) * side + dx + SMOOTH_RADIUS] = Math.exp(-(dx * dx + dy * dy) / (2 * SMOOTH_SPATIAL_SIGMA ** 2));
    }
  }
  const range = SMOOTH_RANGE;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const centre = (y * width + x) * 3;
      const l = lab[centre];
      const a = lab[centre + 1];
      const b = lab[centre + 2];
      let total = 0;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let s4 = 0;
      let s5 = 0;
      for (let ny = Math.max(0, y - SMOOTH_RADIUS); ny <= Math.min(height - 1, y + SMOOTH_RADIUS); ny++) {
        for (let nx = Math.max(0, x - SMOOTH_RADIUS); nx <= Math.min(width - 1, x + SMOOTH_RADIUS); nx++) {
          const cell = ny * width + nx;
          const c = cell * 3;
          const colourSquared = (lab[c] - l) ** 2 + (lab[c + 1] - a) ** 2 + (lab[c + 2] - b) ** 2;
          const w = spatial[(ny - y + SMOOTH_RADIUS) * side + nx - x + SMOOTH_RADIUS] * rangeWeight(range, colourSquared);
          if (w === 0) continue;
          const f = cell * FIELD_CHANNELS;
          total += w;
          s0 += w * cellFields[f];
          s1 += w * cellFields[f + 1];
          s2 += w * cellFields[f + 2];
          s3 += w * cellFields[f + 3];
          s4 += w * cellFields[f + 4];
          s5 += w * cellFields[f + 5];
        }
      }
      const at = (y * width + x) * FIELD_CHANNELS;
      out[at] = s0 / total;
      out[at + 1] = s1 / total;
      out[at + 2] = s2 / total;
      out[at + 3] = s3 / total;
      out[at + 4] = s4 / total;
      out[at + 5] = s5 / total;
    }
  }
  return out;
}

/** Colour spread of the guided upsampling, in sRGB code values (about 8 ΔE in mid-tones). */
const UPSAMPLE_RANGE = rangeTable(14);

/**
 * Joint bilateral upsampling (Kopf et al. 2007) of the per-cell fields onto the larger guide image: each guide
 * pixel takes the fields of its four surrounding cells, weighted by distance and by how much each cell's colour
 * resembles its own, so the floor's colour stops at the skirting board instead of bleeding up the wall.
 */
export function upsampleFields(cellFields: Float32Array, small: SmallImage, guide: GuideImage): Float32Array {
  const out = new Float32Array(guide.width * guide.height * FIELD_CHANNELS);
  const range = UPSAMPLE_RANGE;
  const scaleX = small.width / guide.width;
  const scaleY = small.height / guide.height;
  const cells = small.srgb;
  for (let gy = 0; gy < guide.height; gy++) {
    const sy = Math.min(small.height - 1, Math.max(0, (gy + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(small.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let gx = 0; gx < guide.width; gx++) {
      const sx = Math.min(small.width - 1, Math.max(0, (gx + 0.5) * scaleX - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(small.width - 1, x0 + 1);
      const fx = sx - x0;
      const g = (gy * guide.width + gx) * 3;
      const red = guide.srgb[g];
      const green = guide.srgb[g + 1];
      const blue = guide.srgb[g + 2];
      let total = 0;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let s4 = 0;
      let s5 = 0;
      for (let corner = 0; corner < 4; corner++) {
        const dx = corner & 1;
        const dy = corner >> 1;
        const cell = (dy ? y1 : y0) * small.width + (dx ? x1 : x0);
        const c = cell * 3;
        const spatial = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy);
        const colourSquared = (cells[c] - red) ** 2 + (cells[c + 1] - green) ** 2 + (cells[c + 2] - blue) ** 2;
        // A floor keeps a little spatial weight, so a pixel unlike all four cells (a thin frame) still gets a blend.
        const w = spatial * (rangeWeight(range, colourSquared) + 1e-3);
        const f = cell * FIELD_CHANNELS;
        total += w;
        s0 += w * cellFields[f];
        s1 += w * cellFields[f + 1];
        s2 += w * cellFields[f + 2];
        s3 += w * cellFields[f + 3];
        s4 += w * cellFields[f + 4];
        s5 += w * cellFields[f + 5];
      }
      const at = (gy * guide.width + gx) * FIELD_CHANNELS;
      out[at] = s0 / total;
      out[at + 1] = s1 / total;
      out[at + 2] = s2 / total;
      out[at + 3] = s3 / total;
      out[at + 4] = s4 / total;
      out[at + 5] = s5 / total;
    }
  }
  return out;
}
