// The photographic finish of a style, as a fast per-pixel recipe: white balance and the global colour transfer's
// cast become linear-light channel gains; exposure, contrast curve and lift become one tone curve per channel;
// then saturation and split toning; the vignette rides on the recolour field. This is how a colourist's grade
// works, and it keeps the full-resolution pass to a few table lookups per pixel.
import { labToLinearRgb, labToSrgb, linearToSrgb } from './colour';
import type { ColourTransfer } from './colour-transfer';
import { lightnessToY, yToLightness } from './exposure';
import { FIELD_CHANNELS } from './recolour-field';
import type { Grade } from './style-palettes';

/** Lab shift per unit of temperature / tint at full lightness (what a white-balance gain does to a grey). */
const TEMPERATURE_B = 8;
const TEMPERATURE_A = 1.5;
const TINT_A = 5;
/**
 * The tone curve covers linear light 0..CURVE_RANGE, since a recolour may brighten a pixel past white, in
 * CURVE_STEPS steps: fine enough that deep shadows step by under half a code.
 */
export const CURVE_RANGE = 2;
export const CURVE_STEPS = 16384;
/** Above this linear level values roll off smoothly toward white instead of clipping, keeping detail in brightened
 * highlights (a window behind a wall that was painted lighter). */
const SHOULDER_FROM = 0.85;

export type GradePlan = {
  /** Linear-light channel gains (white balance and the transfer's colour cast). */
  gains: readonly [number, number, number];
  /** Linear value (index * CURVE_RANGE / CURVE_STEPS) -> graded sRGB code value (float 0..255), for each channel. */
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
  const balance = ratio(
    [60, 0, 0],
    [60, (grade.temperature * TEMPERATURE_A + grade.tint * TINT_A) * light, grade.temperature * TEMPERATURE_B * light],
  );
  const [meanL, meanA, meanB] = transfer.mean;
  const cast = ratio(
    [meanL, meanA, meanB],
    [meanL, meanA * transfer.scale[1] + transfer.offset[1], meanB * transfer.scale[2] + transfer.offset[2]],
  );
  const gains = [balance[0] * cast[0], balance[1] * cast[1], balance[2] * cast[2]] as const;

  const curve = new Float32Array(CURVE_STEPS + 1);
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const l = yToLightness(shoulder((i * CURVE_RANGE) / CURVE_STEPS)) * transfer.scale[0] + transfer.offset[0];
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

/**
 * The grade applied to one linear colour (after the recolour), as the render pass does it without dither, into
 * sRGB code values. The engine uses it to aim each part's recolour so that it lands on the palette
 * after grading.
 */
export function gradeLinear(plan: GradePlan, r: number, g: number, b: number, out: Float64Array): void {
  const lookup = (v: number) => plan.curve[Math.floor(Math.min(CURVE_RANGE, Math.max(0, v)) * (CURVE_STEPS / CURVE_RANGE))];
  const red = lookup(r * plan.gains[0]);
  const green = lookup(g * plan.gains[1]);
  const blue = lookup(b * plan.gains[2]);
  const luma = 0.299 * red + 0.587 * green + 0.114 * blue;
  const light = luma / 255;
  const shadow = (1 - light) * (1 - light);
  const highlight = light * light;
  [red, green, blue].forEach((value, c) => {
    out[c] = luma + (value - luma) * plan.saturation + shadow * plan.shadowOffset[c] + highlight * plan.highlightOffset[c];
  });
}

function shoulder(linear: number): number {
  if (linear <= SHOULDER_FROM) return linear;
  const room = 1 - SHOULDER_FROM;
  return SHOULDER_FROM + room * (1 - Math.exp(-(linear - SHOULDER_FROM) / room));
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
 * Darkens the corners by multiplying a recolour field (on its grid covering the frame) so the pixel pass does no
 * extra work. `strength` is the sRGB-level darkening in a corner; it starts beyond the central area so the room
 * itself is untouched and only the corners settle.
 */
export function applyVignette(fields: Float32Array, width: number, height: number, strength: number): void {
  if (strength <= 0) return;
  // Gain by squared radius (normalised to 1 in the corners), tabulated. The field works in linear light: a gain g
  // on sRGB codes is about g^2.2 on linear values.
  const gains = new Float32Array(VIGNETTE_STEPS + 1);
  for (let i = 0; i <= VIGNETTE_STEPS; i++) {
    const t = Math.min(1, Math.max(0, (i / VIGNETTE_STEPS - 0.2) / 0.8));
    gains[i] = (1 - strength * t * t * (3 - 2 * t)) ** 2.2;
  }
  for (let y = 0; y < height; y++) {
    const dy = (y + 0.5) / height - 0.5;
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5) / width - 0.5;
      const gain = gains[Math.round(2 * (dx * dx + dy * dy) * VIGNETTE_STEPS)];
      const at = (y * width + x) * FIELD_CHANNELS;
      for (let k = 0; k < FIELD_CHANNELS; k++) fields[at + k] *= gain;
    }
  }
}

const VIGNETTE_STEPS = 1024;
