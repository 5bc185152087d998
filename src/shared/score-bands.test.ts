import { describe, expect, it } from 'vitest';
import { priorityBand, scoreBand } from './score-bands';

describe('score bands', () => {
  it('bands scores at 80/60/40', () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(scoreBand)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Poor',
      'Poor',
    ]);
  });

  it('bands priority at 70/50 with the low label each view uses', () => {
    expect([70, 69, 50, 49].map((score) => priorityBand(score))).toEqual([
      'High Priority',
      'Medium Priority',
      'Medium Priority',
      'Standard',
    ]);
    expect(priorityBand(10, 'Low Priority')).toBe('Low Priority');
  });
});
