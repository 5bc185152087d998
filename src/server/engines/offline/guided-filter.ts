// The last step of spreading the recolour over the photo: a guided filter (He, Sun and Tang, "Guided Image
// Filtering", 2013) of the field on the guide grid, with the photo's colours as the guide. The field comes from
// cells of the small copy (2.5 guide pixels each), smoothed across neighbours of similar colour; where two surfaces
// of one colour meet (a white wall under a white ceiling, a beam's soffit) that smoothing spreads the wall's paint
// a few cells past the corner, and a part's edge follows the cells' steps. In each window of the filter the field
// is fitted as a linear function of the photo's colour, so across a corner, a skirting board or a door's frame the
// change of paint lands on the photo's own edge, and inside one plain surface the paint fades out instead of ending
// in a cell's step. The view through a window is left exactly as the upsampling gave it (see below).
import type { GuideImage } from './downscale';
import { boxMeanBuffers, runningBoxMean, type BoxMeanBuffers } from './grid-filters';
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
function guideStatistics(colour: Float32Array[], width: number, height: number, buffers: BoxMeanBuffers) {
  const n = width * height;
  const mean = colour.map((channel) => runningBoxMean(channel, width, height, RADIUS, undefined, buffers));
  const product = new Float32Array(n);
  const covariance = [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 1],
    [1, 2],
    [2, 2],
  ].map(([p, q]) => {
    for (let i = 0; i < n; i++) product[i] = colour[p][i] * colour[q][i];
    const m = runningBoxMean(product, width, height, RADIUS, undefined, buffers);
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
  const colour = [0, 1, 2].map((c) => {
    const channel = new Float32Array(n);
    for (let i = 0; i < n; i++) channel[i] = srgb[i * 3 + c] / 255;
    return channel;
  });
  // Every array the channels' fits need, made once: 56 box means of the 400 px guide per render.
  const buffers = boxMeanBuffers(width, height);
  const { mean, inverse } = guideStatistics(colour, width, height, buffers);
  const out = new Float32Array(fields.length);
  const channel = new Float32Array(n);
  const product = new Float32Array(n);
  const fieldMean = new Float32Array(n);
  const covariance = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const slopes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const intercept = new Float32Array(n);
  const meanSlopes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const meanIntercept = new Float32Array(n);
  for (let k = 0; k < FIELD_CHANNELS; k++) {
    for (let i = 0; i < n; i++) channel[i] = fields[i * FIELD_CHANNELS + k];
    runningBoxMean(channel, width, height, RADIUS, fieldMean, buffers);
    // The covariance of each guide colour with the field, over each window.
    for (let c = 0; c < 3; c++) {
      const guideChannel = colour[c];
      const guideMean = mean[c];
      for (let i = 0; i < n; i++) product[i] = guideChannel[i] * channel[i];
      const m = runningBoxMean(product, width, height, RADIUS, covariance[c], buffers);
      for (let i = 0; i < n; i++) m[i] -= guideMean[i] * fieldMean[i];
    }
    // The window's linear fit: field ≈ slopes · colour + intercept.
    const [withRed, withGreen, withBlue] = covariance;
    const [slopeR, slopeG, slopeB] = slopes;
    const [meanRed, meanGreen, meanBlue] = mean;
    const [rr, rg, rb, gg, gb, bb] = inverse;
    for (let i = 0; i < n; i++) {
      const x = withRed[i];
      const y = withGreen[i];
      const z = withBlue[i];
      slopeR[i] = rr[i] * x + rg[i] * y + rb[i] * z;
      slopeG[i] = rg[i] * x + gg[i] * y + gb[i] * z;
      slopeB[i] = rb[i] * x + gb[i] * y + bb[i] * z;
      intercept[i] = fieldMean[i] - slopeR[i] * meanRed[i] - slopeG[i] * meanGreen[i] - slopeB[i] * meanBlue[i];
    }
    // Each pixel averages the fits of every window it lies in.
    for (let c = 0; c < 3; c++) runningBoxMean(slopes[c], width, height, RADIUS, meanSlopes[c], buffers);
    runningBoxMean(intercept, width, height, RADIUS, meanIntercept, buffers);
    const [meanR, meanG, meanB] = meanSlopes;
    const [red, green, blue] = colour;
    for (let i = 0; i < n; i++) {
      out[i * FIELD_CHANNELS + k] = meanR[i] * red[i] + meanG[i] * green[i] + meanB[i] * blue[i] + meanIntercept[i];
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
