// A floor material stops where a wall meets the floor, even where the floor's colour runs on up the wall.
import { describe, expect, it } from 'vitest';
import { SRGB_TO_LINEAR } from './colour';
import type { GuideImage } from './downscale';
import { clippedFrom } from './exposure';
import { confineToFloor } from './floor-extent';
import type { Segment } from './line-segments';
import { FIELD_CHANNELS, FLOOR_CHANNEL } from './recolour-field';

const WIDTH = 100;
const HEIGHT = 80;
const OAK = [150, 105, 70];
const WHITE = [235, 235, 232];
const SKY = [255, 255, 255];

/**
 * Rows 0–9 a window's sky, blown out as a camera exposing for the room shows it, rows 10–29 a grey wall, rows 30–49
 * an oak-panelled wall, rows 50–54 a white heater, rows 55 on an oak floor, with a white glare streak across the
 * floor at rows 66–71; the colour model took all of it below row 30 for floor (or below `floorFrom`). `paint(x, y)`
 * may repaint a pixel.
 */
function room(paint: (x: number, y: number) => number[] | null = () => null, floorFrom = 30): { guide: GuideImage; fields: Float32Array } {
  const srgb = new Uint8Array(WIDTH * HEIGHT * 3);
  const linear = new Float32Array(WIDTH * HEIGHT * 3);
  const fields = new Float32Array(WIDTH * HEIGHT * FIELD_CHANNELS);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      const colour = paint(x, y) ?? (y < 10 ? SKY : y < 30 ? [200, 200, 200] : (y >= 50 && y < 55) || (y >= 66 && y < 72) ? WHITE : OAK);
      for (let c = 0; c < 3; c++) {
        srgb[i * 3 + c] = colour[c];
        linear[i * 3 + c] = SRGB_TO_LINEAR[colour[c]];
      }
      fields[i * FIELD_CHANNELS + FLOOR_CHANNEL] = y >= floorFrom ? 1 : 0;
    }
  }
  return { guide: { width: WIDTH, height: HEIGHT, srgb, linear }, fields };
}

const line = (y: number): Segment => ({ x1: 0, y1: y, x2: WIDTH - 1, y2: y, length: WIDTH - 1 });
const floorAt = (fields: Float32Array, y: number) => fields[(y * WIDTH + 50) * FIELD_CHANNELS + FLOOR_CHANNEL];

describe('confineToFloor', () => {
  it('stops the material at the heater where the wall meets the floor', () => {
    const { guide, fields } = room();
    confineToFloor(fields, guide, [line(29.5), line(49.5), line(54.5), line(65.5), line(71.5)], clippedFrom(guide.linear));
    expect(floorAt(fields, 40)).toBe(0);
    expect(floorAt(fields, 52)).toBe(0);
    expect(floorAt(fields, 60)).toBe(1);
    // The glare streak lies across the floor, not at its far edge: the floor beyond it keeps its material.
    expect(floorAt(fields, 62)).toBe(1);
    expect(floorAt(fields, 68)).toBe(1);
    expect(floorAt(fields, 75)).toBe(1);
  });

  it("takes no edge of a blown-out stripe of sun for a wall's foot, though its far side is the floor's colour", () => {
    // The floor found where it is, from row 55, and a stripe of sun across the back of it, rows 59–62, clipped white
    // as the sky, as is the glare: the stripe's edges are steps of light on oak, not where a wall meets the floor,
    // though the white reads as another hue than the oak's, and one the floor's own pixels (two fifths of them white)
    // take in.
    const blownOut = (y: number) => (y >= 59 && y < 63) || (y >= 66 && y < 72);
    const { guide, fields } = room((_, y) => (blownOut(y) ? SKY : null), 55);
    confineToFloor(fields, guide, [line(58.5), line(62.5)], clippedFrom(guide.linear));
    for (const y of [55, 57, 60, 64, 75]) expect(floorAt(fields, y)).toBe(1);
  });

  it('cuts nothing without an edge between two hues', () => {
    const { guide, fields } = room();
    const before = fields.slice();
    confineToFloor(fields, guide, [], clippedFrom(guide.linear));
    expect(fields).toEqual(before);
  });
});
