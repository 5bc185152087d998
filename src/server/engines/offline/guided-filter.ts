// The last step of spreading the recolour over the photo: a guided filter (He, Sun and Tang, "Guided Image
// Filtering", 2013) of the field on the guide grid, with the photo's colours as the guide. The field comes from
// cells of the small copy (2.5 guide pixels each), smoothed across neighbours of similar colour; where two surfaces
// of one colour meet (a white wall under a white ceiling, a beam's soffit) that smoothing spreads the wall's paint
// a few cells past the corner, and a part's edge follows the cells' steps. In each window of the filter the field
// is fitted as a linear function of the photo's colour, so across a corner, a skirting board or a door's frame the
// change of paint lands on the photo's own edge, and inside one plain surface the paint fades out instead of ending
// in a cell's step. The view through a window is left exactly as the upsampling gave it (see below).
import type { GuideImage } from './downscale';
import { runningBoxMean } from './grid-filters';
import { FIELD_CHANNELS, FINISH_CHANNEL, FLOOR_CHANNEL } from './recolour-field';

/** Half the filter's window, in guide pixels (4 % of the guide's long side: a corner's spill is a few cells). */
const RADIUS = 16;
/**
 * The fit's regularisation, in squared colour (sRGB over 255): a window whose colours vary less than about this
 * (√0.01 = 0.1, 25 codes) takes the field's mean rather than a fit to the photo's noise and texture.
 */
const EPSILON = 0.01;
/** Pixels whose field took less of the style's finish than this are the view (finish 0) and stay as they were. */
const VIEW_BELOW = 0.5;

/**
 * Per pixel, the inverse of the guide's colour covariance in the window plus EPSILON (a symmetric 3 × 3 matrix: six
 * arrays, rr rg rb gg gb bb), and the window's mean colour.
 */
function guideStatistics(colour: Float32Array[], width: number, height: number) {
  const n = width * height;
  const mean = colour.map((channel) => runningBoxMean(channel, width, height, RADIUS));
  const covariance = [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 1],
    [1, 2],
    [2, 2],
  ].map(([p, q]) => {
    const product = new Float32Array(n);
    for (let i = 0; i < n; i++) product[i] = colour[p][i] * colour[q][i];
    const m = runningBoxMean(product, width, height, RADIUS);
    for (let i = 0; i < n; i++) m[i] -= mean[p][i] * mean[q][i];
    return m;
  });
  const inverse = Array.from({ length: 6 }, () => new Float32Array(n));
  for (let i = 0; i < n; i++) {
    const rr = covariance[0][i] + EPSILON;
    const rg = covariance[1][i];
    const rb = covariance[2][i];
    const gg = covariance[3][i] + EPSILON;
    const gb = covariance[4][i];
    const bb = covariance[5][i] + EPSILON;
    // The adjugate over the determinant.
    const c00 = gg * bb - gb * gb;
    const c01 = rb * gb - rg * bb;
    const c02 = rg * gb - rb * gg;
    const determinant = rr * c00 + rg * c01 + rb * c02;
    inverse[0][i] = c00 / determinant;
    inverse[1][i] = c01 / determinant;
    inverse[2][i] = c02 / determinant;
    inverse[3][i] = (rr * bb - rb * rb) / determinant;
    inverse[4][i] = (rb * rg - rr * gb) / determinant;
    inverse[5][i] = (rr * gg - rg * rg) / determinant;
  }
  return { mean, inverse };
}

/** The recolour `fields` (FIELD_CHANNELS per guide pixel) filtered with the guide's colours; a new array. */
export function guideFields(fields: Float32Array, guide: GuideImage): Float32Array {
  const { width, height, srgb } = guide;
  const n = width * height;
  const colour = [0, 1, 2].map((c) => Float32Array.from({ length: n }, (_, i) => srgb[i * 3 + c] / 255));
  const { mean, inverse } = guideStatistics(colour, width, height);
  const out = new Float32Array(fields.length);
  const channel = new Float32Array(n);
  const product = new Float32Array(n);
  const slopes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const intercept = new Float32Array(n);
  for (let k = 0; k < FIELD_CHANNELS; k++) {
    for (let i = 0; i < n; i++) channel[i] = fields[i * FIELD_CHANNELS + k];
    const fieldMean = runningBoxMean(channel, width, height, RADIUS);
    // The covariance of each guide colour with the field, over each window.
    const covariance = colour.map((guideChannel, c) => {
      for (let i = 0; i < n; i++) product[i] = guideChannel[i] * channel[i];
      const m = runningBoxMean(product, width, height, RADIUS);
      for (let i = 0; i < n; i++) m[i] -= mean[c][i] * fieldMean[i];
      return m;
    });
    // The window's linear fit: field ≈ slopes · colour + intercept.
    for (let i = 0; i < n; i++) {
      const x = covariance[0][i];
      const y = covariance[1][i];
      const z = covariance[2][i];
      slopes[0][i] = inverse[0][i] * x + inverse[1][i] * y + inverse[2][i] * z;
      slopes[1][i] = inverse[1][i] * x + inverse[3][i] * y + inverse[4][i] * z;
      slopes[2][i] = inverse[2][i] * x + inverse[4][i] * y + inverse[5][i] * z;
      intercept[i] = fieldMean[i] - slopes[0][i] * mean[0][i] - slopes[1][i] * mean[1][i] - slopes[2][i] * mean[2][i];
    }
    // Each pixel averages the fits of every window it lies in.
    const [meanR, meanG, meanB] = slopes.map((slope) => runningBoxMean(slope, width, height, RADIUS));
    const meanIntercept = runningBoxMean(intercept, width, height, RADIUS);
    for (let i = 0; i < n; i++) {
      out[i * FIELD_CHANNELS + k] = meanR[i] * colour[0][i] + meanG[i] * colour[1][i] + meanB[i] * colour[2][i] + meanIntercept[i];
    }
  }
  for (let i = 0; i < n; i++) {
    const f = i * FIELD_CHANNELS;
    // The view through a window stays exactly as photographed: a fit reaching over its frame would tint it.
    if (fields[f + FINISH_CHANNEL] < VIEW_BELOW) {
      for (let k = 0; k < FIELD_CHANNELS; k++) out[f + k] = fields[f + k];
      continue;
    }
    // Shares stay shares: a fit can overshoot past 0 or 1 beside a strong edge.
    out[f + FINISH_CHANNEL] = Math.min(1, Math.max(0, out[f + FINISH_CHANNEL]));
    out[f + FLOOR_CHANNEL] = Math.min(1, Math.max(0, out[f + FLOOR_CHANNEL]));
  }
  return out;
}
