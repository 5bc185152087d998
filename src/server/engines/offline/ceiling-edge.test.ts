// Where the kept ceiling ends on the guide (decision 089): along a corner at a slant, not along the cells'
// staircase; and the paint on either side of it spread apart, so a white ceiling over a white wall neither takes
// the wall's paint nor fades it out below the corner.
import { describe, expect, it } from 'vitest';
import { ceilingOnGuide, solidCeiling } from './ceiling-edge';
import type { GuideImage, SmallImage } from './downscale';
import { FIELD_CHANNELS, smoothCellFields, upsampleFields, type RoleRecolour } from './recolour-field';

/** Cells of the small copy, and guide pixels a cell (the engine's are 160 and 400 px: 2.5). */
const CELLS_WIDE = 40;
const CELLS_HIGH = 30;
const SCALE = 4;
const GUIDE_WIDTH = CELLS_WIDE * SCALE;
const GUIDE_HEIGHT = CELLS_HIGH * SCALE;

/** The corner: a line falling from the left, in guide pixels: y = 20 + 0.3 x. */
const cornerAt = (x: number) => 20 + 0.3 * x;

/** The cells the reading keeps as the ceiling: each column of cells down to its centre's row under the corner. */
function slantedCeiling(): Uint8Array {
  const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
  for (let row = 0; row < CELLS_HIGH; row++) {
    for (let column = 0; column < CELLS_WIDE; column++) {
      ceiling[row * CELLS_WIDE + column] = (row + 0.5) * SCALE < cornerAt((column + 0.5) * SCALE) ? 1 : 0;
    }
  }
  return ceiling;
}

/** A plain white guide and small copy (a white ceiling over a white wall: no step of colour at the corner). */
function whiteRoom(): { guide: GuideImage; small: SmallImage } {
  const guide = {
    width: GUIDE_WIDTH,
    height: GUIDE_HEIGHT,
    srgb: new Uint8Array(GUIDE_WIDTH * GUIDE_HEIGHT * 3).fill(232),
    linear: new Float32Array(GUIDE_WIDTH * GUIDE_HEIGHT * 3).fill(0.8),
  };
  const cells = CELLS_WIDE * CELLS_HIGH;
  const lab = new Float32Array(cells * 3);
  for (let i = 0; i < cells; i++) lab.set([92, 0, 1], i * 3);
  const small = {
    width: CELLS_WIDE,
    height: CELLS_HIGH,
    lab,
    linear: new Float32Array(cells * 3).fill(0.8),
    srgb: new Float32Array(cells * 3).fill(232),
  };
  return { guide, small };
}

/** Per guide column, the row where the ceiling's share falls through one half, to a fraction of a pixel. */
function edgeRows(onGuide: Float32Array): number[] {
  return Array.from({ length: GUIDE_WIDTH }, (_, x) => {
    let share = 0;
    for (let y = 0; y < GUIDE_HEIGHT; y++) share += onGuide[y * GUIDE_WIDTH + x];
    return share;
  });
}

describe('ceilingOnGuide', () => {
  it('draws the edge along a slanted corner, not along the staircase of the cells', () => {
    const ceiling = slantedCeiling();
    const onGuide = ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, whiteRoom().guide, []);
    const rows = edgeRows(onGuide);
    // Away from the photo's sides (where the fit runs out of neighbours), within half a pixel of the corner.
    for (let x = 8 * SCALE; x < GUIDE_WIDTH - 8 * SCALE; x++) expect(Math.abs(rows[x] - cornerAt(x + 0.5))).toBeLessThan(0.5);
    // The cells' own edge strays from it by up to half a cell.
    const staircase = Array.from({ length: GUIDE_WIDTH }, (_, x) => {
      let count = 0;
      for (let row = 0; row < CELLS_HIGH; row++) count += ceiling[row * CELLS_WIDE + Math.floor(x / SCALE)];
      return Math.abs(count * SCALE - cornerAt(x + 0.5));
    });
    expect(Math.max(...staircase)).toBeGreaterThan(1.5);
  });

  it('keeps a corner between two edges where the cells turn it, and an edge that runs straight across', () => {
    // A level ceiling edge at 10 cells, and a wall rising to the top on the right from column 30.
    const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
    for (let row = 0; row < 10; row++) for (let column = 0; column < 30; column++) ceiling[row * CELLS_WIDE + column] = 1;
    const onGuide = ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, whiteRoom().guide, []);
    for (let y = 0; y < GUIDE_HEIGHT; y++) {
      for (let x = 0; x < GUIDE_WIDTH; x++)
        expect(onGuide[y * GUIDE_WIDTH + x]).toBe(ceiling[Math.floor(y / SCALE) * CELLS_WIDE + Math.floor(x / SCALE)]);
    }
  });
});

describe('solidCeiling', () => {
  it('keeps the body of the ceiling and lets a thin strip hanging from it go with the walls', () => {
    const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
    for (let row = 0; row < 8; row++) for (let column = 0; column < CELLS_WIDE; column++) ceiling[row * CELLS_WIDE + column] = 1;
    // Two cells wide, hanging ten cells down: a pendant's cord and the wall beside it, read as the ceiling.
    for (let row = 8; row < 18; row++) for (let column = 20; column < 22; column++) ceiling[row * CELLS_WIDE + column] = 1;
    const solid = solidCeiling({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH });
    for (let row = 0; row < 8; row++) for (let column = 0; column < CELLS_WIDE; column++) expect(solid[row * CELLS_WIDE + column]).toBe(1);
    for (let row = 10; row < 18; row++) for (let column = 20; column < 22; column++) expect(solid[row * CELLS_WIDE + column]).toBe(0);
  });
});

describe('the paint spread apart at the ceiling', () => {
  /** The wall's field (slope 0.5: a dark paint) under the ceiling's, which leaves it as photographed. */
  const WALL_SLOPE = 0.5;
  function fields(ceiling: Uint8Array): RoleRecolour {
    const cellFields = new Float32Array(CELLS_WIDE * CELLS_HIGH * FIELD_CHANNELS);
    for (let i = 0; i < CELLS_WIDE * CELLS_HIGH; i++)
      cellFields.set(ceiling[i] ? [1, 0, 0, 0, 0, 0, 0] : [WALL_SLOPE, 0, 0, 0, 1, 0, 0], i * FIELD_CHANNELS);
    return { cellFields } as RoleRecolour;
  }

  it('paints the wall fully up to the corner and leaves the ceiling as photographed', () => {
    const ceiling = slantedCeiling();
    const { guide, small } = whiteRoom();
    const onGuide = ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, guide, []);
    const together = upsampleFields(smoothCellFields(fields(ceiling), small), small, guide);
    const apart = upsampleFields(smoothCellFields(fields(ceiling), small, ceiling), small, guide, { cells: ceiling, onGuide });
    const slopeAt = (field: Float32Array, x: number, y: number) => field[(y * GUIDE_WIDTH + x) * FIELD_CHANNELS];
    let faded = 0;
    for (let x = 8 * SCALE; x < GUIDE_WIDTH - 8 * SCALE; x++) {
      const corner = cornerAt(x + 0.5);
      // Two pixels either side of the corner: all ceiling above, all wall below.
      expect(slopeAt(apart, x, Math.floor(corner) - 2)).toBeCloseTo(1, 5);
      expect(slopeAt(apart, x, Math.ceil(corner) + 1)).toBeCloseTo(WALL_SLOPE, 5);
      // Spread together, the wall's paint fades out for cells below the corner and rises into the ceiling.
      if (slopeAt(together, x, Math.ceil(corner) + 4) > WALL_SLOPE + 0.05) faded++;
    }
    expect(faded).toBeGreaterThan(GUIDE_WIDTH / 2);
  });
});
