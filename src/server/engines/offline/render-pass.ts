// The one full-resolution pass: per pixel, apply the part's recolour in linear light, then the grade (tone curve,
// saturation, split toning), the vignette and a dither. Typed arrays only; nothing is allocated per pixel.
import { SRGB_TO_LINEAR } from './colour';
import { CURVE_STEPS, type GradePlan } from './grade';
import { FIELD_CHANNELS, LUMINANCE } from './recolour-field';

export type RenderPassInput = {
  /** Interleaved 8-bit sRGB, `channels` per pixel. */
  source: Uint8Array;
  width: number;
  height: number;
  channels: number;
  /** Recolour field (see recolour-field.ts) on a smaller grid covering the same frame. */
  fields: Float32Array;
  fieldWidth: number;
  fieldHeight: number;
  grade: GradePlan;
  /** Gain by squared normalised radius, from `vignetteTable`. */
  vignette: Float32Array;
  /** Seeds the dither, which keeps smooth walls free of 8-bit banding. */
  seed: number;
};

/**
 * How much of the recolour a pixel takes, by its brightest channel: blown-out windows and lamps stay clean white
 * instead of turning grey or tinted, as they would in a real photo of the repainted room.
 */
const HIGHLIGHT_KEEP: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const t = Math.min(1, Math.max(0, (v - 238) / 17));
    table[v] = 1 - 0.85 * t * t * (3 - 2 * t);
  }
  return table;
})();

export function renderPass(input: RenderPassInput): Buffer {
  const { width, height, channels, fields, fieldWidth, fieldHeight, vignette } = input;
  const [lumaR, lumaG, lumaB] = LUMINANCE;
  const { curve, saturation, shadowOffset, highlightOffset } = input.grade;
  const [globalR, globalG, globalB] = input.grade.gains;
  const [shadowR, shadowG, shadowB] = shadowOffset;
  const [highlightR, highlightG, highlightB] = highlightOffset;
  // Plain typed-array views: V8 optimises element access on these better than on Buffer subclasses.
  const source = new Uint8Array(input.source.buffer, input.source.byteOffset, input.source.length);
  const output = new Uint8Array(width * height * 3);

  // Bilinear positions of each column and row on the field grid.
  const column0 = new Int32Array(width);
  const column1 = new Int32Array(width);
  const columnFraction = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const position = Math.min(fieldWidth - 1, Math.max(0, ((x + 0.5) * fieldWidth) / width - 0.5));
    column0[x] = Math.floor(position) * FIELD_CHANNELS;
    column1[x] = Math.min(fieldWidth - 1, Math.floor(position) + 1) * FIELD_CHANNELS;
    columnFraction[x] = position - Math.floor(position);
  }
  const row = new Float32Array(fieldWidth * FIELD_CHANNELS);

  const steps = vignette.length - 1;
  const centreX = (width - 1) / 2;
  const centreY = (height - 1) / 2;
  const radiusX = new Float32Array(width);
  for (let x = 0; x < width; x++) radiusX[x] = ((x - centreX) / Math.max(1, centreX)) ** 2 / 2;

  // xorshift32 from the seed; never zero.
  let state = (Math.imul(input.seed, 2654435761) ^ 0x9e3779b9) >>> 0 || 1;
  let from = 0;
  let to = 0;
  for (let y = 0; y < height; y++) {
    const rowPosition = Math.min(fieldHeight - 1, Math.max(0, ((y + 0.5) * fieldHeight) / height - 0.5));
    const row0 = Math.floor(rowPosition);
    const row1 = Math.min(fieldHeight - 1, row0 + 1);
    const rowFraction = rowPosition - row0;
    // The grade's channel gains fold into the field here, once per row.
    for (let i = 0, a = row0 * fieldWidth * FIELD_CHANNELS, b = row1 * fieldWidth * FIELD_CHANNELS; i < fieldWidth * FIELD_CHANNELS; i += FIELD_CHANNELS) {
      for (let k = 0; k < FIELD_CHANNELS; k++) {
        const global = k % 3 === 0 ? globalR : k % 3 === 1 ? globalG : globalB;
        row[i + k] = (fields[a + i + k] + (fields[b + i + k] - fields[a + i + k]) * rowFraction) * global;
      }
    }
    const radiusY = ((y - centreY) / Math.max(1, centreY)) ** 2 / 2;

    for (let x = 0; x < width; x++, from += channels, to += 3) {
      const r8 = source[from];
      const g8 = source[from + 1];
      const b8 = source[from + 2];
      const keep = HIGHLIGHT_KEEP[r8 > g8 ? (r8 > b8 ? r8 : b8) : g8 > b8 ? g8 : b8];
      const c0 = column0[x];
      const c1 = column1[x];
      const fx = columnFraction[x];
      const inR = SRGB_TO_LINEAR[r8];
      const inG = SRGB_TO_LINEAR[g8];
      const inB = SRGB_TO_LINEAR[b8];
      const luminance = lumaR * inR + lumaG * inG + lumaB * inB;
      const newR = inR * (row[c0] + (row[c1] - row[c0]) * fx) + luminance * (row[c0 + 3] + (row[c1 + 3] - row[c0 + 3]) * fx);
      const newG = inG * (row[c0 + 1] + (row[c1 + 1] - row[c0 + 1]) * fx) + luminance * (row[c0 + 4] + (row[c1 + 4] - row[c0 + 4]) * fx);
      const newB = inB * (row[c0 + 2] + (row[c1 + 2] - row[c0 + 2]) * fx) + luminance * (row[c0 + 5] + (row[c1 + 5] - row[c0 + 5]) * fx);
      const linearR = inR + (newR - inR) * keep;
      const linearG = inG + (newG - inG) * keep;
      const linearB = inB + (newB - inB) * keep;
      const red = curve[((linearR < 1 ? linearR : 1) * CURVE_STEPS) | 0];
      const green = curve[((linearG < 1 ? linearG : 1) * CURVE_STEPS) | 0];
      const blue = curve[((linearB < 1 ? linearB : 1) * CURVE_STEPS) | 0];

      const luma = 0.299 * red + 0.587 * green + 0.114 * blue;
      const light = luma / 255;
      const shadow = (1 - light) * (1 - light);
      const highlight = light * light;
      const gain = vignette[((radiusX[x] + radiusY) * steps) | 0];
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      // Ten random bits per channel: a uniform dither in [0, 1) in place of rounding's +0.5.
      const v0 = (luma + (red - luma) * saturation + shadow * shadowR + highlight * highlightR) * gain + (state & 1023) / 1024;
      const v1 = (luma + (green - luma) * saturation + shadow * shadowG + highlight * highlightG) * gain + ((state >>> 10) & 1023) / 1024;
      const v2 = (luma + (blue - luma) * saturation + shadow * shadowB + highlight * highlightB) * gain + ((state >>> 20) & 1023) / 1024;
      output[to] = v0 >= 255 ? 255 : v0 <= 0 ? 0 : v0 | 0;
      output[to + 1] = v1 >= 255 ? 255 : v1 <= 0 ? 0 : v1 | 0;
      output[to + 2] = v2 >= 255 ? 255 : v2 <= 0 ? 0 : v2 | 0;
    }
  }
  return Buffer.from(output.buffer, output.byteOffset, output.length);
}
