import { describe, expect, it } from 'vitest';
import { accuracy, fitLogistic, logLoss, predictProbability, sigmoid, solve } from './logistic-regression';

/** A seeded generator (mulberry32), so the synthetic data and the assertions never change. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function synthetic(n: number, truth: { intercept: number; weights: number[] }, seed = 7) {
  const next = random(seed);
  const rows: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const row = truth.weights.map(() => next());
    rows.push(row);
    y.push(next() < predictProbability(truth, row) ? 1 : 0);
  }
  return { rows, y };
}

describe('logistic regression', () => {
  it('recovers known weights from synthetic data', () => {
    const truth = { intercept: -3, weights: [1, 4, 2] };
    const { rows, y } = synthetic(20_000, truth);
    const fit = fitLogistic(rows, y, { l2: 0.01 });
    expect(fit.converged).toBe(true);
    expect(fit.intercept).toBeCloseTo(truth.intercept, 0);
    fit.weights.forEach((weight, index) => expect(Math.abs(weight - truth.weights[index])).toBeLessThan(0.35));
    // The fitted model explains the data about as well as the truth does.
    expect(logLoss(fit, rows, y)).toBeLessThanOrEqual(logLoss(truth, rows, y) + 1e-3);
    expect(accuracy(fit, rows, y)).toBeGreaterThan(0.7);
  });

  it('shrinks weights towards zero as the L2 penalty grows', () => {
    const { rows, y } = synthetic(200, { intercept: -1, weights: [3, -2] }, 11);
    const loose = fitLogistic(rows, y, { l2: 0.01 });
    const tight = fitLogistic(rows, y, { l2: 100 });
    const norm = (weights: number[]) => Math.hypot(...weights);
    expect(norm(tight.weights)).toBeLessThan(norm(loose.weights) / 3);
  });

  it('stays finite on perfectly separable data thanks to the penalty', () => {
    const rows = [[0], [0.1], [0.2], [0.8], [0.9], [1]];
    const fit = fitLogistic(rows, [0, 0, 0, 1, 1, 1], { l2: 1 });
    expect(Number.isFinite(fit.weights[0])).toBe(true);
    expect(fit.weights[0]).toBeGreaterThan(0);
    expect(accuracy(fit, rows, [0, 0, 0, 1, 1, 1])).toBe(1);
  });

  it('refuses mismatched input', () => {
    expect(() => fitLogistic([], [])).toThrow();
    expect(() => fitLogistic([[1]], [1, 0])).toThrow();
  });

  it('has the textbook pieces right', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(
      solve(
        [
          [2, 1],
          [1, 3],
        ],
        [3, 5],
      ),
    ).toEqual([expect.closeTo(0.8, 9), expect.closeTo(1.4, 9)]);
    expect(logLoss({ intercept: 0, weights: [0] }, [[1], [2]], [0, 1])).toBeCloseTo(Math.log(2), 9);
  });
});
