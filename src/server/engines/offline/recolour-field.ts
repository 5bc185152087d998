// Turns "this part of the room is the floor, make it teak" into per-pixel colour gains. A gain in linear light is a
// change of the material's reflectance under the same lighting, so every shadow, highlight and grain line survives.
import { labToLinearRgb } from './colour';
import { atExposure } from './exposure';
import { REGION_ROLES, type RegionRole, type RoleMap } from './room-roles';
import type { GuideImage, SmallImage } from './downscale';
import type { StyleLook } from './style-palettes';

/** How far each part's chroma (a/b) moves to the target; the rest keeps a trace of the original material. */
const CHROMA_STRENGTH = 0.85;
/** Lightness moves fully up to the knee, then at the role's rate: floors may go dark, walls change lightness less. */
const LIGHTNESS_KNEE = 6;
const LIGHTNESS_RATE: Readonly<Record<RegionRole, number>> = { walls: 0.6, floor: 0.75, feature: 0.7, dark: 0.6, accent: 0.6, keep: 0 };
/**
 * Style colours are for a well-exposed room. A dim photo gets them dimmed, but only halfway (exposure to this
 * power): a restyled room should read brighter and fresher, without blowing a dark photo out to paper white.
 */
const EXPOSURE_FOLLOW = 0.5;
const GAIN_LIMITS = [0.2, 4] as const;

/** Which lightness of a part stands for its colour in full light (a wall's shaded corners are the same paint). */
const REFERENCE_PERCENTILE = 0.75;

/**
 * One linear-light gain per part of the room. A single ratio per part is a change of its material's reflectance:
 * every shadow, highlight and colour cast the lighting put on it survives.
 */
export type RoleGains = {
  /** Role index (REGION_ROLES) per small-image cell. */
  keys: Uint8Array;
  /** Linear-RGB gain per role, three floats each. */
  gains: Float32Array;
  /** Full Lab shift per role toward its target, for the global transfer's statistics. */
  fullShifts: readonly (readonly [number, number, number])[];
};

export function planRoleGains(roles: RoleMap, image: SmallImage, look: StyleLook, exposure: number): RoleGains {
  const roleCount = REGION_ROLES.length;
  const lightness: number[][] = REGION_ROLES.map(() => []);
  const chromaSums = new Float64Array(roleCount * 2);
  for (let i = 0; i < roles.cells.length; i++) {
    const role = roles.cells[i];
    lightness[role].push(image.lab[i * 3]);
    chromaSums[role * 2] += image.lab[i * 3 + 1];
    chromaSums[role * 2 + 1] += image.lab[i * 3 + 2];
  }

  const gains = new Float32Array(roleCount * 3).fill(1);
  const from = new Float64Array(3);
  const to = new Float64Array(3);
  const fullShifts = REGION_ROLES.map((role, r): readonly [number, number, number] => {
    const wanted = role === 'keep' ? null : look.colours[role];
    const count = lightness[r].length;
    if (!wanted || count === 0) return [0, 0, 0];
    const target = atExposure(wanted, exposure ** EXPOSURE_FOLLOW);
    const sorted = lightness[r].sort((x, y) => x - y);
    const reference = [sorted[Math.floor((count - 1) * REFERENCE_PERCENTILE)], chromaSums[r * 2] / count, chromaSums[r * 2 + 1] / count];
    const full = [target[0] - reference[0], target[1] - reference[1], target[2] - reference[2]] as const;
    labToLinearRgb(reference[0], reference[1], reference[2], from);
    labToLinearRgb(
      reference[0] + softKnee(full[0], LIGHTNESS_RATE[role]),
      reference[1] + full[1] * CHROMA_STRENGTH,
      reference[2] + full[2] * CHROMA_STRENGTH,
      to,
    );
    for (let c = 0; c < 3; c++) {
      const gain = Math.max(1e-4, to[c]) / Math.max(1e-4, from[c]);
      gains[r * 3 + c] = Math.min(GAIN_LIMITS[1], Math.max(GAIN_LIMITS[0], gain));
    }
    return full;
  });
  return { keys: roles.cells, gains, fullShifts };
}

function softKnee(shift: number, rate: number): number {
  const size = Math.abs(shift);
  return Math.sign(shift) * (Math.min(size, LIGHTNESS_KNEE) + Math.max(0, size - LIGHTNESS_KNEE) * rate);
}

/**
 * Edge-aware smoothing of the per-cell gains (a bilateral filter over the small image): cells blend with nearby
 * cells of similar colour. Where the floor line was guessed across a plain wall, the two parts' gains fade into
 * each other like a shading gradient instead of meeting in a hard seam; at a real edge (a skirting board, a
 * cabinet against a wall) the colours differ and the gains stay apart.
 */
export function smoothCellGains(roleGains: RoleGains, small: SmallImage): Float32Array {
  const { gains, keys } = roleGains;
  const { width, height, lab } = small;
  const out = new Float32Array(width * height * 3);
  const spatial = new Float64Array((2 * SMOOTH_RADIUS + 1) ** 2);
  for (let dy = -SMOOTH_RADIUS; dy <= SMOOTH_RADIUS; dy++) {
    for (let dx = -SMOOTH_RADIUS; dx <= SMOOTH_RADIUS; dx++) {
      spatial[(dy + SMOOTH_RADIUS) * (2 * SMOOTH_RADIUS + 1) + dx + SMOOTH_RADIUS] = Math.exp(-(dx * dx + dy * dy) / (2 * SMOOTH_SPATIAL_SIGMA ** 2));
    }
  }
  const range = rangeTable(SMOOTH_RANGE_SIGMA);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const centre = (y * width + x) * 3;
      let total = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ny = Math.max(0, y - SMOOTH_RADIUS); ny <= Math.min(height - 1, y + SMOOTH_RADIUS); ny++) {
        for (let nx = Math.max(0, x - SMOOTH_RADIUS); nx <= Math.min(width - 1, x + SMOOTH_RADIUS); nx++) {
          const cell = ny * width + nx;
          const c = cell * 3;
          const colourSquared = (lab[c] - lab[centre]) ** 2 + (lab[c + 1] - lab[centre + 1]) ** 2 + (lab[c + 2] - lab[centre + 2]) ** 2;
          const w = spatial[(ny - y + SMOOTH_RADIUS) * (2 * SMOOTH_RADIUS + 1) + nx - x + SMOOTH_RADIUS] * rangeWeight(range, colourSquared);
          const key = keys[cell] * 3;
          total += w;
          r += w * gains[key];
          g += w * gains[key + 1];
          b += w * gains[key + 2];
        }
      }
      out[centre] = r / total;
      out[centre + 1] = g / total;
      out[centre + 2] = b / total;
    }
  }
  return out;
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

/** Colour spread of the guided upsampling, in sRGB code values (about 8 ΔE in mid-tones). */
const RANGE_SIGMA = 14;

/**
 * Joint bilateral upsampling (Kopf et al. 2007) of the per-cell gains onto the larger guide image: each guide pixel
 * takes the gains of its four surrounding cells, weighted by distance and by how much each cell's colour resembles
 * its own, so the floor's gain stops at the skirting board instead of bleeding up the wall.
 */
export function upsampleGains(cellGains: Float32Array, small: SmallImage, guide: GuideImage): Float32Array {
  const out = new Float32Array(guide.width * guide.height * 3);
  const range = rangeTable(RANGE_SIGMA);
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
      let r0 = 0;
      let r1 = 0;
      let r2 = 0;
      for (let corner = 0; corner < 4; corner++) {
        const dx = corner & 1;
        const dy = corner >> 1;
        const c = ((dy ? y1 : y0) * small.width + (dx ? x1 : x0)) * 3;
        const spatial = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy);
        const colourSquared = (cells[c] - red) ** 2 + (cells[c + 1] - green) ** 2 + (cells[c + 2] - blue) ** 2;
        // A floor keeps a little spatial weight, so a pixel unlike all four cells (a thin frame) still gets a blend.
        const w = spatial * (rangeWeight(range, colourSquared) + 1e-3);
        total += w;
        r0 += w * cellGains[c];
        r1 += w * cellGains[c + 1];
        r2 += w * cellGains[c + 2];
      }
      out[g] = r0 / total;
      out[g + 1] = r1 / total;
      out[g + 2] = r2 / total;
    }
  }
  return out;
}
