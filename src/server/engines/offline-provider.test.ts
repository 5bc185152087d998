// The note a homeowner reads under a result made from their own words.
import { describe, expect, it } from 'vitest';
import { offlineWordsNote } from './offline-provider';

describe('offlineWordsNote', () => {
  it('names what was applied and what was not', () => {
    expect(offlineWordsNote('white shaker cabinets, walnut floor')).toBe(
      'The offline preview applied: white (cabinets and furniture), walnut (floor). It did not understand: shaker. It changes colours and materials, not objects.',
    );
  });

  it('says when nothing could be applied', () => {
    expect(offlineWordsNote('add a chandelier')).toBe(
      'The offline preview found no colour, material or mood words to apply. It did not understand: chandelier. It changes colours and materials, not objects.',
    );
  });
});
