import { describe, expect, it } from 'vitest';
import { startOfTodayInMassachusetts } from './time';

describe('startOfTodayInMassachusetts', () => {
  it('finds local midnight in winter (UTC-5) and summer (UTC-4)', () => {
    expect(startOfTodayInMassachusetts(new Date('2026-11-22T03:30:00.000Z')).toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(startOfTodayInMassachusetts(new Date('2026-07-04T16:00:00.250Z')).toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });
});
