// The photographic finish of a style, as a fast per-pixel recipe: white balance and the global colour transfer's
// cast become linear-light channel gains; exposure, contrast curve and lift become one tone curve per channel;
// then saturation, split toning and the vignette. This is how a colourist's grade works, and it keeps the
// full-resolution pass to a few table lookups per pixel.
import { labToLinearRgb, labToSrgb, linearToSrgb } from './colour';
import type { ColourTransfer } from './colour-transfer';
import { lightnessToY, yToLightness } from './exposure';
import type { Grade } from './style-palettes';

/** Lab shift per unit of temperature / tint at full lightness (what a white-balance gain does to a grey). */
const TEMPERATURE_B = 8;
const TEMPERATURE_A = 1.5;
const TINT_A = 5;
/** Resolution of the tone curve over linear light 0..1: fine enough that deep shadows step by a fifth of a code. */
export const CURVE_STEPS = 16384;

export type GradePlan = {
  /** Linear-light channel gains (white balance and the transfer's colour cast). */
  gains: readonly [number, number, number];
  /** Linear value (index / CURVE_STEPS) -> graded sRGB code value (float 0..255), the same for each channel. */
  curve: Float32Array;
  /** Chroma multiplier around each pixel's luma. */
  saturation: number;
  /** sRGB offsets added in proportion to (1 - luma)² and luma² (split toning). */
  shadowOffset: readonly [number, number, number];
  highlightOffset: readonly [number, number, number];
};

export function planGrade(grade: Grade, transfer: ColourTransfer): GradePlan {
  // White balance and cast, measured on a mid grey and on the image's mean colour respectively.
  const light = 0.6;
  const balance = ratio([60, 0, 0], [60, (grade.temperature * TEMPERATURE_A + grade.tint * TINT_A) * light, grade.temperature * TEMPERATURE_B * light]);
  const [meanL, meanA, meanB] = transfer.mean;
  const cast = ratio(
    [meanL, meanA, meanB],
    [meanL, meanA * transfer.scale[1] + transfer.offset[1], meanB * transfer.scale[2] + transfer.offset[2]],
  );
  const gains = [balance[0] * cast[0], balance[1] * cast[1], balance[2] * cast[2]] as const;

  const curve = new Float32Array(CURVE_STEPS + 1);
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const l = yToLightness(i / CURVE_STEPS) * transfer.scale[0] + transfer.offset[0];
    curve[i] = 255 * linearToSrgb(Math.min(1, Math.max(0, lightnessToY(100 * toneCurve(grade, l / 100)))));
  }

  const chromaScale = (transfer.scale[1] + transfer.scale[2]) / 2;
  return {
    gains,
    curve,
    saturation: grade.saturation * chromaScale,
    shadowOffset: srgbOffset(grade.shadowTint),
    highlightOffset: srgbOffset(grade.highlightTint),
  };
}

/** Exposure, S-curve and lift on lightness (0..1). */
export function toneCurve(grade: Grade, light: number): number {
  const x0 = Math.min(1, Math.max(0, light));
  // Exposure as a smooth bump that is zero at black and white, so nothing clips.
  let x = x0 + (grade.exposure / 100) * Math.sin(Math.PI * x0);
  // Slope 1 - c at the ends and 1 + c in the middle: monotone for c < 1, so no tone reversals.
  x = x - (grade.contrast * Math.sin(2 * Math.PI * x)) / (2 * Math.PI);
  return grade.lift / 100 + x * (1 - grade.lift / 100);
}

function ratio(from: readonly number[], to: readonly number[]): [number, number, number] {
  const a = new Float64Array(3);
  const b = new Float64Array(3);
  labToLinearRgb(from[0], from[1], from[2], a);
  labToLinearRgb(to[0], to[1], to[2], b);
  return [b[0] / a[0], b[1] / a[1], b[2] / a[2]];
}

function srgbOffset([a, b]: readonly [number, number]): [number, number, number] {
  const grey = new Float64Array(3);
  const tinted = new Float64Array(3);
  labToSrgb(50, 0, 0, grey);
  labToSrgb(50, a, b, tinted);
  return [tinted[0] - grey[0], tinted[1] - grey[1], tinted[2] - grey[2]];
}

/**
 * Vignette gain by squared normalised radius (0 at the centre, 1 in a corner), tabulated so the pixel loop does one
 * lookup. Starts beyond the central area so the room itself is untouched and only the corners settle.
 */
export function vignetteTable(strength: number, steps = 1024): Float32Array {
  const table = new Float32Array(steps + 1);
  for (let i = 0; i <= steps; i++) {
    const r2 = i / steps;
    const t = Math.min(1, Math.max(0, (r2 - 0.2) / 0.8));
    table[i] = 1 - strength * t * t * (3 - 2 * t);
  }
  return table;
}
