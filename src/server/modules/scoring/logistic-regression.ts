// Logistic regression with an L2 penalty, fitted by Newton's method (iteratively reweighted least
// squares). Pure and small on purpose: the close model has three features and at most tens of thousands
// of rows, where a few Newton steps converge exactly and no library is needed.

export type LogisticFit = {
  intercept: number;
  weights: number[];
  iterations: number;
  converged: boolean;
};
export type LogisticOptions = {
  /** Strength of the L2 penalty on the weights (never on the intercept); keeps small samples sane. */
  l2?: number;
  maxIterations?: number;
  /** Stop when no coefficient moves by more than this. */
  tolerance?: number;
};

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function predictProbability(fit: Pick<LogisticFit, 'intercept' | 'weights'>, row: number[]): number {
  return sigmoid(row.reduce((sum, value, index) => sum + value * fit.weights[index], fit.intercept));
}

/** Fits P(y = 1 | x) = sigmoid(b0 + w·x). Rows are feature vectors of equal length; y holds 0 or 1. */
export function fitLogistic(rows: number[][], y: number[], options: LogisticOptions = {}): LogisticFit {
  const { l2 = 1, maxIterations = 50, tolerance = 1e-8 } = options;
  if (rows.length === 0 || rows.length !== y.length) throw new Error('fitLogistic needs as many outcomes as rows, and at least one');
  const size = rows[0].length + 1;
  // Coefficient 0 is the intercept; each row is read as [1, ...features].
  let beta = new Array<number>(size).fill(0);
  for (let iteration = 1; iteration <= maxIterations; iteration += 1) {
    const gradient = beta.map((value, j) => (j === 0 ? 0 : -l2 * value));
    const hessian = Array.from({ length: size }, (_, j) => Array.from({ length: size }, (_, k) => (j === k && j > 0 ? l2 : 0)));
    rows.forEach((features, i) => {
      const x = [1, ...features];
      const p = sigmoid(x.reduce((sum, value, j) => sum + value * beta[j], 0));
      const w = Math.max(p * (1 - p), 1e-12);
      for (let j = 0; j < size; j += 1) {
        gradient[j] += (y[i] - p) * x[j];
        for (let k = 0; k < size; k += 1) hessian[j][k] += w * x[j] * x[k];
      }
    });
    const step = solve(hessian, gradient);
    beta = beta.map((value, j) => value + step[j]);
    if (Math.max(...step.map(Math.abs)) < tolerance)
      return { intercept: beta[0], weights: beta.slice(1), iterations: iteration, converged: true };
  }
  return { intercept: beta[0], weights: beta.slice(1), iterations: maxIterations, converged: false };
}

/** Mean negative log-likelihood of the outcomes (lower is better; 0.693 is a coin toss). */
export function logLoss(fit: Pick<LogisticFit, 'intercept' | 'weights'>, rows: number[][], y: number[]): number {
  const eps = 1e-12;
  const total = rows.reduce((sum, row, i) => {
    const p = Math.min(1 - eps, Math.max(eps, predictProbability(fit, row)));
    return sum - (y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p));
  }, 0);
  return total / rows.length;
}

/** Share of rows where p ≥ 0.5 agrees with the outcome. */
export function accuracy(fit: Pick<LogisticFit, 'intercept' | 'weights'>, rows: number[][], y: number[]): number {
  const right = rows.filter((row, i) => (predictProbability(fit, row) >= 0.5 ? 1 : 0) === y[i]).length;
  return right / rows.length;
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small, symmetric, positive definite with l2 > 0). */
export function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-12) throw new Error('fitLogistic: singular system (a feature without variation and no L2 penalty?)');
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let row = col + 1; row < n; row += 1) {
      const factor = a[row][col] / a[col][col];
      for (let k = col; k <= n; k += 1) a[row][k] -= factor * a[col][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = a[row][n];
    for (let k = row + 1; k < n; k += 1) sum -= a[row][k] * x[k];
    x[row] = sum / a[row][row];
  }
  return x;
}
