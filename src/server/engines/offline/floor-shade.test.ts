// The floor's own shade at a wall's foot joins the floor; the grey gap under a heater, a black skirting board, a grey
// floor's shade, a rug of another hue and a tall dark thing of the floor's hue standing on it do not.
import { describe, expect, it } from 'vitest';
import { takeInFloorShade } from './floor-shade';

const WIDTH = 15;
const HEIGHT = 20;
/** Rows from here down are floor. */
const FLOOR_FROM = 12;
const OAK = [50, 8, 20];
/** The oak floor darkening towards the wall, `step` rows up from the floor's edge: its chroma in proportion. */
const oakInShade = (step: number) => {
  const lightness = (OAK[0] + 16) * 0.85 ** step - 16;
  const share = (lightness + 16) / (OAK[0] + 16);
  return [lightness, OAK[1] * share, OAK[2] * share];
};
const BLACK_SKIRTING = [15, 0.5, 0.5];
const GAP_UNDER_HEATER = [12, 1, 1];
const WHITE_HEATER = [60, 0, 2];
/** A black cabinet under warm lamplight: the floor's hue, its chroma in proportion. */
const WARM_BLACK = [17, 3, 7];

/**
 * Columns 0-4: a heater's grey gap (rows 6-7) over the floor's shade, which darkens over four rows (8-11), the two
 * lightest floor by colour already; columns 5-9: a black skirting board (rows 9-11); columns 10-14: a black cabinet
 * standing on the floor (rows 2-11). Above: the wall, the colour of a white heater.
 */
function room(floor = OAK, shade = oakInShade) {
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let colour = WHITE_HEATER;
      if (y >= FLOOR_FROM) colour = floor;
      else if (x < 5 && y >= 8) colour = shade(FLOOR_FROM - y);
      else if (x < 5 && y >= 6) colour = GAP_UNDER_HEATER;
      else if (x >= 5 && x < 10 && y >= 9) colour = BLACK_SKIRTING;
      else if (x >= 10 && y >= 2) colour = WARM_BLACK;
      lab.set(colour, (y * WIDTH + x) * 3);
    }
  }
  const dark = (cell: number) => lab[cell * 3] < 28;
  const floorShare = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => {
    const [x, y] = [i % WIDTH, Math.floor(i / WIDTH)];
    return y >= FLOOR_FROM || (x < 5 && y >= 8 && !dark(i)) ? 1 : 0;
  });
  return { lab, floorShare, dark };
}

const floorRows = (floorShare: Float32Array, x: number) =>
  Array.from({ length: HEIGHT }, (_, y) => y).filter((y) => floorShare[y * WIDTH + x] >= 0.5);

describe('takeInFloorShade', () => {
  it("takes in the floor's dark shade under a heater, not the grey gap above it nor a black skirting board", () => {
    const { lab, floorShare, dark } = room();
    takeInFloorShade(floorShare, WIDTH, HEIGHT, lab, dark, () => false);
    // Rows 10 and 11 were floor already; the dark shade is rows 8 and 9.
    expect(floorRows(floorShare, 2)[0]).toBe(8);
    expect(floorRows(floorShare, 7)[0]).toBe(FLOOR_FROM);
  });

  it('takes in none of the shade that is kept (the view through a glass door)', () => {
    const { lab, floorShare, dark } = room();
    takeInFloorShade(floorShare, WIDTH, HEIGHT, lab, dark, () => true);
    expect(floorRows(floorShare, 2)[0]).toBe(10);
  });

  it("takes in nothing of a tall black cabinet standing on the floor, though lamplight gives it the floor's hue", () => {
    const { lab, floorShare, dark } = room();
    takeInFloorShade(floorShare, WIDTH, HEIGHT, lab, dark, () => false);
    expect(floorRows(floorShare, 12)[0]).toBe(FLOOR_FROM);
  });

  it('takes in nothing above a grey floor, whose shade no hue tells from a dark detail', () => {
    const { lab, floorShare, dark } = room([50, 1, 2], (step) => (step < 3 ? [50, 1, 2] : [20, 0.5, 1]));
    takeInFloorShade(floorShare, WIDTH, HEIGHT, lab, dark, () => false);
    expect(floorRows(floorShare, 2)[0]).toBe(10);
  });

  it('takes in nothing of another hue: a dark blue rug rolled against the wall', () => {
    const { lab, floorShare, dark } = room(OAK, (step) => (step < 3 ? OAK : [20, 2, -12]));
    takeInFloorShade(floorShare, WIDTH, HEIGHT, lab, dark, () => false);
    expect(floorRows(floorShare, 2)[0]).toBe(10);
  });
});
