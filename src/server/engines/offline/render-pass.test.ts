// The full-resolution pass and the single-colour grade the planner aims with must agree, or the engine's aim at the
// palette would be off; identity settings must leave a photo as it was; a part without the finish (the view through
// a window) comes out byte for byte as photographed, whatever the style's light.
import { describe, expect, it } from 'vitest';
import { linearToSrgb, SRGB_TO_LINEAR, srgbToLab } from './colour';
import { createRandom } from './random';
import { gradeLinear, planGrade } from './grade';
import { NO_CLOSED_ROWS } from './floor-lines';
import { renderPass } from './render-pass';
import { FIELD_CHANNELS, UNCHANGED_FIELD } from './recolour-field';
import { NEUTRAL_GRADE, styleLook } from './style-palettes';

function uniform(r: number, g: number, b: number, size = 8): Uint8Array {
  const pixels = new Uint8Array(size * size * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([r, g, b], i);
  return pixels;
}

/** No recolour; `finish` of the style's light. */
function identityFields(cells: number, finish = 1): Float32Array {
  const fields = new Float32Array(cells * FIELD_CHANNELS);
  for (let i = 0; i < fields.length; i += FIELD_CHANNELS) fields.set([1, 0, 0, 0, finish, 0], i);
  return fields;
}

describe('renderPass', () => {
  it('leaves colours as they are with no recolour, and a flat finish (within the dither)', () => {
    const grade = planGrade({ ...NEUTRAL_GRADE, contrast: 0 });
    for (const [r, g, b] of [
      [20, 40, 60],
      [128, 128, 128],
      [200, 150, 90],
    ]) {
      const out = renderPass({
        source: uniform(r, g, b),
        width: 8,
        height: 8,
        channels: 3,
        fields: identityFields(4),
        fieldWidth: 2,
        fieldHeight: 2,
        grade,
        seed: 1,
      });
      for (let i = 0; i < out.length; i += 3) {
        expect(Math.abs(out[i] - r) + Math.abs(out[i + 1] - g) + Math.abs(out[i + 2] - b)).toBeLessThanOrEqual(3);
      }
    }
  });

  it('matches gradeLinear for a style grade', () => {
    const grade = planGrade(styleLook('contemporary-luxe').grade);
    const out = renderPass({
      source: uniform(180, 140, 100),
      width: 8,
      height: 8,
      channels: 3,
      fields: identityFields(1),
      fieldWidth: 1,
      fieldHeight: 1,
      grade,
      seed: 2,
    });
    const expected = new Float64Array(3);
    const toLinear = (v: number) => ((v / 255 + 0.055) / 1.055) ** 2.4;
    gradeLinear(grade, toLinear(180), toLinear(140), toLinear(100), expected);
    const mean = [0, 1, 2].map((c) => out.filter((_, i) => i % 3 === c).reduce((sum, v) => sum + v, 0) / 64);
    mean.forEach((value, c) => expect(Math.abs(value - expected[c])).toBeLessThan(1));
    expect(linearToSrgb(1)).toBeCloseTo(1, 6);
  });

  it('copies parts without the finish unchanged and fades the finish in between', () => {
    const grade = planGrade(styleLook('industrial-loft').grade);
    const source = uniform(90, 160, 70, 16);
    const render = (fields: Float32Array) =>
      renderPass({ source, width: 16, height: 16, channels: 3, fields, fieldWidth: 2, fieldHeight: 2, grade, seed: 4 });
    const unchanged = new Float32Array(4 * FIELD_CHANNELS);
    for (let i = 0; i < unchanged.length; i += FIELD_CHANNELS) unchanged.set(UNCHANGED_FIELD, i);
    expect(Buffer.compare(render(unchanged), Buffer.from(source))).toBe(0);

    const full = render(identityFields(4, 1));
    const half = render(identityFields(4, 0.5));
    const distance = (out: Uint8Array) => Math.abs(out[0] - 90) + Math.abs(out[1] - 160) + Math.abs(out[2] - 70);
    expect(distance(full)).toBeGreaterThan(6);
    expect(distance(half)).toBeGreaterThan(1);
    expect(distance(half)).toBeLessThan(distance(full));
  });

  it('shows a sun patch on a floor painted a deep colour in that colour, not clipped pale', () => {
    const grade = planGrade({ ...NEUTRAL_GRADE, contrast: 0 });
    const source = uniform(236, 232, 226);
    const before = new Float32Array(3);
    srgbToLab(236, 232, 226, before, 0);
    // A near-white sun patch recoloured toward terracotta (a +28, b +34 in Lab) goes past white in red.
    const shiftMissed = (floorShare: number) => {
      const fields = new Float32Array(FIELD_CHANNELS);
      fields.set([1, 0, 28, 34, 1, floorShare]);
      const out = renderPass({ source, width: 8, height: 8, channels: 3, fields, fieldWidth: 1, fieldHeight: 1, grade, seed: 3 });
      const after = new Float32Array(3);
      srgbToLab(out[0], out[1], out[2], after, 0);
      return Math.hypot(after[1] - before[1] - 28, after[2] - before[2] - 34);
    };
    // On the floor it is brought back into range whole and keeps the new colour's hue; clipped channel by channel
    // (as a wall's bright patch is) it loses most of the red and turns yellow.
    expect(shiftMissed(1)).toBeLessThan(10);
    expect(shiftMissed(0)).toBeGreaterThan(15);
  });

  it('keeps a blown-out sun patch on a floor painted dark as an even glow, not a speckle of its noise', () => {
    // A near-white patch, each pixel's noise straddling the highlight's range (238–255), painted a third as light:
    // judged pixel by pixel, the brighter pixels stayed near white and their neighbours went dark.
    const size = 32;
    const random = createRandom(8);
    const source = new Uint8Array(size * size * 3);
    for (let i = 0; i < source.length; i += 3) source.fill(Math.round(236 + 18 * random()), i, i + 3);
    const fields = new Float32Array(FIELD_CHANNELS);
    fields.set([0.35, 0, 0, 0, 1, 1]);
    const grade = planGrade({ ...NEUTRAL_GRADE, contrast: 0 });
    const out = renderPass({ source, width: size, height: size, channels: 3, fields, fieldWidth: 1, fieldHeight: 1, grade, seed: 5 });
    const lab = new Float32Array(3);
    const lightness: number[] = [];
    for (let y = 2; y < size - 2; y++) {
      for (let x = 2; x < size - 2; x++) {
        const i = (y * size + x) * 3;
        srgbToLab(out[i], out[i + 1], out[i + 2], lab, 0);
        lightness.push(lab[0]);
      }
    }
    const mean = lightness.reduce((sum, l) => sum + l, 0) / lightness.length;
    const spread = Math.sqrt(lightness.reduce((sum, l) => sum + (l - mean) ** 2, 0) / lightness.length);
    expect(spread).toBeLessThan(8); // 21.8 judged pixel by pixel; 5.5 over the box
  });

  it('paints a blown-out pool of lamplight on a wall with the rest of the wall, with no ring where the photo clips', () => {
    // A white wall brightening toward a lamp, from 200 to clipped white over 48 columns, then 16 columns clipped;
    // painted 40 L darker. Keeping the clipped pixels' lightness (as a floor's sun patch keeps it) left a white disc
    // on the new paint, ringed by a step several times steeper than anything in the photo.
    const width = 64;
    const height = 8;
    const source = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) source.fill(Math.min(255, Math.round(200 + (55 * (i % width)) / 48)), i * 3, i * 3 + 3);
    const lab = new Float32Array(3);
    const grade = planGrade({ ...NEUTRAL_GRADE, contrast: 0 });
    const lightnessAcross = (floorShare: number) => {
      const fields = new Float32Array(FIELD_CHANNELS);
      fields.set([1, -40, 0, 0, 1, floorShare]);
      const out = renderPass({ source, width, height, channels: 3, fields, fieldWidth: 1, fieldHeight: 1, grade, seed: 6 });
      return Array.from({ length: width }, (_, x) => {
        const i = (4 * width + x) * 3;
        srgbToLab(out[i], out[i + 1], out[i + 2], lab, 0);
        return lab[0];
      });
    };
    const steepestRise = (lightness: number[]) => Math.max(...lightness.slice(4).map((l, x) => l - lightness[x]));
    const photographed = Array.from({ length: width }, (_, x) => {
      srgbToLab(source[x * 3], source[x * 3 + 1], source[x * 3 + 2], lab, 0);
      return lab[0];
    });
    const wall = lightnessAcross(0);
    expect(steepestRise(wall)).toBeLessThan(2 * steepestRise(photographed));
    expect(wall[width - 1]).toBeLessThan(photographed[width - 1] - 30);
    // On a floor the clipped end stays about as light as photographed: a sun patch, not a grey puddle.
    const floor = lightnessAcross(1);
    expect(floor[width - 1]).toBeGreaterThan(photographed[width - 1] - 10);
  });

  it('evens out the old boards under a laid floor in lightness, and shifts their colour alike (decision 108)', () => {
    // Old oak of two kinds, a dark saturated board beside a pale one, under an even light; a plain material (no grain)
    // is laid, taking the floor toward grey. The pull toward the floor's light brings the boards' lightness together.
    // Scaled in linear RGB, it also scaled the dark board's chroma up with its light: the new floor came out more
    // colourful over the old dark boards (their chroma shift 3.5 from the pale board's).
    const width = 16;
    const height = 8;
    const boards = [
      [150, 100, 55],
      [215, 185, 150],
    ] as const;
    const source = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) source.set(boards[i % width < width / 2 ? 0 : 1], i * 3);
    const fields = new Float32Array(FIELD_CHANNELS);
    fields.set([1, 0, -8, -20, 1, 1, 0]);
    const luminance = ([r, g, b]: readonly number[]) =>
      0.2126 * SRGB_TO_LINEAR[r] + 0.7152 * SRGB_TO_LINEAR[g] + 0.0722 * SRGB_TO_LINEAR[b];
    const out = renderPass({
      source,
      width,
      height,
      channels: 3,
      fields,
      fieldWidth: 1,
      fieldHeight: 1,
      grade: planGrade({ ...NEUTRAL_GRADE, contrast: 0 }),
      seed: 2,
      floor: {
        mapping: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1),
        sample: (_at, gains) => gains.fill(1),
        light: {
          shading: Float32Array.of((luminance(boards[0]) + luminance(boards[1])) / 2),
          ownLight: new Float32Array(1),
          fill: new Float32Array(1),
        },
        boards: NO_CLOSED_ROWS,
      },
    });
    const shiftAt = (x: number) => {
      const before = new Float32Array(3);
      const after = new Float32Array(3);
      const i = (3 * width + x) * 3;
      srgbToLab(source[i], source[i + 1], source[i + 2], before, 0);
      srgbToLab(out[i], out[i + 1], out[i + 2], after, 0);
      return { lightness: after[0], a: after[1] - before[1], b: after[2] - before[2] };
    };
    const dark = shiftAt(2);
    const pale = shiftAt(width - 3);
    // The boards' lightness comes closer together (the pull), and their colour moves by one shift.
    expect(pale.lightness - dark.lightness).toBeLessThan(12);
    expect(Math.hypot(dark.a - pale.a, dark.b - pale.b)).toBeLessThan(1.5);
  });
});
