// The one full-resolution pass: per pixel, apply the part's colour gain in linear light, then the global colour
// table, the vignette and a half-step dither. Typed arrays only; nothing is allocated per pixel.
import { SRGB_TO_LINEAR } from './colour';
import { CURVE_STEPS, type GradePlan } from './grade';

export type RenderPassInput = {
  /** Interleaved 8-bit sRGB, `channels` per pixel. */
  source: Uint8Array;
  width: number;
  height: number;
  channels: number;
  /** Linear-RGB recolour gains on a smaller grid covering the same frame, three floats per cell. */
  gains: Float32Array;
  gainWidth: number;
  gainHeight: number;
  grade: GradePlan;
  /** Gain by squared normalised radius, from `vignetteTable`. */
  vignette: Float32Array;
  /** Seeds the dither, which keeps smooth walls free of 8-bit banding. */
  seed: number;
};

/**
 * How much of a recolour gain a pixel takes, by its brightest channel: blown-out windows and lamps stay clean white
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
  const { width, height, channels, gains, gainWidth, gainHeight, vignette } = input;
  const { curve, saturation, shadowOffset, highlightOffset } = input.grade;
  const [globalR, globalG, globalB] = input.grade.gains;
  const [shadowR, shadowG, shadowB] = shadowOffset;
  const [highlightR, highlightG, highlightB] = highlightOffset;
  // Plain typed-array views: V8 optimises element access on these better than on Buffer subclasses.
  const source = new Uint8Array(input.source.buffer, input.source.byteOffset, input.source.length);
  const output = new Uint8Array(width * height * 3);

  // Bilinear positions of each column and row on the gain grid.
  const column0 = new Int32Array(width);
  const column1 = new Int32Array(width);
  const columnFraction = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const position = Math.min(gainWidth - 1, Math.max(0, ((x + 0.5) * gainWidth) / width - 0.5));
    column0[x] = Math.floor(position) * 3;
    column1[x] = Math.min(gainWidth - 1, Math.floor(position) + 1) * 3;
    columnFraction[x] = position - Math.floor(position);
  }
  const rowGains = new Float32Array(gainWidth * 3);

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
    const rowPosition = Math.min(gainHeight - 1, Math.max(0, ((y + 0.5) * gainHeight) / height - 0.5));
    const row0 = Math.floor(rowPosition);
    const row1 = Math.min(gainHeight - 1, row0 + 1);
    const rowFraction = rowPosition - row0;
    for (let i = 0, a = row0 * gainWidth * 3, b = row1 * gainWidth * 3; i < gainWidth * 3; i += 3) {
      rowGains[i] = (gains[a + i] + (gains[b + i] - gains[a + i]) * rowFraction) * globalR;
      rowGains[i + 1] = (gains[a + i + 1] + (gains[b + i + 1] - gains[a + i + 1]) * rowFraction) * globalG;
      rowGains[i + 2] = (gains[a + i + 2] + (gains[b + i + 2] - gains[a + i + 2]) * rowFraction) * globalB;
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
      const gainR = rowGains[c0] + (rowGains[c1] - rowGains[c0]) * fx;
      const gainG = rowGains[c0 + 1] + (rowGains[c1 + 1] - rowGains[c0 + 1]) * fx;
      const gainB = rowGains[c0 + 2] + (rowGains[c1 + 2] - rowGains[c0 + 2]) * fx;
      const linearR = SRGB_TO_LINEAR[r8] * (1 + (gainR - 1) * keep);
      const linearG = SRGB_TO_LINEAR[g8] * (1 + (gainG - 1) * keep);
      const linearB = SRGB_TO_LINEAR[b8] * (1 + (gainB - 1) * keep);
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
