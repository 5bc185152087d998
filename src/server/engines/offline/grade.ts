// The light a style gives its new surfaces (warm or cool, bright or moody, soft or contrasty), as a fast per-pixel
// recipe: white balance becomes linear-light channel gains; exposure, contrast curve and lift become one tone curve;
// then saturation and split toning. The render pass applies it only where the room was restyled (the field's finish
// channel): the view through a window keeps the photo's own light.
import { labToLinearRgb, labToSrgb, linearToSrgb } from './colour';
import { lightnessToY, yToLightness } from './exposure';
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
  /** Linear-light channel gains (white balance). */
  gains: readonly [number, number, number];
  /** Linear value (index * CURVE_RANGE / CURVE_STEPS) -> graded sRGB code value (float 0..255), for each channel. */
  curve: Float32Array;
  /** Chroma multiplier around each pixel's luma. */
  saturation: number;
  /** sRGB offsets added in proportion to (1 - luma)² and luma² (split toning). */
  shadowOffset: readonly [number, number, number];
  highlightOffset: readonly [number, number, number];
};

export function planGrade(grade: Grade): GradePlan {
  // White balance, measured on a mid grey.
  const light = 0.6;
  const gains = ratio(
    [60, 0, 0],
    [60, (grade.temperature * TEMPERATURE_A + grade.tint * TINT_A) * light, grade.temperature * TEMPERATURE_B * light],
  );
  const curve = new Float32Array(CURVE_STEPS + 1);
  for (let i = 0; i <= CURVE_STEPS; i++) {
    const l = yToLightness(shoulder((i * CURVE_RANGE) / CURVE_STEPS));
    curve[i] = 255 * linearToSrgb(Math.min(1, Math.max(0, lightnessToY(100 * toneCurve(grade, l / 100)))));
  }
  return {
    gains,
    curve,
    saturation: grade.saturation,
    shadowOffset: srgbOffset(grade.shadowTint),
    highlightOffset: srgbOffset(grade.highlightTint),
  };
}

/** Linear value (index * CURVE_RANGE / CURVE_STEPS) -> sRGB code value with no finish: where a restyled part's
 * finish fades out at its edge. */
export const PLAIN_CURVE: Float32Array = (() => {
  const curve = new Float32Array(CURVE_STEPS + 1);
  for (let i = 0; i <= CURVE_STEPS; i++) curve[i] = 255 * linearToSrgb(Math.min(1, shoulder((i * CURVE_RANGE) / CURVE_STEPS)));
  return curve;
})();

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
