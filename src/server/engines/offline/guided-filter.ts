// The last step of spreading the recolour over the photo: a guided filter (He, Sun and Tang, "Guided Image
// Filtering", 2013) of the field on the guide grid, with the photo's colours as the guide. The field comes from
// cells of the small copy (2.5 guide pixels each), smoothed across neighbours of similar colour; where two surfaces
// of one colour meet (a white wall under a white ceiling, a beam's soffit) that smoothing spreads the wall's paint
// a few cells past the corner, and a part's edge follows the cells' steps. In each window of the filter the field
// is fitted as a linear function of the photo's colour, so across a corner, a skirting board or a door's frame the
// change of paint lands on the photo's own edge, and inside one plain surface the paint fades out instead of ending
// in a cell's step. Where a window's colours are too many for a linear fit to follow, the field is kept as upsampled
// (see PLAIN_SPREAD); so it is next to the kept ceiling, unless the photo's colours explain it (see CEILING_SHARE).
// The view through a window is left exactly as the upsampling gave it (see below). The fits are made on the guide at
// half size and brought back to full size before they are applied to the full guide's colours (the fast guided
// filter, He and Sun, 2015; decision 067): a quarter of the work, for a field that is smooth anyway.
import type { GuideImage } from './downscale';
import { smoothstep } from './smoothstep';
import { boxMeanBuffers, runningBoxMean, type BoxMeanBuffers } from './grid-filters';
import { FIELD_CHANNELS, FINISH_CHANNEL, FLOOR_CHANNEL } from './recolour-field';

/** Half the filter's window, in guide pixels (4 % of the guide's long side: a corner's spill is a few cells). */
const RADIUS = 16;
/**
 * The fit's regularisation, in squared colour (sRGB over 255): a window whose colours vary less than about this
 * (√0.01 = 0.1, 25 codes) takes the field's mean rather than a fit to the photo's noise and texture.
 */
const EPSILON = 0.01;
/** The fits are made on a grid this many times smaller than the guide (the window shrinks with it). */
const SUBSAMPLE = 2;
/**
 * Where the fit is trusted (decision 078). It is a linear function of colour, which holds where a window spans one or
 * two surfaces. Where it spans several unlike colours (a white heater, its dark grille, the shaded floor under it and
 * a wall above of the floor's colour), no linear function of colour tells the floor from the wall: the fit blends
 * them, and a band of half-recoloured floor reaches a whole window (16 pixels) past the edge. The field as upsampled,
 * which already stops at strong colour edges (upsampleFields), is kept there instead. A window's fit counts fully
 * where any of these holds, and the more the closer it comes:
 * - the window is plain: its colour variance (summed over red, green and blue, sRGB over 255) at most
 *   PLAIN_SPREAD, fading out by BUSY_SPREAD (a cell's step in one plain surface should fade; a corner between two
 *   close colours should move onto the photo's edge);
 * - the fit explains the field: at least EXPLAINED_FULL of the field's variance in the window, from EXPLAINED_SOME
 *   (an edge of paint on an edge of colour, however busy the window);
 * - the window holds VIEW_SHARE of view or more: a view's extent is the least sure of the room's readings (a daylit
 *   stretch of wall can be taken for one), and the fit's fade hides a misread edge where a hard one would show it.
 */
const PLAIN_SPREAD = 0.03;
const BUSY_SPREAD = 0.12;
const EXPLAINED_SOME = 0.5;
const EXPLAINED_FULL = 0.9;
const VIEW_SHARE = 0.03;
/**
 * Where the window holds this share of ceiling or more, the fit counts only as far as it explains the field (decision
 * 086). The ceiling is read along the room's straight corners (ceiling.ts), so where it meets a painted wall the role
 * map's edge is surer than a fit to colour; and a white ceiling over a white wall gives the fit nothing to follow: in
 * a plain window it faded the wall's paint out over a whole window below the corner, a pale band under the ceiling
 * that showed most on dark paint. Beside the ceiling the field is kept as upsampled, unless the photo's colours
 * explain it (a corner with a step of colour still takes the paint's edge onto its own).
 */
const CEILING_SHARE = 0.03;
/** A field's variance over a window below which it counts as even (its channels are Lab units and shares). */
const EVEN_FIELD = 1e-6;
/** Pixels whose field took less of the style's finish than this are the view (finish 0) and stay as they were. */
const VIEW_BELOW = 0.5;

/**
 * Per pixel, the inverse of the guide's colour covariance in the window plus EPSILON (a symmetric 3 × 3 matrix: six
 * arrays, rr rg rb gg gb bb), and the window's mean colour.
 */
function guideStatistics(colour: Float32Array[], width: number, height: number, buffers: BoxMeanBuffers, radius: number) {
  const n = width * height;
  const mean = colour.map((channel) => runningBoxMean(channel, width, height, radius, undefined, buffers));
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
    const m = runningBoxMean(product, width, height, radius, undefined, buffers);
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
  // How plain each window is (see PLAIN_SPREAD): 1 in a window of a few close colours, 0 in a busy one.
  const plain = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const spread = covariance[0][i] + covariance[3][i] + covariance[5][i];
    plain[i] = 1 - smoothstep((spread - PLAIN_SPREAD) / (BUSY_SPREAD - PLAIN_SPREAD));
  }
  return { mean, inverse, plain };
}

/** The mean of each 2 × 2 block of a grid (a last odd row or column averages what it has). */
function halve(values: Float32Array, width: number, height: number, out: Float32Array): void {
  const halfWidth = Math.ceil(width / 2);
  const halfHeight = Math.ceil(height / 2);
  for (let y = 0; y < halfHeight; y++) {
    const y0 = 2 * y;
    const y1 = Math.min(height - 1, y0 + 1);
    for (let x = 0; x < halfWidth; x++) {
      const x0 = 2 * x;
      const x1 = Math.min(width - 1, x0 + 1);
      out[y * halfWidth + x] = (values[y0 * width + x0] + values[y0 * width + x1] + values[y1 * width + x0] + values[y1 * width + x1]) / 4;
    }
  }
}

/** Where each full-size column (or row) falls on the half-size grid: the cells either side, the second's weight. */
function halfPositions(size: number, halfSize: number) {
  const first = new Int32Array(size);
  const second = new Int32Array(size);
  const weight = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const position = Math.min(halfSize - 1, Math.max(0, (i + 0.5) / SUBSAMPLE - 0.5));
    first[i] = Math.floor(position);
    second[i] = Math.min(halfSize - 1, first[i] + 1);
    weight[i] = position - first[i];
  }
  return { first, second, weight };
}

/** A half-size grid's value between rows `top` and `bottom` (offsets of their first cells) and columns `left` and
 * `right`, `across` and `down` of the way from the first to the second. */
function bilinear(grid: Float32Array, top: number, bottom: number, left: number, right: number, across: number, down: number): number {
  const upper = grid[top + left] + (grid[top + right] - grid[top + left]) * across;
  const lower = grid[bottom + left] + (grid[bottom + right] - grid[bottom + left]) * across;
  return upper + (lower - upper) * down;
}

/**
 * The recolour `fields` (FIELD_CHANNELS per guide pixel) filtered with the guide's colours; a new array. `ceiling`
 * (per guide pixel, optional): where the room's ceiling is kept (ceiling-edge.ts).
 */
export function guideFields(fields: Float32Array, guide: GuideImage, ceiling?: Float32Array): Float32Array {
  const { width, height, srgb } = guide;
  const n = width * height;
  const colour = [0, 1, 2].map((c) => {
    const channel = new Float32Array(n);
    for (let i = 0; i < n; i++) channel[i] = srgb[i * 3 + c] / 255;
    return channel;
  });
  // The fits on the guide at half size; their means, back at full size, are applied to the full guide's colours.
  const halfWidth = Math.ceil(width / 2);
  const halfHeight = Math.ceil(height / 2);
  const m = halfWidth * halfHeight;
  const radius = RADIUS / SUBSAMPLE;
  const halfColour = colour.map((channel) => {
    const half = new Float32Array(m);
    halve(channel, width, height, half);
    return half;
  });
  const buffers = boxMeanBuffers(halfWidth, halfHeight);
  const { mean, inverse, plain } = guideStatistics(halfColour, halfWidth, halfHeight, buffers, radius);
  // Each window's trust in its fit whatever the field (see PLAIN_SPREAD): as plain as it is, or beside a view; none
  // beside the ceiling (see CEILING_SHARE).
  const view = new Float32Array(n);
  for (let i = 0; i < n; i++) view[i] = fields[i * FIELD_CHANNELS + FINISH_CHANNEL] < VIEW_BELOW ? 1 : 0;
  const halfView = new Float32Array(m);
  halve(view, width, height, halfView);
  const viewShare = runningBoxMean(halfView, halfWidth, halfHeight, radius, undefined, buffers);
  const baseTrust = plain.map((plainness, i) => Math.max(plainness, smoothstep(viewShare[i] / VIEW_SHARE)));
  if (ceiling) {
    const halfCeiling = new Float32Array(m);
    halve(ceiling, width, height, halfCeiling);
    const ceilingShare = runningBoxMean(halfCeiling, halfWidth, halfHeight, radius, undefined, buffers);
    for (let i = 0; i < m; i++) baseTrust[i] *= 1 - smoothstep(ceilingShare[i] / CEILING_SHARE);
  }
  const trust = new Float32Array(m);
  const meanTrust = new Float32Array(m);
  const fieldSquare = new Float32Array(m);
  const out = new Float32Array(fields.length);
  const full = new Float32Array(n);
  const channel = new Float32Array(m);
  const product = new Float32Array(m);
  const fieldMean = new Float32Array(m);
  const covariance = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  const slopes = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  const intercept = new Float32Array(m);
  const meanSlopes = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  const meanIntercept = new Float32Array(m);
  const columns = halfPositions(width, halfWidth);
  const rows = halfPositions(height, halfHeight);
  for (let k = 0; k < FIELD_CHANNELS; k++) {
    for (let i = 0; i < n; i++) full[i] = fields[i * FIELD_CHANNELS + k];
    halve(full, width, height, channel);
    runningBoxMean(channel, halfWidth, halfHeight, radius, fieldMean, buffers);
    // The covariance of each guide colour with the field, over each window.
    for (let c = 0; c < 3; c++) {
      const guideChannel = halfColour[c];
      const guideMean = mean[c];
      for (let i = 0; i < m; i++) product[i] = guideChannel[i] * channel[i];
      const withField = runningBoxMean(product, halfWidth, halfHeight, radius, covariance[c], buffers);
      for (let i = 0; i < m; i++) withField[i] -= guideMean[i] * fieldMean[i];
    }
    // The window's linear fit: field ≈ slopes · colour + intercept.
    const [withRed, withGreen, withBlue] = covariance;
    const [slopeR, slopeG, slopeB] = slopes;
    const [meanRed, meanGreen, meanBlue] = mean;
    const [rr, rg, rb, gg, gb, bb] = inverse;
    for (let i = 0; i < m; i++) {
      const x = withRed[i];
      const y = withGreen[i];
      const z = withBlue[i];
      slopeR[i] = rr[i] * x + rg[i] * y + rb[i] * z;
      slopeG[i] = rg[i] * x + gg[i] * y + gb[i] * z;
      slopeB[i] = rb[i] * x + gb[i] * y + bb[i] * z;
      intercept[i] = fieldMean[i] - slopeR[i] * meanRed[i] - slopeG[i] * meanGreen[i] - slopeB[i] * meanBlue[i];
    }
    // The window's trust in this fit: its base trust, or the share of the field's variance the fit explains.
    for (let i = 0; i < m; i++) product[i] = channel[i] * channel[i];
    runningBoxMean(product, halfWidth, halfHeight, radius, fieldSquare, buffers);
    for (let i = 0; i < m; i++) {
      const variance = fieldSquare[i] - fieldMean[i] * fieldMean[i];
      // A field that is even over the window is its mean, fitted or not.
      const explained =
        variance > EVEN_FIELD ? (slopeR[i] * withRed[i] + slopeG[i] * withGreen[i] + slopeB[i] * withBlue[i]) / variance : 1;
      trust[i] = Math.max(baseTrust[i], smoothstep((explained - EXPLAINED_SOME) / (EXPLAINED_FULL - EXPLAINED_SOME)));
    }
    // Each pixel trusts the fits as much as the windows it lies in do, on average.
    runningBoxMean(trust, halfWidth, halfHeight, radius, meanTrust, buffers);
    // Each pixel averages the fits of every window it lies in.
    for (let c = 0; c < 3; c++) runningBoxMean(slopes[c], halfWidth, halfHeight, radius, meanSlopes[c], buffers);
    runningBoxMean(intercept, halfWidth, halfHeight, radius, meanIntercept, buffers);
    const [meanR, meanG, meanB] = meanSlopes;
    const [red, green, blue] = colour;
    for (let y = 0; y < height; y++) {
      const top = rows.first[y] * halfWidth;
      const bottom = rows.second[y] * halfWidth;
      const down = rows.weight[y];
      for (let x = 0; x < width; x++) {
        const left = columns.first[x];
        const right = columns.second[x];
        const across = columns.weight[x];
        const i = y * width + x;
        const fitted =
          bilinear(meanR, top, bottom, left, right, across, down) * red[i] +
          bilinear(meanG, top, bottom, left, right, across, down) * green[i] +
          bilinear(meanB, top, bottom, left, right, across, down) * blue[i] +
          bilinear(meanIntercept, top, bottom, left, right, across, down);
        const given = fields[i * FIELD_CHANNELS + k];
        out[i * FIELD_CHANNELS + k] = given + (fitted - given) * bilinear(meanTrust, top, bottom, left, right, across, down);
      }
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
