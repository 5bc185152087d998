// The light on the floor that a laid material keeps (floorShading, decision 090): a shadow cast where something
// stands on the floor stays a shadow, and the old floor's own pattern out in the open is smoothed away.
import { describe, expect, it } from 'vitest';
import { floorShading } from './floor-materials';
import { FIELD_CHANNELS, FLOOR_CHANNEL } from './recolour-field';

const WIDTH = 120;
const HEIGHT = 80;
/** Rows above this are a wall (no floor); the floor runs from here to the bottom. */
const WALL_FOOT = 20;
/** The contact shadow along the wall's foot: this many rows, at this share of the floor's light. */
const SHADOW_ROWS = 4;
const SHADOW = 0.35;
/** The floor's light, and the old boards' pattern: stripes two pixels wide, this much lighter and darker. */
const FLOOR_LIGHT = 0.4;
const BOARDS = 0.15;

function room(): { linear: Float32Array; fields: Float32Array } {
  const linear = new Float32Array(WIDTH * HEIGHT * 3);
  const fields = new Float32Array(WIDTH * HEIGHT * FIELD_CHANNELS);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      const floor = y >= WALL_FOOT;
      const boards = 1 + (Math.floor(x / 2) % 2 ? BOARDS : -BOARDS);
      const light = !floor ? 0.8 : y < WALL_FOOT + SHADOW_ROWS ? FLOOR_LIGHT * SHADOW * boards : FLOOR_LIGHT * boards;
      linear.fill(light, i * 3, i * 3 + 3);
      fields[i * FIELD_CHANNELS + FLOOR_CHANNEL] = floor ? 1 : 0;
    }
  }
  return { linear, fields };
}

describe('floorShading', () => {
  const { linear, fields } = room();
  const shading = floorShading(linear, fields, WIDTH, HEIGHT);
  const mean = (y: number) => {
    let sum = 0;
    for (let x = 10; x < WIDTH - 10; x++) sum += shading[y * WIDTH + x];
    return sum / (WIDTH - 20);
  };

  it('keeps the shadow at the foot of a wall, where a blur lifted it into a pale band', () => {
    // The shadow's rows stay well under the open floor's light (a blur over SHADING_RADIUS kept about two thirds).
    for (let y = WALL_FOOT; y < WALL_FOOT + SHADOW_ROWS - 1; y++) expect(mean(y)).toBeLessThan(0.55 * FLOOR_LIGHT);
    expect(mean(WALL_FOOT + SHADOW_ROWS + 8)).toBeGreaterThan(0.9 * FLOOR_LIGHT);
  });

  it("smooths the old boards' pattern out in the open floor", () => {
    for (const y of [50, 60, 70]) {
      for (let x = 10; x < WIDTH - 10; x++) expect(Math.abs(shading[y * WIDTH + x] / FLOOR_LIGHT - 1)).toBeLessThan(0.03);
    }
  });
});
