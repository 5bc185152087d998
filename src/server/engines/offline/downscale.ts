// Small copies of the photo for analysis and for the recolour gains, in linear RGB and Lab. Further shrinking
// box-averages in linear light, so a sunlit window frame does not turn grey.
import { SRGB_TO_LINEAR, linearRgbToLab, linearToSrgb } from './colour';
import { yToLightness } from './exposure';

/** The guide for the recolour gains: sRGB codes (for quick colour comparisons) and linear RGB, three per pixel. */
export type GuideImage = { width: number; height: number; srgb: Uint8Array; linear: Float32Array };

/** The analysed copy: linear RGB, Lab and sRGB codes (as floats), three per pixel. */
export type SmallImage = { width: number; height: number; linear: Float32Array; lab: Float32Array; srgb: Float32Array };

/** Size of a copy whose long side is at most `maxSide`. */
export function fitInside(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.max(1, Math.max(width, height) / maxSide);
  return { width: Math.max(1, Math.round(width / scale)), height: Math.max(1, Math.round(height / scale)) };
}

/** Wraps an already shrunk 8-bit sRGB image (sharp shrinks in C far faster than a JavaScript loop). */
export function toGuide(rgb: Uint8Array, width: number, height: number, channels: number): GuideImage {
  const srgb = new Uint8Array(width * height * 3);
  const linear = new Float32Array(width * height * 3);
  for (let i = 0, from = 0; i < width * height * 3; i += 3, from += channels) {
    for (let c = 0; c < 3; c++) {
      srgb[i + c] = rgb[from + c];
      linear[i + c] = SRGB_TO_LINEAR[rgb[from + c]];
    }
  }
  return { width, height, srgb, linear };
}

/** Shrinks the guide to the analysed copy. */
export function shrinkImage(image: GuideImage, outWidth: number, outHeight: number): SmallImage {
  const { width, linear } = image;
  return boxAverage(width, image.height, outWidth, outHeight, (y, columnOf, sums) => {
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      const column = columnOf[x];
      sums[column] += linear[i];
      sums[column + 1] += linear[i + 1];
      sums[column + 2] += linear[i + 2];
    }
  });
}

/** `addRow` adds source row `y` into `sums` at `columnOf[x]` (output column * 3) for each source column x. */
type AddRow = (y: number, columnOf: Int32Array, sums: Float64Array) => void;

function boxAverage(width: number, height: number, outWidth: number, outHeight: number, addRow: AddRow): SmallImage {
  const columnOf = new Int32Array(width);
  const perColumn = new Float64Array(outWidth);
  for (let x = 0; x < width; x++) {
    const column = Math.min(outWidth - 1, Math.floor((x * outWidth) / width));
    columnOf[x] = column * 3;
    perColumn[column]++;
  }
  const sums = new Float64Array(outWidth * 3);
  const linear = new Float32Array(outWidth * outHeight * 3);
  const lab = new Float32Array(outWidth * outHeight * 3);
  const srgb = new Float32Array(outWidth * outHeight * 3);
  let outRow = 0;
  let rows = 0;
  for (let y = 0; y < height; y++) {
    addRow(y, columnOf, sums);
    rows++;
    const nextRow = Math.min(outHeight - 1, Math.floor(((y + 1) * outHeight) / height));
    if (y !== height - 1 && nextRow === outRow) continue;
    for (let column = 0; column < outWidth; column++) {
      const n = perColumn[column] * rows;
      const cell = (outRow * outWidth + column) * 3;
      linear[cell] = sums[column * 3] / n;
      linear[cell + 1] = sums[column * 3 + 1] / n;
      linear[cell + 2] = sums[column * 3 + 2] / n;
      linearRgbToLab(linear[cell], linear[cell + 1], linear[cell + 2], lab, cell);
      for (let c = 0; c < 3; c++) srgb[cell + c] = 255 * linearToSrgb(linear[cell + c]);
    }
    sums.fill(0);
    rows = 0;
    outRow++;
  }
  return { width: outWidth, height: outHeight, linear, lab, srgb };
}

/** Each guide's lightness, computed once: the edges (views.ts) and the texture (floor-texture.ts) both read it. */
const lightnessOf = new WeakMap<GuideImage, Float32Array>();

/** The guide's lightness (L*), one value per pixel: what edges and texture are measured on. Read-only. */
export function guideLightness(guide: GuideImage): Float32Array {
  const known = lightnessOf.get(guide);
  if (known) return known;
  const { linear, width, height } = guide;
  const lightness = new Float32Array(width * height);
  for (let p = 0; p < lightness.length; p++) {
    lightness[p] = yToLightness(0.2126 * linear[p * 3] + 0.7152 * linear[p * 3 + 1] + 0.0722 * linear[p * 3 + 2]);
  }
  lightnessOf.set(guide, lightness);
  return lightness;
}
