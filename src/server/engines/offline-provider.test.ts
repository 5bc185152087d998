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

describe('offlineWordsNote, for parts the photo does not show', () => {
  it('says which understood words changed nothing because their part is not in the photo', () => {
    expect(offlineWordsNote('navy walls, white oak floors and brass lamps', ['accent'])).toBe(
      'The offline preview applied: navy (walls), white oak (floor). It found no accents and hardware in this photo, so brass changed nothing. It did not understand: lamps. It changes colours and materials, not objects.',
    );
  });

  it('opens with what it could not find when nothing it understood could be applied', () => {
    expect(offlineWordsNote('white cabinets, brass hardware', ['feature', 'accent', 'dark'])).toBe(
      'The offline preview found no cabinets and furniture or accents and hardware in this photo, so white and brass changed nothing. It changes colours and materials, not objects.',
    );
  });

  it('mentions only the parts the words named', () => {
    expect(offlineWordsNote('sage green walls', ['feature', 'accent'])).toBe(
      'The offline preview applied: sage green (walls). It changes colours and materials, not objects.',
    );
  });

  it('says when cabinets asked for in a light colour were left because the photo shows them only as dark pieces', () => {
    expect(offlineWordsNote('white shaker cabinets, walnut floor', [], ['feature'])).toBe(
      "The offline preview applied: walnut (floor). It kept this photo's dark pieces as they are (it cannot tell a dark cabinet from other dark things), so white changed nothing. It did not understand: shaker. It changes colours and materials, not objects.",
    );
    expect(offlineWordsNote('white cabinets, brass hardware', ['accent'], ['feature'])).toBe(
      "The offline preview found no accents and hardware in this photo, so brass changed nothing. It kept this photo's dark pieces as they are (it cannot tell a dark cabinet from other dark things), so white changed nothing. It changes colours and materials, not objects.",
    );
  });
});
