// Turns "this part of the room is the floor, make it teak" into a per-pixel recolour field, and spreads it over
// the photo along the photo's own colour edges. Everything happens in linear light, so shading survives.
import { labToLinearRgb } from './colour';
import type { GuideImage, SmallImage } from './downscale';
import { atExposure } from './exposure';
import { REGION_ROLES, type RegionRole, type RoleMap } from './room-roles';
import type { StyleLook } from './style-palettes';

/** How far each part's chroma (a/b) moves to the target; the rest keeps a trace of the original material. */
const CHROMA_STRENGTH = 0.9;
/** Lightness moves fully up to the knee, then at the role's rate: floors may go dark, walls change lightness less. */
const LIGHTNESS_KNEE = 6;
const LIGHTNESS_RATE: Readonly<Record<RegionRole, number>> = { walls: 0.8, floor: 0.85, feature: 0.85, dark: 0.7, accent: 0.7, keep: 0 };
/**
 * How much of the new colour is "tint the pixel's luminance with the target" rather than "scale each channel":
 * scaling alone keeps every colour variation of the old material and exaggerates it (an orange oak grain turned
 * teak goes rust-red); tinting alone would flatten it. Dark details keep more of their own variation.
 */
const TINT_SHARE: Readonly<Record<RegionRole, number>> = { walls: 0.6, floor: 0.6, feature: 0.7, dark: 0.5, accent: 0.7, keep: 0 };
const GAIN_LIMITS = [0.2, 4] as const;
/**
 * Which lightness of a part stands for its colour: for walls and ceiling the well-lit upper quarter (their shaded
 * corners are the same paint), for everything else the median.
 */
const REFERENCE_PERCENTILE: Readonly<Record<RegionRole, number>> = { walls: 0.75, floor: 0.5, feature: 0.5, dark: 0.5, accent: 0.5, keep: 0.5 };

/** Linear-light luminance weights (Rec. 709). */
export const LUMINANCE = [0.2126, 0.7152, 0.0722] as const;

/**
 * The recolour of one part, six floats: per channel out = linear * scale + luminance * tint. A pixel with the
 * part's reference colour becomes the target colour exactly; a darker or lighter pixel of the same colour becomes
 * a darker or lighter target, so shading survives.
 */
export const FIELD_CHANNELS = 6;

export type RoleRecolour = {
  /** Role index (REGION_ROLES) per small-image cell. */
  keys: Uint8Array;
  /** FIELD_CHANNELS floats per role: scale r, g, b, then tint r, g, b. */
  fields: Float32Array;
  /** Full Lab shift per role toward its target, for the global transfer's statistics. */
  fullShifts: readonly (readonly [number, number, number])[];
};

export function planRoleRecolour(roles: RoleMap, image: SmallImage, look: StyleLook, exposure: number): RoleRecolour {
  const roleCount = REGION_ROLES.length;
  const lightness: number[][] = REGION_ROLES.map(() => []);
  const chromaSums = new Float64Array(roleCount * 2);
  for (let i = 0; i < roles.cells.length; i++) {
    const role = roles.cells[i];
    lightness[role].push(image.lab[i * 3]);
    chromaSums[role * 2] += image.lab[i * 3 + 1];
    chromaSums[role * 2 + 1] += image.lab[i * 3 + 2];
  }

  const fields = new Float32Array(roleCount * FIELD_CHANNELS);
  const from = new Float64Array(3);
  const to = new Float64Array(3);
  const fullShifts = REGION_ROLES.map((role, r): readonly [number, number, number] => {
    fields.set([1, 1, 1, 0, 0, 0], r * FIELD_CHANNELS);
    const wanted = role === 'keep' ? null : look.colours[role];
    const count = lightness[r].length;
    if (!wanted || count === 0) return [0, 0, 0];
    // Style colours are for a well-exposed room; in a dim photo the new materials are lit as dimly as the old ones.
    const target = atExposure(wanted, exposure);
    const sorted = lightness[r].sort((x, y) => x - y);
    const reference = [sorted[Math.floor((count - 1) * REFERENCE_PERCENTILE[role])], chromaSums[r * 2] / count, chromaSums[r * 2 + 1] / count];
    const full = [target[0] - reference[0], target[1] - reference[1], target[2] - reference[2]] as const;
    labToLinearRgb(reference[0], reference[1], reference[2], from);
    labToLinearRgb(
      reference[0] + softKnee(full[0], LIGHTNESS_RATE[role]),
      reference[1] + full[1] * CHROMA_STRENGTH,
      reference[2] + full[2] * CHROMA_STRENGTH,
      to,
    );
    const referenceY = Math.max(1e-4, LUMINANCE[0] * from[0] + LUMINANCE[1] * from[1] + LUMINANCE[2] * from[2]);
    const tint = TINT_SHARE[role];
    for (let c = 0; c < 3; c++) {
      const gain = Math.min(GAIN_LIMITS[1], Math.max(GAIN_LIMITS[0], Math.max(1e-4, to[c]) / Math.max(1e-4, from[c])));
      fields[r * FIELD_CHANNELS + c] = (1 - tint) * gain;
      fields[r * FIELD_CHANNELS + 3 + c] = (tint * Math.max(0, to[c])) / referenceY;
    }
    return full;
  });
  return { keys: roles.cells, fields, fullShifts };
}

function softKnee(shift: number, rate: number): number {
  const size = Math.abs(shift);
  return Math.sign(shift) * (Math.min(size, LIGHTNESS_KNEE) + Math.max(0, size - LIGHTNESS_KNEE) * rate);
}

/** Applies a recolour field to one linear colour (the render pass does the same, inline). */
export function recolourLinear(field: ArrayLike<number>, offset: number, r: number, g: number, b: number, out: Float64Array): void {
  const y = LUMINANCE[0] * r + LUMINANCE[1] * g + LUMINANCE[2] * b;
  out[0] = r * field[offset] + y * field[offset + 3];
  out[1] = g * field[offset + 1] + y * field[offset + 4];
  out[2] = b * field[offset + 2] + y * field[offset + 5];
}

/** exp(-d² / 2σ²) tabulated by d² in steps of RANGE_TABLE_STEP, out to 4σ (beyond it the weight is 0). */
const RANGE_TABLE_STEP = 0.25;

function rangeTable(sigma: number): Float32Array {
  const limit = (4 * sigma) ** 2;
  return Float32Array.from({ length: Math.ceil(limit / RANGE_TABLE_STEP) + 1 }, (_, i) => Math.exp(-(i * RANGE_TABLE_STEP) / (2 * sigma * sigma)));
}

function rangeWeight(table: Float32Array, distanceSquared: number): number {
  const index = (distanceSquared / RANGE_TABLE_STEP) | 0;
  return index < table.length ? table[index] : 0;
}

const SMOOTH_RADIUS = 3;
const SMOOTH_SPATIAL_SIGMA = 2;
const SMOOTH_RANGE_SIGMA = 6;

/**
 * Edge-aware smoothing of the per-cell fields (a bilateral filter over the small image): cells blend with nearby
 * cells of similar colour. Where the floor line was guessed across a plain wall, the two parts' colours fade into
 * each other like a shading gradient instead of meeting in a hard seam; at a real edge (a skirting board, a
 * cabinet against a wall) the colours differ and the fields stay apart.
 */
export function smoothCellFields(recolour: RoleRecolour, small: SmallImage): Float32Array {
  const { fields, keys } = recolour;
  const { width, height, lab } = small;
  const out = new Float32Array(width * height * FIELD_CHANNELS);
  const side = 2 * SMOOTH_RADIUS + 1;
  const spatial = new Float64Array(side * side);
  for (let dy = -SMOOTH_RADIUS; dy <= SMOOTH_RADIUS; dy++) {
    for (let dx = -SMOOTH_RADIUS; dx <= SMOOTH_RADIUS; dx++) {
      spatial[(dy + SMOOTH_RADIUS) * side + dx + SMOOTH_RADIUS] = Math.exp(-(dx * dx + dy * dy) / (2 * SMOOTH_SPATIAL_SIGMA ** 2));
    }
  }
  const range = rangeTable(SMOOTH_RANGE_SIGMA);
  const sum = new Float64Array(FIELD_CHANNELS);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const centre = (y * width + x) * 3;
      let total = 0;
      sum.fill(0);
      for (let ny = Math.max(0, y - SMOOTH_RADIUS); ny <= Math.min(height - 1, y + SMOOTH_RADIUS); ny++) {
        for (let nx = Math.max(0, x - SMOOTH_RADIUS); nx <= Math.min(width - 1, x + SMOOTH_RADIUS); nx++) {
          const cell = ny * width + nx;
          const c = cell * 3;
          const colourSquared = (lab[c] - lab[centre]) ** 2 + (lab[c + 1] - lab[centre + 1]) ** 2 + (lab[c + 2] - lab[centre + 2]) ** 2;
          const w = spatial[(ny - y + SMOOTH_RADIUS) * side + nx - x + SMOOTH_RADIUS] * rangeWeight(range, colourSquared);
          const field = keys[cell] * FIELD_CHANNELS;
          total += w;
          for (let k = 0; k < FIELD_CHANNELS; k++) sum[k] += w * fields[field + k];
        }
      }
      const at = (y * width + x) * FIELD_CHANNELS;
      for (let k = 0; k < FIELD_CHANNELS; k++) out[at + k] = sum[k] / total;
    }
  }
  return out;
}

/** Colour spread of the guided upsampling, in sRGB code values (about 8 ΔE in mid-tones). */
const RANGE_SIGMA = 14;

/**
 * Joint bilateral upsampling (Kopf et al. 2007) of the per-cell fields onto the larger guide image: each guide
 * pixel takes the fields of its four surrounding cells, weighted by distance and by how much each cell's colour
 * resembles its own, so the floor's colour stops at the skirting board instead of bleeding up the wall.
 */
export function upsampleFields(cellFields: Float32Array, small: SmallImage, guide: GuideImage): Float32Array {
  const out = new Float32Array(guide.width * guide.height * FIELD_CHANNELS);
  const range = rangeTable(RANGE_SIGMA);
  const scaleX = small.width / guide.width;
  const scaleY = small.height / guide.height;
  const cells = small.srgb;
  const sum = new Float64Array(FIELD_CHANNELS);
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
      sum.fill(0);
      for (let corner = 0; corner < 4; corner++) {
        const dx = corner & 1;
        const dy = corner >> 1;
        const cell = (dy ? y1 : y0) * small.width + (dx ? x1 : x0);
        const c = cell * 3;
        const spatial = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy);
        const colourSquared = (cells[c] - red) ** 2 + (cells[c + 1] - green) ** 2 + (cells[c + 2] - blue) ** 2;
        // A floor keeps a little spatial weight, so a pixel unlike all four cells (a thin frame) still gets a blend.
        const w = spatial * (rangeWeight(range, colourSquared) + 1e-3);
        total += w;
        for (let k = 0; k < FIELD_CHANNELS; k++) sum[k] += w * cellFields[cell * FIELD_CHANNELS + k];
      }
      const at = (gy * guide.width + gx) * FIELD_CHANNELS;
      for (let k = 0; k < FIELD_CHANNELS; k++) out[at + k] = sum[k] / total;
    }
  }
  return out;
}
