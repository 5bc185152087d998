// The white balance of the engine's reading: a room under white light is read as it is, cream walls and all; the
// same room under warm lamplight is read as if under white light again; blown-out glass does not set the white.
import { describe, expect, it } from 'vitest';
import { shrinkImage, toGuide } from './downscale';
import { balanceGuide, whiteBalanceGains } from './white-balance';

const WIDTH = 120;
const HEIGHT = 90;

/** A drawn room in sRGB codes: a white ceiling, cream walls, an oak floor and a blown-out window. */
function room(tint: (rgb: number[]) => number[] = (rgb) => rgb) {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let colour = y < 20 ? [232, 232, 228] : y < 60 ? [226, 214, 190] : [160, 118, 80];
      if (x >= 80 && x < 110 && y >= 25 && y < 50) colour = [255, 255, 255];
      else colour = tint(colour);
      rgb.set(
        colour.map((value) => Math.min(255, Math.round(value))),
        (y * WIDTH + x) * 3,
      );
    }
  }
  return toGuide(rgb, WIDTH, HEIGHT, 3);
}

const small = (guide: ReturnType<typeof room>) => shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
const warm = ([r, g, b]: number[]) => [r * 1.06, g, b * 0.8];

/** Blue over green of the ceiling, in linear light. */
function ceilingBlue(guide: ReturnType<typeof room>): number {
  const i = (5 * WIDTH + 5) * 3;
  return guide.linear[i + 2] / guide.linear[i + 1];
}

describe('whiteBalanceGains', () => {
  it('leaves a room under white light as it is, cream walls included', () => {
    expect(whiteBalanceGains(small(room()))).toEqual([1, 1, 1]);
  });

  it('takes warm lamplight back toward white, whatever the blown-out window shows', () => {
    const tinted = room(warm);
    const gains = whiteBalanceGains(small(tinted));
    expect(gains[0]).toBeLessThan(1);
    expect(gains[2]).toBeGreaterThan(1.3);
    // The ceiling under the tint reads as blue as it does under white light, within a few percent.
    expect(ceilingBlue(balanceGuide(tinted, gains))).toBeGreaterThan(ceilingBlue(room()) * 0.9);
  });

  it('returns the guide itself when no correction is needed', () => {
    const guide = room();
    expect(balanceGuide(guide, [1, 1, 1])).toBe(guide);
  });
});
