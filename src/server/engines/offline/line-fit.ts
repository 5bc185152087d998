// The least-squares straight line through a few points: the ceiling's foot carried across columns that ran down a
// wall (ceiling.ts), and the ceiling's edge drawn between the cells' staircase (ceiling-edge.ts).

export type LineFit = {
  /** The line's value at `x`. */
  at: (x: number) => number;
  slope: number;
  /** Root mean square of the points' distances from the line, along y. */
  rms: number;
};

/** The line y = a + slope·x closest to the points (`xs[k]`, `ys[k]`) by least squares; null for no points. */
export function fitLine(xs: readonly number[], ys: readonly number[]): LineFit | null {
  const n = xs.length;
  if (n === 0) return null;
  const mx = xs.reduce((sum, x) => sum + x, 0) / n;
  const my = ys.reduce((sum, y) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let k = 0; k < n; k++) {
    sxy += (xs[k] - mx) * (ys[k] - my);
    sxx += (xs[k] - mx) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  const at = (x: number) => my + slope * (x - mx);
  let squares = 0;
  for (let k = 0; k < n; k++) squares += (ys[k] - at(xs[k])) ** 2;
  return { at, slope, rms: Math.sqrt(squares / n) };
}

/**
 * The line through the points, where they lie along one: at least `fewest` of them, straying from it by at most
 * `maxRms` (root mean square, along y); otherwise null.
 */
export function fitStraight(xs: readonly number[], ys: readonly number[], fewest: number, maxRms: number): LineFit | null {
  if (xs.length < fewest) return null;
  const fit = fitLine(xs, ys);
  return fit && fit.rms <= maxRms ? fit : null;
}
