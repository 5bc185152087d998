// Finds the floor in a room photo: the row where it begins in each column. Colours are compared with the bottom
// of the frame (nearly always floor) and the top (walls, ceiling); one coherent line is then chosen across all
// columns by dynamic programming, preferring colour steps (skirting boards) and few jumps. A colour far from both
// samples (the lower part of a wall under a row of windows, which the top sample never sees) says little about
// where the line runs, however slightly nearer one sample it is (decision 056).
import type { SmallImage } from './downscale';
import { createRandom } from './random';
import { kMeansLab } from './segmentation';

/** Rows from here down are the floor sample; rows above TOP_BAND_TO are the walls-and-ceiling sample. */
const FLOOR_BAND_FROM = 0.85;
const TOP_BAND_TO = 0.5;
/** Colours per sample: enough for light and dark planks, sun patches and shade. */
const BAND_COLOURS = 6;
/** Lightness counts this much against hue and chroma when comparing a cell with the samples (see nearest). */
const LIGHTNESS_WEIGHT = 0.35;
/** Softness (in those distance units) of the floor-versus-top decision for one cell, and the odds it is allowed. */
const DECISION_SOFTNESS = 3;
const LIKELIHOOD_LIMITS = [0.1, 0.9] as const;
/**
 * In the line's choice, the softness grows by this times the distance to the nearer sample: a colour neither sample
 * explains is left near even odds, and the edges (a heater's foot) and the position choose the line.
 */
const UNEXPLAINED_SOFTENING = 1;
/** Dark details and the view outside say little about where the floor is. */
const NEUTRAL_LIKELIHOOD = 0.4;
/** Line scoring: credit per unit of colour step under the line (capped), prior for lower rows, cost per row of jump. */
const EDGE_CREDIT = 2.5;
const EDGE_CAP = 20;
const POSITION_WEIGHT = 0.3;
const JUMP_COST = 1;
const MAX_JUMP = 6;
/** The floor never rises above this fraction of the height: with the camera at standing height it lies below the horizon. */
const HIGHEST = 0.4;

export type Floor = {
  /** Per column, the first floor row (height when the column shows no floor). */
  line: Int32Array;
  /**
   * Per cell, how likely its colour is floor rather than wall or ceiling (0..1), by which sample is nearer however
   * far both are: below the line, a cell is floor as far as its colour is.
   */
  likelihood: Float64Array;
};

/** `neutral` marks cells (dark details, the view outside) that say nothing about where the floor is. */
export function findFloor(image: SmallImage, neutral: (cell: number) => boolean): Floor {
  const { width, height, lab } = image;
  const floorColours = bandColours(lab, width, Math.floor(height * FLOOR_BAND_FROM), height);
  const topColours = bandColours(lab, width, 0, Math.ceil(height * TOP_BAND_TO));
  const likelihood = new Float64Array(width * height);
  const forLine = new Float64Array(width * height);
  for (let i = 0; i < width * height; i++) {
    if (neutral(i)) {
      likelihood[i] = forLine[i] = NEUTRAL_LIKELIHOOD;
      continue;
    }
    const toTop = nearest(lab, i * 3, topColours);
    const toFloor = nearest(lab, i * 3, floorColours);
    likelihood[i] = odds(toTop - toFloor, DECISION_SOFTNESS);
    forLine[i] = odds(toTop - toFloor, DECISION_SOFTNESS + UNEXPLAINED_SOFTENING * Math.min(toTop, toFloor));
  }
  return { line: bestLine(image, forLine), likelihood };
}

/** The floor's odds from how much nearer the floor sample is than the top one, within LIKELIHOOD_LIMITS. */
function odds(nearerFloorBy: number, softness: number): number {
  const p = 1 / (1 + Math.exp(-nearerFloorBy / softness));
  return Math.min(LIKELIHOOD_LIMITS[1], Math.max(LIKELIHOOD_LIMITS[0], p));
}

function bandColours(lab: Float32Array, width: number, fromRow: number, toRow: number): Float64Array {
  const band = lab.subarray(fromRow * width * 3, toRow * width * 3);
  const { clusters } = kMeansLab(Float32Array.from(band), BAND_COLOURS, createRandom(1), 2);
  return Float64Array.from(clusters.flatMap((cluster) => [...cluster.lab]));
}

/**
 * Distance to the nearest sample colour, with lightness weighed down: a sun patch or a shaded corner of a floor is
 * still the floor's hue, and it is hue that tells an oak floor from a white wall.
 */
function nearest(lab: Float32Array, offset: number, colours: Float64Array): number {
  let best = Number.POSITIVE_INFINITY;
  for (let c = 0; c < colours.length; c += 3) {
    const d =
      ((lab[offset] - colours[c]) * LIGHTNESS_WEIGHT) ** 2 +
      (lab[offset + 1] - colours[c + 1]) ** 2 +
      (lab[offset + 2] - colours[c + 2]) ** 2;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/**
 * The seam (as in seam carving) that minimises: for each column, the cost of calling the cells below it floor and
 * those above it not, minus credit for sitting on a colour step, plus a cost per row of jump between columns.
 */
function bestLine({ width, height, lab }: SmallImage, likelihood: Float64Array): Int32Array {
  const highest = Math.round(height * HIGHEST);
  const rows = height - highest + 1; // candidate lines: rows highest … height (height = no floor in this column)
  const data = new Float64Array(width * rows);
  const asFloor = new Float64Array(height);
  const asOther = new Float64Array(height);
  for (let x = 0; x < width; x++) {
    for (let y = highest; y < height; y++) {
      const p = likelihood[y * width + x];
      // Lower in the frame is likelier floor.
      const depth = (y - highest) / (height - highest);
      asFloor[y] = -Math.log(p) + POSITION_WEIGHT * (1 - depth);
      asOther[y] = -Math.log(1 - p) + POSITION_WEIGHT * depth;
    }
    let below = 0;
    for (let y = highest; y < height; y++) below += asFloor[y];
    let above = 0;
    for (let r = 0; r < rows; r++) {
      const y = highest + r;
      data[x * rows + r] = above + below - EDGE_CREDIT * edgeStrength(lab, width, height, x, y);
      if (y < height) {
        above += asOther[y];
        below -= asFloor[y];
      }
    }
  }

  const total = new Float64Array(width * rows);
  const from = new Int32Array(width * rows);
  total.set(data.subarray(0, rows));
  for (let x = 1; x < width; x++) {
    for (let r = 0; r < rows; r++) {
      let best = Number.POSITIVE_INFINITY;
      let bestFrom = r;
      for (let previous = Math.max(0, r - MAX_JUMP); previous <= Math.min(rows - 1, r + MAX_JUMP); previous++) {
        const cost = total[(x - 1) * rows + previous] + JUMP_COST * Math.abs(previous - r);
        if (cost < best) {
          best = cost;
          bestFrom = previous;
        }
      }
      total[x * rows + r] = best + data[x * rows + r];
      from[x * rows + r] = bestFrom;
    }
  }
  const line = new Int32Array(width);
  let r = 0;
  for (let candidate = 1; candidate < rows; candidate++) {
    if (total[(width - 1) * rows + candidate] < total[(width - 1) * rows + r]) r = candidate;
  }
  for (let x = width - 1; x >= 0; x--) {
    line[x] = highest + r;
    r = from[x * rows + r];
  }
  return line;
}

/** Colour step (ΔE76, capped) between the two rows above and the two rows from `y` down: where a floor line sits. */
function edgeStrength(lab: Float32Array, width: number, height: number, x: number, y: number): number {
  if (y < 2 || y > height - 2) return 0;
  let step = 0;
  for (let c = 0; c < 3; c++) {
    const upper = (lab[((y - 2) * width + x) * 3 + c] + lab[((y - 1) * width + x) * 3 + c]) / 2;
    const lower = (lab[(y * width + x) * 3 + c] + lab[((y + 1) * width + x) * 3 + c]) / 2;
    step += (upper - lower) ** 2;
  }
  return Math.min(EDGE_CAP, Math.sqrt(step));
}
