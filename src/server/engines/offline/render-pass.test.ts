// The full-resolution pass and the single-colour grade the planner aims with must agree, or the engine's aim at the
// palette would be off; identity settings must leave a photo as it was; the vignette darkens only the corners.
import { describe, expect, it } from 'vitest';
import { linearToSrgb } from './colour';
import { applyVignette, gradeLinear, planGrade } from './grade';
import { renderPass } from './render-pass';
import { FIELD_CHANNELS } from './recolour-field';
import { NEUTRAL_GRADE, styleLook } from './style-palettes';

const IDENTITY_TRANSFER = { scale: [1, 1, 1], offset: [0, 0, 0], mean: [50, 0, 0] } as const;

function uniform(r: number, g: number, b: number, size = 8): Uint8Array {
  const pixels = new Uint8Array(size * size * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([r, g, b], i);
  return pixels;
}

function identityFields(cells: number): Float32Array {
  const fields = new Float32Array(cells * FIELD_CHANNELS);
  for (let i = 0; i < fields.length; i += FIELD_CHANNELS) fields.set([1, 1, 1, 0, 0, 0], i);
  return fields;
}

describe('renderPass', () => {
  it('leaves colours as they are with no recolour, a flat grade and no vignette (within the dither)', () => {
    const grade = planGrade({ ...NEUTRAL_GRADE, contrast: 0, vignette: 0 }, IDENTITY_TRANSFER);
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
    const grade = planGrade(styleLook('contemporary-luxe').grade, IDENTITY_TRANSFER);
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

  it('darkens the corners by the vignette carried in the field and leaves the centre', () => {
    const grade = planGrade({ ...NEUTRAL_GRADE, contrast: 0, vignette: 0 }, IDENTITY_TRANSFER);
    const size = 41;
    const fields = identityFields(21 * 21);
    applyVignette(fields, 21, 21, 0.3);
    const out = renderPass({
      source: uniform(160, 160, 160, size),
      width: size,
      height: size,
      channels: 3,
      fields,
      fieldWidth: 21,
      fieldHeight: 21,
      grade,
      seed: 3,
    });
    const centre = out[(20 * size + 20) * 3];
    const corner = out[0];
    expect(Math.abs(centre - 160)).toBeLessThanOrEqual(1);
    expect(corner).toBeLessThan(160 * 0.8);
  });
});
