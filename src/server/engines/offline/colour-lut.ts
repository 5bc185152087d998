// A 3-D colour lookup table for the engine's global, colour-only steps (colour transfer and the style grade):
// evaluated exactly on a 33³ grid once, then applied to millions of pixels by interpolation.
import { labToSrgb, linearRgbToLab } from './colour';

export const LUT_SIZE = 33;

export type LabTransform = (l: number, a: number, b: number, out: Float64Array) => void;

/**
 * Grid axes are linear light encoded with a square root (node i holds linear (i / (size - 1))²): close to how the eye
 * spaces tones, so interpolation error stays even from shadows to highlights, and encoding is one Math.sqrt.
 * Each node holds the transformed colour as sRGB code values (floats, 0..255), red-major.
 */
export function buildLut(transforms: readonly LabTransform[], size = LUT_SIZE): Float32Array {
  const table = new Float32Array(size * size * size * 3);
  const lab = new Float64Array(3);
  const next = new Float64Array(3);
  const rgb = new Float64Array(3);
  const axis = Float64Array.from({ length: size }, (_, i) => (i / (size - 1)) ** 2);
  let offset = 0;
  for (let r = 0; r < size; r++) {
    for (let g = 0; g < size; g++) {
      for (let b = 0; b < size; b++, offset += 3) {
        linearRgbToLab(axis[r], axis[g], axis[b], lab);
        for (const transform of transforms) {
          transform(lab[0], lab[1], lab[2], next);
          lab.set(next);
        }
        labToSrgb(lab[0], lab[1], lab[2], rgb);
        table[offset] = rgb[0];
        table[offset + 1] = rgb[1];
        table[offset + 2] = rgb[2];
      }
    }
  }
  return table;
}
