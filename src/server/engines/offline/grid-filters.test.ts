// The running-sum box mean (for the guided filter's wide windows) against the plain one it stands in for, on a grid
// whose sides are not multiples of the window, with windows wider than the grid too.
import { describe, expect, it } from 'vitest';
import { boxMean, runningBoxMean } from './grid-filters';
import { createRandom } from './random';

describe('runningBoxMean', () => {
  const width = 37;
  const height = 23;
  const random = createRandom(3);
  const values = Float32Array.from({ length: width * height }, () => random());

  it.each([1, 4, 16, 40])('matches the plain box mean at radius %i, cut at the grid edges the same way', (radius) => {
    const running = runningBoxMean(values, width, height, radius);
    const plain = boxMean(values, width, height, radius);
    for (let i = 0; i < plain.length; i++) expect(running[i]).toBeCloseTo(plain[i], 5);
  });
});
