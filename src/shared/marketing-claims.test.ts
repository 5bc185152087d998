// The seed's marketing claims are made only once the counts bear both out (decision 069).
import { describe, expect, it } from 'vitest';
import { claimsBorneOut, MARKETING_CLAIMS } from './constants';

describe('claimsBorneOut', () => {
  const { homeowners, transformations } = MARKETING_CLAIMS;

  it('makes both claims once both counts reach them', () => {
    expect(claimsBorneOut({ homeowners: homeowners.atLeast, transformations: transformations.atLeast })).toEqual({
      homeowners: '1,000+',
      transformations: '10,000',
    });
  });

  it.each([
    ['a new site', 0, 0],
    ['one homeowner short', homeowners.atLeast - 1, transformations.atLeast * 2],
    ['one design short', homeowners.atLeast * 2, transformations.atLeast - 1],
  ])('makes neither for %s', (_case, homeownerCount, designCount) => {
    expect(claimsBorneOut({ homeowners: homeownerCount, transformations: designCount })).toBeNull();
  });
});
