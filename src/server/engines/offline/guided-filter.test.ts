// The guided filter on a drawn corner: a white ceiling over a wall a little darker, whose paint (the field's
// lightness offset) spilt six pixels past the corner, as the cell smoothing leaves it where two surfaces share a
// colour. The step of paint moves onto the corner and the spill fades; inside one plain surface a cell's step
// becomes a fade, but not beside the ceiling; under a busy skirting the floor keeps its paint whole; the view through
// a window keeps its field exactly.
import { describe, expect, it } from 'vitest';
import { toGuide } from './downscale';
import { guideFields } from './guided-filter';
import { FIELD_CHANNELS, FINISH_CHANNEL } from './recolour-field';

const WIDTH = 160;
const HEIGHT = 120;
const CORNER = 60;
const SPILL_FROM = CORNER - 6;
const PAINT = -30;
const OFFSET = 1;

function drawnGuide(colourAt: (x: number, y: number) => number[]) {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) rgb.set(colourAt(x, y), (y * WIDTH + x) * 3);
  return toGuide(rgb, WIDTH, HEIGHT, 3);
}

/** A field painting rows from `from` down with PAINT (slope 1, full finish), the rows above left alone. */
function paintFrom(from: number, view: (x: number, y: number) => boolean = () => false): Float32Array {
  const fields = new Float32Array(WIDTH * HEIGHT * FIELD_CHANNELS);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const f = (y * WIDTH + x) * FIELD_CHANNELS;
      fields[f] = 1;
      fields[f + OFFSET] = y >= from ? PAINT : 0;
      fields[f + FINISH_CHANNEL] = view(x, y) ? 0 : 1;
    }
  }
  return fields;
}

/** The mean lightness offset along row `y`, over the middle columns. */
const rowOffset = (fields: Float32Array, y: number) => {
  let sum = 0;
  for (let x = 40; x < 120; x++) sum += fields[(y * WIDTH + x) * FIELD_CHANNELS + OFFSET];
  return sum / 80;
};

/** The row where the offset changes most from the row above. */
function steepestRow(fields: Float32Array): number {
  let best = 0;
  let row = -1;
  for (let y = 1; y < HEIGHT; y++) {
    const step = Math.abs(rowOffset(fields, y) - rowOffset(fields, y - 1));
    if (step > best) [best, row] = [step, y];
  }
  return row;
}

const cornerRoom = drawnGuide((_x, y) => (y < CORNER ? [232, 232, 228] : [204, 200, 192]));

describe('the guided filter of the recolour field', () => {
  it('moves a spilt step of paint onto the corner, and the spill fades', () => {
    const spilt = paintFrom(SPILL_FROM);
    expect(steepestRow(spilt)).toBe(SPILL_FROM);
    const guided = guideFields(spilt, cornerRoom);
    expect(steepestRow(guided)).toBe(CORNER);
    // Where the paint spilt over the ceiling it keeps at most 60 % of it, fading out over the filter's window (16
    // pixels); from the corner down the wall keeps at least 80 %.
    for (let y = SPILL_FROM; y < CORNER; y++) expect(rowOffset(guided, y)).toBeGreaterThan(PAINT * 0.6);
    expect(rowOffset(guided, SPILL_FROM - 16)).toBeGreaterThan(PAINT * 0.3);
    for (let y = CORNER; y < HEIGHT; y++) expect(rowOffset(guided, y)).toBeLessThan(PAINT * 0.8);
  });

  it('turns a step inside one plain surface into a fade', () => {
    const plain = drawnGuide(() => [220, 218, 214]);
    const guided = guideFields(paintFrom(CORNER), plain);
    for (let y = 1; y < HEIGHT; y++) expect(Math.abs(rowOffset(guided, y) - rowOffset(guided, y - 1))).toBeLessThan(Math.abs(PAINT) / 10);
  });

  it('keeps a plain field plain on a guide of odd size (the fits are made at half size)', () => {
    const [width, height] = [41, 29];
    const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 256);
    const fields = new Float32Array(width * height * FIELD_CHANNELS);
    for (let i = 0; i < width * height; i++) fields.set([1, -12, 4, -3, 1, 0.25, 0], i * FIELD_CHANNELS);
    const guided = guideFields(fields, toGuide(rgb, width, height, 3));
    for (let i = 0; i < guided.length; i++) expect(guided[i]).toBeCloseTo(fields[i], 4);
  });

  it('keeps the floor whole under a busy skirting, where no fit of colour tells the floor from the wall', () => {
    // A wall, a white heater, its dark grille, the floor's shade under it, then the floor, of nearly the wall's
    // colour; the paint is the floor's, from the grille's foot down. A linear fit over windows holding all five
    // blended the floor with the wall over a whole window below the heater (64-73 % of its paint) and put two
    // thirds of the paint onto the grille.
    const floorFrom = 53;
    const heaterRoom = drawnGuide((x, y) => {
      const grain = ((x * 7 + y * 13) % 11) - 5;
      if (y < 40) return [200 + grain, 190 + grain, 170 + grain];
      if (y < 50) return [240, 240, 236];
      if (y < floorFrom) return [30, 30, 32];
      if (y < 61) return [110 + grain, 100 + grain, 90 + grain];
      return [190 + grain, 182 + grain, 166 + grain];
    });
    const guided = guideFields(paintFrom(floorFrom), heaterRoom);
    for (let y = floorFrom; y < floorFrom + 24; y++) expect(rowOffset(guided, y)).toBeLessThan(PAINT * 0.85);
    for (let y = 0; y < floorFrom - 2; y++) expect(rowOffset(guided, y)).toBeGreaterThan(PAINT * 0.1);
  });

  it('keeps the paint up to the ceiling where the two are of one colour and no fit can find the corner', () => {
    // A white ceiling over a wall of nearly its colour; the field as the cells leave it, the ceiling without paint or
    // the finish, the wall painted from the corner down. A window this plain trusts its fit, which, with no step of
    // colour to follow, spreads the paint's step over the window: a pale band along the wall under the corner.
    const whiteRoom = drawnGuide((_x, y) => (y < CORNER ? [234, 233, 230] : [229, 228, 225]));
    const fields = paintFrom(CORNER, (_x, y) => y < CORNER);
    const ceiling = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => (Math.floor(i / WIDTH) < CORNER ? 1 : 0));
    const faded = guideFields(fields, whiteRoom);
    const kept = guideFields(fields, whiteRoom, ceiling);
    // Without the ceiling: 52 % of the paint at the corner, 58 % two rows under it, 87 % sixteen rows under it.
    expect(rowOffset(faded, CORNER + 2)).toBeGreaterThan(PAINT * 0.7);
    // With it, at least 90 % all the way up to the corner.
    for (let y = CORNER; y < HEIGHT; y++) expect(rowOffset(kept, y)).toBeLessThan(PAINT * 0.9);
    // The ceiling stays as photographed.
    for (let y = 0; y < CORNER; y++) expect(rowOffset(kept, y)).toBe(0);
  });

  it('leaves the view through a window exactly as it was', () => {
    const inWindow = (x: number, y: number) => x >= 60 && x < 100 && y >= 70 && y < 100;
    const fields = paintFrom(SPILL_FROM, inWindow);
    const guided = guideFields(fields, cornerRoom);
    for (let y = 70; y < 100; y++) {
      for (let x = 60; x < 100; x++) {
        const f = (y * WIDTH + x) * FIELD_CHANNELS;
        expect(Array.from(guided.subarray(f, f + FIELD_CHANNELS))).toEqual(Array.from(fields.subarray(f, f + FIELD_CHANNELS)));
      }
    }
  });
});
