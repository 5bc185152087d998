// Small copies of the photo for analysis and for the recolour gains: box-averaged in linear light (so a sunlit
// window frame does not turn grey), with Lab alongside.
import { SRGB_TO_LINEAR, linearRgbToLab } from './colour';

export type SmallImage = {
  width: number;
  height: number;
  /** Linear RGB, three floats per pixel. */
  linear: Float32Array;
  /** Lab, three floats per pixel. */
  lab: Float32Array;
};

/** Size of a copy whose long side is at most `maxSide`. */
export function fitInside(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.max(1, Math.max(width, height) / maxSide);
  return { width: Math.max(1, Math.round(width / scale)), height: Math.max(1, Math.round(height / scale)) };
}

/** Shrinks interleaved 8-bit sRGB (`channels` per pixel) to `outWidth` × `outHeight`. */
export function shrinkPhoto(rgb: Uint8Array, width: number, height: number, channels: number, outWidth: number, outHeight: number): SmallImage {
  return boxAverage(width, height, outWidth, outHeight, (y, add) => {
    for (let x = 0, i = y * width * channels; x < width; x++, i += channels) {
      add(x, SRGB_TO_LINEAR[rgb[i]], SRGB_TO_LINEAR[rgb[i + 1]], SRGB_TO_LINEAR[rgb[i + 2]]);
    }
  });
}

/** Shrinks an already small image further. */
export function shrinkImage(image: SmallImage, outWidth: number, outHeight: number): SmallImage {
  const { width, linear } = image;
  return boxAverage(width, image.height, outWidth, outHeight, (y, add) => {
    for (let x = 0, i = y * width; x < width; x++, i++) add(x, linear[i * 3], linear[i * 3 + 1], linear[i * 3 + 2]);
  });
}

type AddPixel = (x: number, r: number, g: number, b: number) => void;

function boxAverage(width: number, height: number, outWidth: number, outHeight: number, readRow: (y: number, add: AddPixel) => void): SmallImage {
  const columnOf = new Int32Array(width);
  for (let x = 0; x < width; x++) columnOf[x] = Math.min(outWidth - 1, Math.floor((x * outWidth) / width));
  const sums = new Float64Array(outWidth * 3);
  const counts = new Float64Array(outWidth);
  const add: AddPixel = (x, r, g, b) => {
    const column = columnOf[x];
    sums[column * 3] += r;
    sums[column * 3 + 1] += g;
    sums[column * 3 + 2] += b;
    counts[column]++;
  };
  const linear = new Float32Array(outWidth * outHeight * 3);
  const lab = new Float32Array(outWidth * outHeight * 3);
  let outRow = 0;
  for (let y = 0; y < height; y++) {
    readRow(y, add);
    const nextRow = Math.min(outHeight - 1, Math.floor(((y + 1) * outHeight) / height));
    if (y !== height - 1 && nextRow === outRow) continue;
    for (let column = 0; column < outWidth; column++) {
      const n = counts[column];
      const cell = outRow * outWidth + column;
      linear[cell * 3] = sums[column * 3] / n;
      linear[cell * 3 + 1] = sums[column * 3 + 1] / n;
      linear[cell * 3 + 2] = sums[column * 3 + 2] / n;
      linearRgbToLab(linear[cell * 3], linear[cell * 3 + 1], linear[cell * 3 + 2], lab, cell * 3);
    }
    sums.fill(0);
    counts.fill(0);
    outRow++;
  }
  return { width: outWidth, height: outHeight, linear, lab };
}
