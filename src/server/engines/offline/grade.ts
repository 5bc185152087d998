// The photographic finish of a style: white balance, exposure, contrast curve, lift, saturation and split toning
// (all colour-only, so they fold into the colour lookup table), plus the vignette, which depends on position.
import type { Grade } from './style-palettes';

/** Lab shift per unit of temperature / tint at full lightness; mimics a white-balance gain (scales with L). */
const TEMPERATURE_B = 8;
const TEMPERATURE_A = 1.5;
const TINT_A = 5;

export function gradeLab(grade: Grade, l: number, a: number, b: number, out: Float64Array): void {
  const light = Math.min(1, Math.max(0, l / 100));
  let outA = a + (grade.temperature * TEMPERATURE_A + grade.tint * TINT_A) * light;
  let outB = b + grade.temperature * TEMPERATURE_B * light;

  // Exposure as a smooth bump that is zero at black and white, so nothing clips.
  let x = light + (grade.exposure / 100) * Math.sin(Math.PI * light);
  // S-curve with slope 1 - c at the ends and 1 + c in the middle: monotone for c < 1, so no tone reversals.
  x = x - (grade.contrast * Math.sin(2 * Math.PI * x)) / (2 * Math.PI);
  x = grade.lift / 100 + x * (1 - grade.lift / 100);

  const shadowWeight = (1 - x) * (1 - x);
  const highlightWeight = x * x;
  outA = outA * grade.saturation + grade.shadowTint[0] * shadowWeight + grade.highlightTint[0] * highlightWeight;
  outB = outB * grade.saturation + grade.shadowTint[1] * shadowWeight + grade.highlightTint[1] * highlightWeight;
  out[0] = x * 100;
  out[1] = outA;
  out[2] = outB;
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
