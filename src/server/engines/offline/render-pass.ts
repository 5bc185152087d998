// The one full-resolution pass: per pixel, apply the part's recolour in linear light, then as much of the style's
// finish (white balance, tone curve, saturation, split toning) as the field gives it, and a dither. Pixels of parts
// left as photographed are copied unchanged. Typed arrays only; the pass allocates nothing per pixel: the recolour and
// the floor material's sampler take their numbers in typed arrays, and the clamps are Math.min, because V8 boxes a
// number passed to a call it does not inline, and it boxed the result of a conditional between a pixel's value and a
// whole-number constant (decision 072: about 540 MB of short-lived numbers a pass before). Marble's veins still make
// some garbage of their own.
import { RECOLOUR_INPUTS, recolourInLab, SRGB_TO_LINEAR } from './colour';
import { createRandom } from './random';
import { CURVE_RANGE, CURVE_STEPS, PLAIN_CURVE, type GradePlan } from './grade';
import { FIELD_CHANNELS, type FloorColours } from './recolour-field';
import { FLOOR_POINT, type MaterialSampler } from './floor-materials';
import type { FloorLight } from './floor-light';
import { NO_CLOSED_ROWS, type ClosedRows } from './floor-lines';
import { runningBoxMean } from './grid-filters';

/**
 * A floor material laid in perspective: the map from pixel to floor metres (room-geometry.ts), its pattern, the
 * light on the floor without its old pattern (floorLight, on the field's grid), and the old boards round each pixel
 * (floor-lines.ts), which fill their cracks and seams.
 */
export type FloorLaying = { mapping: Float64Array; sample: MaterialSampler; light: FloorLight; boards: ClosedRows };

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
  /** Seeds the dither, which keeps smooth walls free of 8-bit banding. */
  seed: number;
  /** Where the floor plane was found with confidence, the material laid on it; otherwise the floor is recoloured. */
  floor?: FloorLaying | null;
  /** The floor's colours, so that what is unlike the floor on it (a window's reflection) is not oversaturated. */
  floorColours?: FloorColours | null;
};

/**
 * How much of the recolour's change of lightness a floor pixel takes, by its brightest channel: a blown-out sun patch
 * or glare on a floor painted darker stays as bright as photographed instead of turning into a grey puddle, and takes
 * the new colour's hue (as a sunlit patch of a dark floor would in an overexposed photo), so the surface's colour
 * stays even. Only floors (by their share of the pixel): a wall's paint is matte, and a blown-out pool of lamplight on
 * it takes the new paint with the rest of the wall, as light scales it (decision 085); kept, it was a white disc on a
 * dark wall, ringed where the photo's lightness crossed the keep's steep range.
 */
const HIGHLIGHT_FROM = 238;
/**
 * The brightest channel is judged over a box this many pixels either side: the keep falls steeply over 238–255, and
 * a pixel's own noise in a blown-out pool of lamplight on a wall painted dark would otherwise leave a speckle of white
 * dots round it. A sun patch's edge, many pixels long, stays sharp to within the box.
 */
const HIGHLIGHT_RADIUS = 2;
/**
 * A floor recoloured past white (a sun patch taking a deep colour) is scaled back into range as a whole, keeping its
 * hue and saturation, as a camera shows sunlight on a coloured floor, instead of clipping channel by channel to a
 * pale patch of another colour.
 */
const GAMUT_PEAK = 1;
/** Below this finish a pixel is left exactly as photographed; above FINISH_FULL it takes the whole finish. */
const FINISH_NONE = 1 / 512;
const FINISH_FULL = 1 - 1 / 512;
/** Side of the repeating dither tile; a power of two keeps the index arithmetic cheap. */
const DITHER_TILE = 64;
/** Pixels less floor than this get no floor material. */
const FLOOR_MATERIAL_FROM = 0.02;
/**
 * How far a floor pixel is pulled toward the floor's shading where a material is laid: most of the old boards or
 * carpet go, a trace stays so the new floor keeps some of the photo's texture. The pull is limited, so a sun patch or
 * a dark shadow stays one, and held back where the floor's light has detail of its own (FloorLight's ownLight). It
 * moves the pixel's lightness only (recolourInLab's luminance gain): scaled in linear RGB, a dark old board brought
 * up to the floor's light kept its saturation and came out more colourful than the boards round it (decision 108).
 */
const FLATTEN = 0.75;
const FLATTEN_LIMITS = [0.45, 2.2] as const;
/**
 * A laid floor pixel whose boards round it (floor-lines.ts) have this many times its luminance (linear light) starts
 * to take their colour, and takes it whole by CRACK_FULL: a crack or a seam. A board only a little darker than its
 * neighbours is the old floor's own grain and is left to the pull toward the shading. In 8-bit codes the gate runs
 * from about 1.3 to 1.65 times darker, which a rug's weave often is too: floor-lines.ts's `sparse` keeps the fill off
 * the weave, not this.
 */
const CRACK_FROM = 1.8;
const CRACK_FULL = 3;
const HIGHLIGHT_KEEP: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const t = Math.min(1, Math.max(0, (v - HIGHLIGHT_FROM) / (255 - HIGHLIGHT_FROM)));
    table[v] = 1 - 0.85 * t * t * (3 - 2 * t);
  }
  return table;
})();

export function renderPass(input: RenderPassInput): Buffer {
  const { width, height, channels, fields, fieldWidth, fieldHeight } = input;
  const { curve, saturation, shadowOffset, highlightOffset } = input.grade;
  const [gainR, gainG, gainB] = input.grade.gains;
  const [shadowR, shadowG, shadowB] = shadowOffset;
  const [highlightR, highlightG, highlightB] = highlightOffset;
  // Plain typed-array views: V8 optimises element access on these better than on Buffer subclasses.
  const source = new Uint8Array(input.source.buffer, input.source.byteOffset, input.source.length);
  const output = new Uint8Array(width * height * 3);
  const curveScale = CURVE_STEPS / CURVE_RANGE;

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
  const shadingRow = new Float32Array(fieldWidth);
  const ownLightRow = new Float32Array(fieldWidth);
  const fillRow = new Float32Array(fieldWidth);
  const recolourInput = new Float64Array(RECOLOUR_INPUTS);
  const recoloured = new Float64Array(3);
  const floorPoint = new Float64Array(FLOOR_POINT);
  const bright = new Float64Array(3);
  const brightestAround = boxedBrightest(source, width, height, channels, HIGHLIGHT_RADIUS);
  const floor = input.floor ?? null;
  const {
    pixels: boards,
    sparse,
    from: boardsFrom,
    to: boardsTo,
    width: boardsWidth,
    height: boardsHeight,
  } = floor?.boards ?? NO_CLOSED_ROWS;
  // Each pixel's nearest in the closing's shrunk copy (its boards are even, so the nearest is enough).
  const boardsColumn = new Int32Array(width);
  for (let x = 0; x < width; x++) boardsColumn[x] = Math.min(boardsWidth - 1, Math.floor(((x + 0.5) * boardsWidth) / width));
  const gains = new Float64Array(3);
  // A pixel mostly floor is held back where it is unlike the floor; elsewhere a saturation limit of 0 means none.
  const floorSaturation = input.floorColours?.newSaturation ?? 0;
  recolourInput[9] = input.floorColours?.photographed[0] ?? 0;
  recolourInput[10] = input.floorColours?.photographed[1] ?? 0;

  // A tile of uniform [0, 1) dither values from the seed, repeated over the image: in place of rounding's +0.5.
  const dither = new Float32Array(DITHER_TILE * DITHER_TILE * 3);
  const random = createRandom(input.seed);
  for (let i = 0; i < dither.length; i++) dither[i] = random();
  let from = 0;
  let to = 0;
  for (let y = 0; y < height; y++) {
    const rowPosition = Math.min(fieldHeight - 1, Math.max(0, ((y + 0.5) * fieldHeight) / height - 0.5));
    const row0 = Math.floor(rowPosition);
    const row1 = Math.min(fieldHeight - 1, row0 + 1);
    const rowFraction = rowPosition - row0;
    for (let i = 0, a = row0 * fieldWidth * FIELD_CHANNELS, b = row1 * fieldWidth * FIELD_CHANNELS; i < fieldWidth * FIELD_CHANNELS; i++) {
      row[i] = fields[a + i] + (fields[b + i] - fields[a + i]) * rowFraction;
    }
    if (floor !== null) {
      const { shading, ownLight, fill } = floor.light;
      for (let i = 0, a = row0 * fieldWidth, b = row1 * fieldWidth; i < fieldWidth; i++) {
        shadingRow[i] = shading[a + i] + (shading[b + i] - shading[a + i]) * rowFraction;
        ownLightRow[i] = ownLight[a + i] + (ownLight[b + i] - ownLight[a + i]) * rowFraction;
        fillRow[i] = fill[a + i] + (fill[b + i] - fill[a + i]) * rowFraction;
      }
    }
    const ditherRow = (y & (DITHER_TILE - 1)) * DITHER_TILE * 3;
    const boardsRow =
      y >= boardsFrom && y < boardsTo
        ? Math.min(boardsHeight - 1, Math.floor(((y - boardsFrom + 0.5) * boardsHeight) / (boardsTo - boardsFrom)))
        : -1;

    // The field is smooth at the scale of a few pixels: interpolating it for every second pixel is invisible and
    // saves a third of the pass.
    let slope = 1;
    let offset = 0;
    let shiftA = 0;
    let shiftB = 0;
    let finish = 0;
    let floorShare = 0;
    let shadowGain = 0;
    let shading = 0;
    let ownLight = 0;
    let fill = 0;
    for (let x = 0; x < width; x++, from += channels, to += 3) {
      if ((x & 1) === 0) {
        const c0 = column0[x];
        const c1 = column1[x];
        const fx = columnFraction[x];
        slope = row[c0] + (row[c1] - row[c0]) * fx;
        offset = row[c0 + 1] + (row[c1 + 1] - row[c0 + 1]) * fx;
        shiftA = row[c0 + 2] + (row[c1 + 2] - row[c0 + 2]) * fx;
        shiftB = row[c0 + 3] + (row[c1 + 3] - row[c0 + 3]) * fx;
        finish = row[c0 + 4] + (row[c1 + 4] - row[c0 + 4]) * fx;
        floorShare = row[c0 + 5] + (row[c1 + 5] - row[c0 + 5]) * fx;
        shadowGain = row[c0 + 6] + (row[c1 + 6] - row[c0 + 6]) * fx;
        if (floor !== null) {
          const s0 = shadingRow[c0 / FIELD_CHANNELS];
          shading = s0 + (shadingRow[c1 / FIELD_CHANNELS] - s0) * fx;
          const o0 = ownLightRow[c0 / FIELD_CHANNELS];
          ownLight = o0 + (ownLightRow[c1 / FIELD_CHANNELS] - o0) * fx;
          const f0 = fillRow[c0 / FIELD_CHANNELS];
          fill = f0 + (fillRow[c1 / FIELD_CHANNELS] - f0) * fx;
        }
      }
      const r8 = source[from];
      const g8 = source[from + 1];
      const b8 = source[from + 2];
      if (finish < FINISH_NONE) {
        // Left as photographed (the view through a window): the pixel as it was, not even re-rounded.
        output[to] = r8;
        output[to + 1] = g8;
        output[to + 2] = b8;
        continue;
      }
      let inR = SRGB_TO_LINEAR[r8];
      let inG = SRGB_TO_LINEAR[g8];
      let inB = SRGB_TO_LINEAR[b8];
      const laid = floor !== null && floorShare > FLOOR_MATERIAL_FROM && layMaterial(floor, x + 0.5, y + 0.5, floorPoint, gains);
      if (laid && fill > 0 && boardsRow >= 0) {
        // The old floor's cracks and seams: a pixel much darker than the boards round it takes their colour.
        const k = (boardsRow * boardsWidth + boardsColumn[x]) * 3;
        const boardsR = SRGB_TO_LINEAR[boards[k]];
        const boardsG = SRGB_TO_LINEAR[boards[k + 1]];
        const boardsB = SRGB_TO_LINEAR[boards[k + 2]];
        const own = 0.2126 * inR + 0.7152 * inG + 0.0722 * inB;
        const round = 0.2126 * boardsR + 0.7152 * boardsG + 0.0722 * boardsB;
        const t = own > 0 ? (round / own - CRACK_FROM) / (CRACK_FULL - CRACK_FROM) : 1;
        const share = floorShare * fill * sparse[k / 3] * (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));
        inR += share * (boardsR - inR);
        inG += share * (boardsG - inG);
        inB += share * (boardsB - inB);
      }
      recolourInput[0] = inR;
      recolourInput[1] = inG;
      recolourInput[2] = inB;
      recolourInput[3] = slope;
      recolourInput[4] = offset;
      recolourInput[5] = shiftA;
      recolourInput[6] = shiftB;
      recolourInput[7] = shadowGain;
      recolourInput[8] = floorShare >= 0.5 ? floorSaturation : 0;
      recolourInput[11] = 1;
      if (laid) {
        const luminance = 0.2126 * inR + 0.7152 * inG + 0.0722 * inB;
        const ratio = luminance > 0 ? shading / luminance : 1;
        const flatten = Math.pow(
          ratio < FLATTEN_LIMITS[0] ? FLATTEN_LIMITS[0] : ratio > FLATTEN_LIMITS[1] ? FLATTEN_LIMITS[1] : ratio,
          FLATTEN * (1 - ownLight),
        );
        recolourInput[11] = 1 + floorShare * (flatten - 1);
      }
      recolourInLab(recolourInput, recoloured);
      let linearR = recoloured[0] > 0 ? recoloured[0] : 0;
      let linearG = recoloured[1] > 0 ? recoloured[1] : 0;
      let linearB = recoloured[2] > 0 ? recoloured[2] : 0;
      if (laid) {
        // The material's own grain and joints, in colour.
        linearR *= 1 + floorShare * (gains[0] - 1);
        linearG *= 1 + floorShare * (gains[1] - 1);
        linearB *= 1 + floorShare * (gains[2] - 1);
      }
      const brightest = Math.round(brightestAround[to / 3]);
      if (brightest >= HIGHLIGHT_FROM && floorShare > 0) {
        const keep = 1 - floorShare * (1 - HIGHLIGHT_KEEP[brightest]);
        // The same colour and chroma shift, with its lightness left as it is.
        recolourInput[3] = 1;
        recolourInput[4] = 0;
        recolourInput[7] = 0;
        recolourInput[11] = 1;
        recolourInLab(recolourInput, bright);
        linearR = bright[0] + (linearR - bright[0]) * keep;
        linearG = bright[1] + (linearG - bright[1]) * keep;
        linearB = bright[2] + (linearB - bright[2]) * keep;
      }
      if (floorShare > 0) {
        const peak = linearR > linearG ? (linearR > linearB ? linearR : linearB) : linearG > linearB ? linearG : linearB;
        if (peak > GAMUT_PEAK) {
          const scale = 1 + floorShare * (GAMUT_PEAK / peak - 1);
          linearR *= scale;
          linearG *= scale;
          linearB *= scale;
        }
      }
      // The style's finish: white balance gains, tone curve, saturation and split toning.
      const red = curve[(Math.min(linearR * gainR, CURVE_RANGE) * curveScale) | 0];
      const green = curve[(Math.min(linearG * gainG, CURVE_RANGE) * curveScale) | 0];
      const blue = curve[(Math.min(linearB * gainB, CURVE_RANGE) * curveScale) | 0];
      const luma = 0.299 * red + 0.587 * green + 0.114 * blue;
      const light = luma / 255;
      const shadow = (1 - light) * (1 - light);
      const highlight = light * light;
      let v0 = luma + (red - luma) * saturation + shadow * shadowR + highlight * highlightR;
      let v1 = luma + (green - luma) * saturation + shadow * shadowG + highlight * highlightG;
      let v2 = luma + (blue - luma) * saturation + shadow * shadowB + highlight * highlightB;
      if (finish < FINISH_FULL) {
        // At the edge of a restyled part the finish fades out toward the recoloured pixel without it.
        const plainR = PLAIN_CURVE[(Math.min(linearR, CURVE_RANGE) * curveScale) | 0];
        const plainG = PLAIN_CURVE[(Math.min(linearG, CURVE_RANGE) * curveScale) | 0];
        const plainB = PLAIN_CURVE[(Math.min(linearB, CURVE_RANGE) * curveScale) | 0];
        v0 = plainR + (v0 - plainR) * finish;
        v1 = plainG + (v1 - plainG) * finish;
        v2 = plainB + (v2 - plainB) * finish;
      }
      const d = ditherRow + (x & (DITHER_TILE - 1)) * 3;
      v0 += dither[d];
      v1 += dither[d + 1];
      v2 += dither[d + 2];
      output[to] = v0 >= 255 ? 255 : v0 <= 0 ? 0 : v0 | 0;
      output[to + 1] = v1 >= 255 ? 255 : v1 <= 0 ? 0 : v1 | 0;
      output[to + 2] = v2 >= 255 ? 255 : v2 <= 0 ? 0 : v2 | 0;
    }
  }
  return Buffer.from(output.buffer, output.byteOffset, output.length);
}

/**
 * The material's gains at pixel (x, y): the pixel's point on the floor and its footprint there (from the
 * derivatives of the projective map, written into `point` for the sampler), or false above the horizon.
 */
function layMaterial({ mapping: m, sample }: FloorLaying, x: number, y: number, point: Float64Array, gains: Float64Array): boolean {
  const w = m[6] * x + m[7] * y + m[8];
  if (w <= 0) return false;
  const u = (m[0] * x + m[1] * y + m[2]) / w;
  const v = (m[3] * x + m[4] * y + m[5]) / w;
  const footU = (Math.abs(m[0] - u * m[6]) + Math.abs(m[1] - u * m[7])) / w;
  const footV = (Math.abs(m[3] - v * m[6]) + Math.abs(m[4] - v * m[7])) / w;
  point[0] = u;
  point[1] = v;
  point[2] = footU;
  point[3] = footV;
  sample(point, gains);
  return true;
}

/** Per pixel, the mean of each pixel's brightest channel over the (2 × radius + 1)² box round it. */
function boxedBrightest(source: Uint8Array, width: number, height: number, channels: number, radius: number): Float32Array {
  const brightest = new Float32Array(width * height);
  for (let p = 0, i = 0; p < brightest.length; p++, i += channels) {
    const r = source[i];
    const g = source[i + 1];
    const b = source[i + 2];
    brightest[p] = r > g ? (r > b ? r : b) : g > b ? g : b;
  }
  return runningBoxMean(brightest, width, height, radius);
}
