// The old floor's thin dark lines, filled where a material is laid (decision 094): the cracks of old boards and the
// seams between them. They are a guide pixel or less wide and several times darker than the boards round them: too
// fine for the floor's shading to tell from its pattern and too deep for the shading's limited pull, they showed
// through every new floor laid over them as dark lines. A grey closing of the floor's rows (the largest value within a
// radius, then the smallest: per colour channel, so a crack takes the boards' colour and not a brightened copy of its
// own) gives, round each pixel, the boards; the render pass puts that in place of a pixel much darker than it.

import sharp from 'sharp';
import { runningBoxMean } from './grid-filters';
import { FIELD_CHANNELS, FLOOR_CHANNEL } from './recolour-field';
import { smoothstep } from './smoothstep';

/**
 * Reach of the closing, in guide pixels (the recolour field's grid): the widest line it fills is twice this, about
 * six pixels wide in a 1024 px photo.
 */
const REACH = 1.25;
/**
 * The closing is taken on a copy of the floor's rows at most this wide: on a 1920 px photo at full size it took
 * about a second. The boards round a crack are even, so a coarser copy of them is enough, and the pixel that takes
 * their colour is judged at full size; a copy 768 px wide left a grey trace along each filled crack.
 */
const WORK_WIDTH = 1024;

/**
 * The photo's closing, over rows `from` to `to` (exclusive) of the photo and shrunk to `width` × `height`: 8-bit
 * sRGB, three per pixel; and per pixel, how sparse the pixels the closing lifts are round it (`sparse`, 0 to 1).
 */
export type ClosedRows = { pixels: Uint8Array; sparse: Float32Array; from: number; to: number; width: number; height: number };

export const NO_CLOSED_ROWS: ClosedRows = { pixels: new Uint8Array(0), sparse: new Float32Array(0), from: 0, to: 0, width: 0, height: 0 };

/** The photo's closing over the rows that hold some floor (by the field's floor share). */
export async function closeFloorRows(
  source: Uint8Array,
  width: number,
  height: number,
  channels: number,
  fields: Float32Array,
  fieldWidth: number,
  fieldHeight: number,
): Promise<ClosedRows> {
  let first = fieldHeight;
  let last = -1;
  for (let i = 0; i < fieldWidth * fieldHeight; i++) {
    if (fields[i * FIELD_CHANNELS + FLOOR_CHANNEL] <= 0) continue;
    const row = Math.floor(i / fieldWidth);
    first = Math.min(first, row);
    last = Math.max(last, row);
  }
  if (last < 0) return NO_CLOSED_ROWS;
  const from = Math.max(0, Math.floor((first * height) / fieldHeight));
  const to = Math.min(height, Math.ceil(((last + 1) * height) / fieldHeight));
  const scale = Math.min(1, WORK_WIDTH / width);
  const workWidth = Math.max(1, Math.round(width * scale));
  const workHeight = Math.max(1, Math.round((to - from) * scale));
  const { data } = await sharp(source, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } })
    .extract({ left: 0, top: from, width, height: to - from })
    .removeAlpha()
    .resize(workWidth, workHeight, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const radius = Math.max(1, Math.round((REACH * workWidth) / fieldWidth));
  const { pixels, sparse } = closeImage(new Uint8Array(data.buffer, data.byteOffset, data.length), workWidth, workHeight, radius);
  return { pixels, sparse, from, to, width: workWidth, height: workHeight };
}

/**
 * A pixel counts as lifted where the closing is LIFTED times its lightness or more (in 8-bit codes). Round a crack
 * across boards few are; in the weave of a rug or a carpet, dark between every thread, half of them are. Over
 * SPARSE_REACH times the closing's radius, a share of lifted pixels from SPARSE[0] to SPARSE[1] takes the fill away:
 * filled, a woven rug came out paler, in blocks along the photo's compression.
 */
const LIFTED = 1.3;
const SPARSE_REACH = 4;
const SPARSE = [0.3, 0.45] as const;

/** The closing of an RGB image (three per pixel), and how sparse the pixels it lifts are round each pixel. */
export function closeImage(rgb: Uint8Array, width: number, height: number, radius: number): { pixels: Uint8Array; sparse: Float32Array } {
  const pixels = rgb.slice();
  // The smallest value is the largest of the inverted image, inverted back.
  dilate(pixels, width, height, radius);
  invert(pixels);
  dilate(pixels, width, height, radius);
  invert(pixels);
  const lifted = new Float32Array(width * height);
  for (let i = 0; i < lifted.length; i++) {
    const own = 0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2];
    const closed = 0.299 * pixels[i * 3] + 0.587 * pixels[i * 3 + 1] + 0.114 * pixels[i * 3 + 2];
    lifted[i] = closed >= LIFTED * own ? 1 : 0;
  }
  const sparse = runningBoxMean(lifted, width, height, SPARSE_REACH * radius);
  for (let i = 0; i < sparse.length; i++) sparse[i] = 1 - smoothstep((sparse[i] - SPARSE[0]) / (SPARSE[1] - SPARSE[0]));
  return { pixels, sparse };
}

// The largest value within `radius`, in place, by van Herk and Gil-Werman's running maxima over blocks of the
// window's length: three comparisons per value whatever the radius. Past the image's edges counts as 0. Both passes
// walk memory in order: down the columns, a whole row at a time.

/** The largest value over the square of `radius` round each pixel, per colour channel. */
function dilate(values: Uint8Array, width: number, height: number, radius: number): void {
  dilateAlongRows(values, width, height, radius);
  dilateAlongColumns(values, width, height, radius);
}

function invert(values: Uint8Array): void {
  for (let i = 0; i < values.length; i++) values[i] = 255 - values[i];
}

/** Along each row, per colour channel (three interleaved per pixel). */
function dilateAlongRows(values: Uint8Array, width: number, height: number, radius: number): void {
  const size = 2 * radius + 1;
  const padded = width + 2 * radius;
  const line = new Uint8Array(padded * 3);
  const ahead = new Uint8Array(padded * 3);
  const behind = new Uint8Array(padded * 3);
  for (let y = 0; y < height; y++) {
    const row = y * width * 3;
    line.fill(0);
    line.set(values.subarray(row, row + width * 3), radius * 3);
    // Reads stay inside the arrays: a typed array read past its end is slow as well as undefined.
    for (let p = 0, k = 0; p < padded; p++) {
      const blockStart = p % size === 0;
      for (let c = 0; c < 3; c++, k++) {
        const v = line[k];
        const before = blockStart ? v : ahead[k - 3];
        ahead[k] = v > before ? v : before;
      }
    }
    for (let p = padded - 1, k = padded * 3 - 1; p >= 0; p--) {
      const blockEnd = p === padded - 1 || (p + 1) % size === 0;
      for (let c = 0; c < 3; c++, k--) {
        const v = line[k];
        const after = blockEnd ? v : behind[k + 3];
        behind[k] = v > after ? v : after;
      }
    }
    // The window of padded pixels p .. p + size − 1 is centred on the row's pixel p.
    for (let k = 0, far = (size - 1) * 3; k < width * 3; k++) {
      const a = behind[k];
      const b = ahead[k + far];
      values[row + k] = a > b ? a : b;
    }
  }
}

/** Down each column: the rows' values all at once. */
function dilateAlongColumns(values: Uint8Array, width: number, height: number, radius: number): void {
  const size = 2 * radius + 1;
  const padded = height + 2 * radius;
  const length = width * 3;
  const ahead = new Uint8Array(padded * length);
  const behind = new Uint8Array(padded * length);
  // Padded row k is the image's row k − radius; the padding rows hold 0.
  for (let k = 0; k < padded; k++) {
    const row = k * length;
    const source = (k - radius) * length;
    const inside = k >= radius && k < radius + height;
    const blockStart = k % size === 0;
    for (let i = 0; i < length; i++) {
      const v = inside ? values[source + i] : 0;
      const before = blockStart ? v : ahead[row - length + i];
      ahead[row + i] = v > before ? v : before;
    }
  }
  for (let k = padded - 1; k >= 0; k--) {
    const row = k * length;
    const source = (k - radius) * length;
    const inside = k >= radius && k < radius + height;
    const blockEnd = k === padded - 1 || (k + 1) % size === 0;
    for (let i = 0; i < length; i++) {
      const v = inside ? values[source + i] : 0;
      const after = blockEnd ? v : behind[row + length + i];
      behind[row + i] = v > after ? v : after;
    }
  }
  for (let y = 0; y < height; y++) {
    const row = y * length;
    const far = (y + size - 1) * length;
    for (let i = 0; i < length; i++) {
      const a = behind[row + i];
      const b = ahead[far + i];
      values[row + i] = a > b ? a : b;
    }
  }
}
