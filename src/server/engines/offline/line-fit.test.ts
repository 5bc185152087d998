import { describe, expect, it } from 'vitest';
import { fitLine, fitStraight } from './line-fit';

describe('fitLine', () => {
  it('finds the line through points on it, with no stray', () => {
    const fit = fitLine([0, 1, 2, 3], [5, 5.5, 6, 6.5]);
    expect(fit?.slope).toBeCloseTo(0.5, 12);
    expect(fit?.at(10)).toBeCloseTo(10, 12);
    expect(fit?.rms).toBeCloseTo(0, 12);
  });

  it('measures how far a staircase strays from its line, and gives a level line for one column', () => {
    // A staircase of whole rows: 0.1 and 0.3 rows off the line through it.
    expect(fitLine([0, 1, 2, 3], [0, 0, 1, 1])?.rms).toBeCloseTo(Math.sqrt(0.05), 12);
    expect(fitLine([4, 4], [1, 3])).toMatchObject({ slope: 0, rms: 1 });
    expect(fitLine([], [])).toBeNull();
  });
});

describe('fitStraight', () => {
  it('gives the line only for enough points lying along it', () => {
    expect(fitStraight([0, 1, 2, 3], [0, 0, 1, 1], 4, 0.5)?.slope).toBeCloseTo(0.4, 12);
    expect(fitStraight([0, 1, 2, 3], [0, 0, 1, 1], 5, 0.5)).toBeNull();
    expect(fitStraight([0, 1, 2, 3], [0, 0, 1, 1], 4, 0.2)).toBeNull();
  });
});
