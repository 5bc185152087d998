// sRGB <-> Lab against known values, and CIEDE2000 against Sharma, Wu and Dalal's published test pairs.
import { describe, expect, it } from 'vitest';
import {
  deltaE2000,
  deltaE76,
  hexToLab,
  labToLinearRgb,
  labToSrgb,
  linearRgbToLab,
  recolourInLab,
  SRGB_TO_LINEAR,
  srgbToLab,
  type Lab,
} from './colour';

describe('recolourInLab', () => {
  it('maps lightness linearly and shifts a and b by exactly the shift', () => {
    const before = new Float64Array(3);
    const after = new Float64Array(3);
    const out = new Float64Array(3);
    for (const [r, g, b] of [
      [200, 180, 150],
      [90, 120, 60],
      [240, 240, 235],
    ]) {
      const linear = [SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]] as const;
      linearRgbToLab(...linear, before);
      recolourInLab(Float64Array.of(...linear, 0.8, 5, 12, -7, 0), out);
      linearRgbToLab(out[0], out[1], out[2], after);
      expect(after[0]).toBeCloseTo(0.8 * before[0] + 5, 4);
      expect(after[1] - before[1]).toBeCloseTo(12, 4);
      expect(after[2] - before[2]).toBeCloseTo(-7, 4);
    }
  });

  it("moves only the lightness by a laid floor's luminance gain, keeping the chroma the shift gave (decision 108)", () => {
    const before = new Float64Array(3);
    const plain = new Float64Array(3);
    const gained = new Float64Array(3);
    const out = new Float64Array(3);
    // A dark, saturated oak board brought up to the floor's light, and a pale one taken down to it.
    for (const [[r, g, b], gain] of [
      [[150, 100, 55], 1.6],
      [[215, 185, 150], 0.7],
    ] as const) {
      const linear = [SRGB_TO_LINEAR[r], SRGB_TO_LINEAR[g], SRGB_TO_LINEAR[b]] as const;
      linearRgbToLab(...linear, before);
      recolourInLab(Float64Array.of(...linear, 1, 0, 6, -12, 0, 0, 0, 0, 1), out);
      linearRgbToLab(out[0], out[1], out[2], plain);
      recolourInLab(Float64Array.of(...linear, 1, 0, 6, -12, 0, 0, 0, 0, gain), out);
      linearRgbToLab(out[0], out[1], out[2], gained);
      // Its luminance is the gain times the recoloured one, and a and b are as the shift made them.
      expect(((gained[0] + 16) / (plain[0] + 16)) ** 3).toBeCloseTo(gain, 2);
      expect(gained[1] - before[1]).toBeCloseTo(6, 1);
      expect(gained[2] - before[2]).toBeCloseTo(-12, 1);
    }
  });

  describe('on a floor, a colour unlike the floor (decision 082)', () => {
    // Honey oak as photographed, taken to grey: the shift is toward blue. Limit 0.03: the new grey's saturation.
    const oak = [9, 26] as const;
    const toGrey = [-9, -26] as const;
    const recolour = (lab: Lab, limit: number) => {
      const linear = new Float64Array(3);
      labToLinearRgb(...lab, linear);
      const out = new Float64Array(3);
      recolourInLab(Float64Array.of(...linear, 1, -10, ...toGrey, 0, limit, ...oak), out);
      const result = new Float64Array(3);
      linearRgbToLab(out[0], out[1], out[2], result);
      return result;
    };
    const chroma = (lab: ArrayLike<number>) => Math.hypot(lab[1], lab[2]);

    it('keeps a reflection of the sky no more saturated than it was', () => {
      const sky: Lab = [72, -5, -30];
      const unlimited = recolour(sky, 0);
      const limited = recolour(sky, 0.03);
      // Shifted whole, the reflection would go a saturated cyan (chroma 56 where it had 30).
      expect(chroma(unlimited)).toBeGreaterThan(50);
      // Held to its own saturation at its new lightness, plus the margin of 6; still the sky's blue.
      expect(chroma(limited)).toBeLessThanOrEqual((chroma(sky) / (sky[0] + 16)) * (limited[0] + 16) + 6 + 0.01);
      expect(limited[2]).toBeLessThan(-20);
      expect(limited[0]).toBeCloseTo(unlimited[0], 4);
    });

    it('keeps a blown-out sun patch white', () => {
      const sun: Lab = [97, 0, 2];
      expect(chroma(recolour(sun, 0))).toBeGreaterThan(20);
      expect(chroma(recolour(sun, 0.03))).toBeLessThan(10);
    });

    it("shifts the floor's own boards, lit or shaded, by the whole shift", () => {
      for (const board of [
        [58, 10, 28],
        [35, 6, 17],
        [80, 12, 34],
      ] as Lab[]) {
        const limited = recolour(board, 0.03);
        const unlimited = recolour(board, 0);
        expect(limited[1] - board[1]).toBeCloseTo(toGrey[0], 4);
        expect(limited[2] - board[2]).toBeCloseTo(toGrey[1], 4);
        expect([...limited]).toEqual([...unlimited]);
      }
    });

    it('holds a colour back by degrees between a little and much unlike the floor', () => {
      // 18 from the oak's mean: halfway between UNLIKE_FROM (12) and UNLIKE_FULL (24).
      const unlike: Lab = [60, 9 - 18 * 0.6, 26 - 18 * 0.8];
      const shifted = chroma(recolour(unlike, 0));
      const held = chroma(recolour(unlike, 0.03));
      const full = chroma(recolour([60, 9 - 30 * 0.6, 26 - 30 * 0.8], 0.03));
      expect(held).toBeLessThan(shifted);
      expect(held).toBeGreaterThan(full);
    });
  });

  it('leaves a colour as it was with slope 1 and no shifts', () => {
    const out = new Float64Array(3);
    recolourInLab(Float64Array.of(0.2, 0.4, 0.6, 1, 0, 0, 0, 0), out);
    expect([...out].map((v) => Number(v.toFixed(6)))).toEqual([0.2, 0.4, 0.6]);
  });
});

describe('colour conversions', () => {
  it('maps white, black and mid grey to their Lab values', () => {
    expectLab(hexToLab('#FFFFFF'), [100, 0, 0]);
    expectLab(hexToLab('#000000'), [0, 0, 0]);
    expectLab(hexToLab('#777777'), [50.03, 0, 0]);
    // sRGB red in D65 Lab, as every colour calculator gives it.
    expectLab(hexToLab('#FF0000'), [53.24, 80.09, 67.2]);
  });

  it('round-trips every 8-bit grey and a spread of colours through Lab', () => {
    const lab = new Float64Array(3);
    const rgb = new Float64Array(3);
    for (let v = 0; v < 256; v += 5) {
      for (const [r, g, b] of [
        [v, v, v],
        [v, 255 - v, 128],
        [255, v, 0],
      ]) {
        srgbToLab(r, g, b, lab);
        labToSrgb(lab[0], lab[1], lab[2], rgb);
        expect(Math.max(Math.abs(rgb[0] - r), Math.abs(rgb[1] - g), Math.abs(rgb[2] - b))).toBeLessThan(1e-3);
      }
    }
  });

  it('rejects a colour that is not #rrggbb', () => {
    expect(() => hexToLab('navy')).toThrow('Not a #rrggbb colour');
  });
});

describe('colour differences', () => {
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, 2.8361, -74.02], [50, 0, -82.7485], 3.4412],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ] as [Lab, Lab, number][])('CIEDE2000 of %j and %j is %d', (x, y, expected) => {
    expect(deltaE2000(x, y)).toBeCloseTo(expected, 4);
    expect(deltaE2000(y, x)).toBeCloseTo(expected, 4);
  });

  it('weighs lightness half with the textile factor kL = 2', () => {
    expect(deltaE2000([40, 0, 0], [60, 0, 0], 2)).toBeCloseTo(deltaE2000([40, 0, 0], [60, 0, 0]) / 2, 6);
  });

  it('CIE76 is the straight Lab distance', () => {
    expect(deltaE76([50, 3, 4], [50, 0, 0])).toBe(5);
  });
});

function expectLab(actual: Lab, expected: Lab) {
  actual.forEach((value, i) => expect(value).toBeCloseTo(expected[i], 1));
}
