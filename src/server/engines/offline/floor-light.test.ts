// The light on the floor that a laid material keeps (floorLight, decisions 090 and 091): a shadow cast where something
// stands on the floor stays a shadow, and the old floor's own pattern out in the open is smoothed away.
import { describe, expect, it } from 'vitest';
import { floorLight } from './floor-light';
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

/** A grey room: a white wall down to WALL_FOOT, then the floor, lit at each pixel as `lightAt` says. */
function room(lightAt: (x: number, y: number) => number): { linear: Float32Array; fields: Float32Array } {
  const linear = new Float32Array(WIDTH * HEIGHT * 3);
  const fields = new Float32Array(WIDTH * HEIGHT * FIELD_CHANNELS);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      const floor = y >= WALL_FOOT;
      linear.fill(floor ? lightAt(x, y) : 0.8, i * 3, i * 3 + 3);
      fields[i * FIELD_CHANNELS + FLOOR_CHANNEL] = floor ? 1 : 0;
    }
  }
  return { linear, fields };
}

describe('floorLight', () => {
  const { linear, fields } = room((x, y) => {
    const boards = 1 + (Math.floor(x / 2) % 2 ? BOARDS : -BOARDS);
    return y < WALL_FOOT + SHADOW_ROWS ? FLOOR_LIGHT * SHADOW * boards : FLOOR_LIGHT * boards;
  });
  const { shading } = floorLight(linear, fields, WIDTH, HEIGHT);
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

describe('floorLight in a sun patch (decision 091)', () => {
  /** The floor's light in the shade, in the sun, and in a window bar's shadow across the sun patch. */
  const SHADE = 0.12;
  const SUN = 0.9;
  const BAR = 0.45;
  /** The sun patch, crossed by bars two pixels wide every eight; and a glossy floor's soft reflection of a lamp. */
  const PATCH = { left: 66, right: 110, top: 36, bottom: 76 };
  const GLOW = { x: 30, y: 56, radius: 24, peak: 5 * SHADE };

  const { linear, fields } = room((x, y) => {
    const inPatch = x >= PATCH.left && x < PATCH.right && y >= PATCH.top && y < PATCH.bottom;
    const glow = (GLOW.peak - SHADE) * Math.exp(-((x - GLOW.x) ** 2 + (y - GLOW.y) ** 2) / (2 * (GLOW.radius / 2) ** 2));
    return inPatch ? ((x - PATCH.left) % 8 < 2 ? BAR : SUN) : SHADE + glow;
  });
  const { ownLight } = floorLight(linear, fields, WIDTH, HEIGHT);
  const at = (x: number, y: number) => ownLight[y * WIDTH + x];

  it("holds the pull back inside a sun patch crossed by the bars' shadows, so they stay", () => {
    for (const [x, y] of [
      [80, 50],
      [90, 60],
      [100, 56],
    ]) {
      expect(at(x, y)).toBeGreaterThan(0.4);
    }
  });

  it("pulls a bright but even reflection and the floor in the shade as before, so the old floor's stains go", () => {
    // The reflection's middle is about twice the floor's typical light, but it rises over many pixels.
    expect(at(GLOW.x, GLOW.y)).toBeLessThan(0.1);
    expect(at(10, 30)).toBe(0);
    expect(at(50, 75)).toBeLessThan(0.05);
  });
});

describe('floorLight out in the open floor (decision 093)', () => {
  /** Old boards wider than the near blur: this many pixels wide, each this much lighter or darker than the light. */
  const BOARD_WIDTH = 24;
  const TONE = 0.15;
  /** A crack down the middle of every board: two pixels wide, a quarter of the boards' light. */
  const CRACK = 0.25;
  const NEUTRAL: [number, number] = [0, 0];

  const { linear, fields } = room((x) => {
    const board = Math.floor(x / BOARD_WIDTH);
    if (x % BOARD_WIDTH === BOARD_WIDTH / 2 || x % BOARD_WIDTH === BOARD_WIDTH / 2 + 1) return FLOOR_LIGHT * CRACK;
    return FLOOR_LIGHT * (1 + (board % 2 ? TONE : -TONE));
  });
  /** The most the shading strays from the floor's light along a row out in the open. */
  const stray = (shading: Float32Array, y: number) => {
    let most = 0;
    for (let x = 20; x < WIDTH - 20; x++) most = Math.max(most, Math.abs(shading[y * WIDTH + x] / FLOOR_LIGHT - 1));
    return most;
  };

  it("reaches past wide old boards' tones and leaves out their cracks, where the floor's colour is known", () => {
    const { shading } = floorLight(linear, fields, WIDTH, HEIGHT, NEUTRAL);
    for (const y of [55, 60, 65]) expect(stray(shading, y)).toBeLessThan(0.05);
    // Without the floor's colour the shading keeps to the near blur, which follows the boards.
    const near = floorLight(linear, fields, WIDTH, HEIGHT).shading;
    expect(stray(near, 60)).toBeGreaterThan(0.08);
  });

  it('does not spread the light of a bright mat unlike the floor into a glow round it', () => {
    const MAT = { left: 50, right: 70, top: 45, bottom: 60 };
    const floorGrey = 0.15;
    const matted = linear.slice();
    for (let y = WALL_FOOT; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const onMat = x >= MAT.left && x < MAT.right && y >= MAT.top && y < MAT.bottom;
        matted.set(onMat ? [0.8, 0.6, 0.05] : [floorGrey, floorGrey, floorGrey], (y * WIDTH + x) * 3);
      }
    }
    const { shading } = floorLight(matted, fields, WIDTH, HEIGHT, NEUTRAL);
    // Three pixels clear of the mat, on every side, the floor's shading is its own light.
    for (const [x, y] of [
      [MAT.left - 4, 52],
      [MAT.right + 3, 52],
      [60, MAT.top - 4],
      [60, MAT.bottom + 3],
    ]) {
      expect(shading[y * WIDTH + x] / floorGrey).toBeLessThan(1.1);
    }
  });
});
