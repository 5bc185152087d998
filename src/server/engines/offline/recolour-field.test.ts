// The recolour each part of the room is given: a floor painted much darker keeps its shadows as darker floor (light
// scales them) instead of losing them to black, while walls keep the photo's lightness steps (decision 057).
import { describe, expect, it } from 'vitest';
import { labToLinearRgb, linearRgbToLab, recolourInLab } from './colour';
import type { SmallImage } from './downscale';
import { FIELD_CHANNELS, planRoleRecolour, SHADOW_GAIN_CHANNEL } from './recolour-field';
import { REGION_ROLES, type RoleMap } from './room-roles';
import { NEUTRAL_GRADE, type StyleLook } from './style-palettes';

const WIDTH = 4;
const HEIGHT = 4;
const WALLS = REGION_ROLES.indexOf('walls');
const WALL_CELL = 0; // the top left cell, on the wall
const SHADOW = 3 * WIDTH; // the floor's first cell in the bottom row, in a piece of furniture's shadow

/** White walls over a pale oak floor, one of whose cells lies in deep shadow. */
function room(): { image: SmallImage; roles: RoleMap } {
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  const floor = new Float32Array(WIDTH * HEIGHT);
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const isFloor = i >= 2 * WIDTH;
    floor[i] = isFloor ? 1 : 0;
    lab.set(isFloor ? [i === SHADOW ? 22 : 68, 6, 22] : [88, 0, 4], i * 3);
  }
  const image = { width: WIDTH, height: HEIGHT, lab, linear: new Float32Array(0), srgb: new Float32Array(0) };
  const cells = new Uint8Array(WIDTH * HEIGHT).fill(WALLS);
  const roles = {
    cells,
    floor,
    ceiling: new Uint8Array(WIDTH * HEIGHT),
    walls: { a: 0, b: 4, lightest: 90, darkest: 80, typical: 88 },
    width: WIDTH,
    folds: [],
    height: HEIGHT,
  };
  return { image, roles };
}

/** Charcoal walls over a dark walnut floor. */
const look: StyleLook = {
  colours: { walls: [32, 0, 0], floor: [28, 8, 16], feature: null, dark: null, accent: null },
  grade: NEUTRAL_GRADE,
  floorMaterial: null,
  darkFollowsFeature: false,
};

/** A cell's colour through its own recolour field. */
function recolourCell(fields: Float32Array, image: SmallImage, cell: number): number[] {
  const [l, a, b] = image.lab.subarray(cell * 3, cell * 3 + 3);
  const linear = new Float64Array(3);
  labToLinearRgb(l, a, b, linear);
  const [slope, offset, shiftA, shiftB] = fields.subarray(cell * FIELD_CHANNELS, cell * FIELD_CHANNELS + 4);
  const shadowGain = fields[cell * FIELD_CHANNELS + SHADOW_GAIN_CHANNEL];
  const out = new Float64Array(3);
  recolourInLab(Float64Array.of(linear[0], linear[1], linear[2], slope, offset, shiftA, shiftB, shadowGain), out);
  const lab = new Float64Array(3);
  linearRgbToLab(out[0], out[1], out[2], lab);
  return [...lab];
}

describe('planRoleRecolour', () => {
  it('keeps a darker floor’s shadows as shadows of the new colour, scaled as light scales them', () => {
    const { image, roles } = room();
    const { cellFields } = planRoleRecolour(roles, image, look, 1);
    const lit = recolourCell(cellFields, image, SHADOW + 1);
    const shaded = recolourCell(cellFields, image, SHADOW);
    // The lit boards take the walnut; the shaded cell is darker still but not black, and keeps the walnut's hue.
    expect(lit[0]).toBeLessThan(45);
    expect(shaded[0]).toBeGreaterThan(5);
    expect(shaded[0]).toBeLessThan(lit[0] - 5);
    // (L + 16) keeps the photo's ratio between the shadow and the lit boards, as a gain on luminance would.
    expect((shaded[0] + 16) / (lit[0] + 16)).toBeCloseTo((22 + 16) / (68 + 16), 1);
    expect(shaded[2]).toBeGreaterThan(8);
  });

  it('takes the floor that most of it is to the palette colour, whatever a minority unlike it is (decision 109)', () => {
    // Glossy oak with the sky's reflection in a quarter of it: the oak is what becomes the walnut.
    const { image, roles } = room();
    for (const cell of [2 * WIDTH + 1, 2 * WIDTH + 2]) image.lab.set([72, -5, -30], cell * 3);
    const { cellFields, targets } = planRoleRecolour(roles, image, look, 1);
    const floor = REGION_ROLES.indexOf('floor');
    const oak = recolourCell(cellFields, image, 3 * WIDTH + 2);
    // With the mean chroma as the oak's, the oak came out 13 yellower than the walnut.
    expect(oak[1]).toBeCloseTo(targets[floor * 3 + 1], 0);
    expect(oak[2]).toBeCloseTo(targets[floor * 3 + 2], 0);
  });

  it('gives the floor its shadow gain and the walls none: their lightness steps stay as photographed', () => {
    const { image, roles } = room();
    const { cellFields } = planRoleRecolour(roles, image, look, 1);
    expect(cellFields[WALL_CELL * FIELD_CHANNELS + SHADOW_GAIN_CHANNEL]).toBe(0);
    expect(cellFields[SHADOW * FIELD_CHANNELS + SHADOW_GAIN_CHANNEL]).toBeGreaterThan(0.3);
  });
});

describe('walls taken darker', () => {
  const width = 40;
  const height = 20;
  const TRIM = 20; // one column of darker trim across the wall
  /** A white wall lit brightly at its left end and dimly at its right (L 90 to 60), with one column of trim. */
  function litWall(): { image: SmallImage; roles: RoleMap } {
    const lab = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const light = 90 - (30 * x) / (width - 1);
        lab.set([x === TRIM ? light - 10 : light, 0, 4], (y * width + x) * 3);
      }
    }
    const image = { width, height, lab, linear: new Float32Array(0), srgb: new Float32Array(0) };
    const cells = new Uint8Array(width * height).fill(WALLS);
    const roles = {
      cells,
      floor: new Float32Array(width * height),
      ceiling: new Uint8Array(width * height),
      walls: { a: 0, b: 4, lightest: 90, darkest: 60, typical: 80 },
      width,
      folds: [],
      height,
    };
    return { image, roles };
  }

  it('keep the light across them as light scales it, and their small steps as photographed', () => {
    const { image, roles } = litWall();
    const { cellFields } = planRoleRecolour(roles, image, look, 1);
    const row = 10 * width;
    const [bright] = recolourCell(cellFields, image, row + 2);
    const [dim] = recolourCell(cellFields, image, row + width - 3);
    // Charcoal paint: the bright end is not left glowing 28 L above the dim end, as one shift for the whole wall
    // did; (L + 16) keeps the photo's ratio between the ends instead.
    const photoBright = 90 - (30 * 2) / (width - 1);
    const photoDim = 90 - (30 * (width - 3)) / (width - 1);
    expect(bright - dim).toBeLessThan(0.8 * (photoBright - photoDim));
    expect((bright + 16) / (dim + 16)).toBeCloseTo((photoBright + 16) / (photoDim + 16), 1);
    // The trim keeps its step of 10 below the wall beside it.
    const [trim] = recolourCell(cellFields, image, row + TRIM);
    const [beside] = recolourCell(cellFields, image, row + TRIM + 1);
    expect(beside - trim).toBeGreaterThan(8);
  });
});
