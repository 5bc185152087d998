// How brightly a photo is exposed: the light new materials are given, and the light the room is read at.
import { describe, expect, it } from 'vitest';
import { estimateExposure, lightnessToY, readingExposure, yToLightness } from './exposure';

/** A photo's Lab values (lightness only) whose brightest tenth is at `exposure` of a well-exposed room's white. */
function photoAt(exposure: number): Float32Array {
  const lab = new Float32Array(1000 * 3);
  const bright = yToLightness(lightnessToY(95) * exposure);
  for (let i = 0; i < 1000; i++) lab[i * 3] = i < 850 ? bright * 0.6 : bright;
  return lab;
}

describe('estimateExposure', () => {
  it("gives a dim photo's own exposure, down to 0.15", () => {
    expect(estimateExposure(photoAt(0.6))).toBeCloseTo(0.6, 2);
    expect(estimateExposure(photoAt(0.2))).toBeCloseTo(0.2, 2);
    expect(estimateExposure(photoAt(0.05))).toBe(0.15);
    expect(estimateExposure(photoAt(2))).toBe(1.15);
  });
});

describe('readingExposure', () => {
  it('reads a dim room as if exposed at 0.3 at least, so its noise is not amplified into edges', () => {
    expect(readingExposure(0.2)).toBe(0.3);
    expect(readingExposure(0.6)).toBe(0.6);
  });
});
