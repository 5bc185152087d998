// Where the kept ceiling ends on the guide (decisions 089 and 092): along a corner at a slant, not along the cells'
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

describe('ceilingOnGuide along a fold found on part of a corner (decision 092)', () => {
  /**
   * The reading's ceiling under the corner y = 20 + 0.3 x, in whole cells as the engine keeps it: exact in the right
   * quarter, where the fold in the shading was found, and in runs of ten columns at the corner's height in the middle
   * of each run elsewhere, straying from it by up to a cell and a half, as the growth's edge does under a soft corner.
   */
  function strayingCeiling(): Uint8Array {
    const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
    for (let column = 0; column < CELLS_WIDE; column++) {
      const held = column >= 30 ? column : Math.floor(column / 10) * 10 + 4.5;
      const foot = cornerAt((held + 0.5) * SCALE) / SCALE;
      for (let row = 0; row < CELLS_HIGH; row++) ceiling[row * CELLS_WIDE + column] = row + 0.5 < foot ? 1 : 0;
    }
    return ceiling;
  }
  const fold = (fromCell: number, toCell: number) => {
    const [x1, x2] = [fromCell * SCALE, toCell * SCALE];
    return { x1, y1: cornerAt(x1), x2, y2: cornerAt(x2), length: Math.hypot(x2 - x1, cornerAt(x2) - cornerAt(x1)) };
  };
  const worstMiss = (onGuide: Float32Array, fromCell: number, toCell: number) => {
    const rows = edgeRows(onGuide);
    let worst = 0;
    for (let x = fromCell * SCALE; x < toCell * SCALE; x++) worst = Math.max(worst, Math.abs(rows[x] - cornerAt(x + 0.5)));
    return worst;
  };

  it('carries the fold on along its line where the cells stray round it, so the whole corner is drawn straight', () => {
    const roles = { ceiling: strayingCeiling(), width: CELLS_WIDE, height: CELLS_HIGH };
    // Without the fold, the cells' runs stay in steps.
    expect(worstMiss(ceilingOnGuide(roles, whiteRoom().guide, []), 2, 28)).toBeGreaterThan(2);
    expect(worstMiss(ceilingOnGuide(roles, whiteRoom().guide, [fold(30, 40)]), 2, 38)).toBeLessThan(0.5);
  });

  it('does not carry it past a turn of the corner, where the cells no longer see the ceiling on its side', () => {
    // Left of column 16 the ceiling's edge turns level (a wall further back): the line would cut into it.
    const ceiling = strayingCeiling();
    for (let column = 0; column < 16; column++) {
      for (let row = 0; row < CELLS_HIGH; row++) ceiling[row * CELLS_WIDE + column] = row < 4 ? 1 : 0;
    }
    const onGuide = ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, whiteRoom().guide, [fold(30, 40)]);
    const rows = edgeRows(onGuide);
    for (let x = 0; x < 14 * SCALE; x++) expect(rows[x]).toBe(4 * SCALE);
  });

  it('does not carry a corner on over another one the edge follows, at a slightly different slant', () => {
    // Two corners meeting at column 20 (kitchen_1's niche top and the bars beside it); carried on to the left, the
    // steeper one would run 2.5 cells above the other and paint a stripe of wall into the ceiling over it.
    const gentle = (x: number) => 40 + 0.1 * x;
    const steep = (x: number) => gentle(80) + 0.35 * (x - 80);
    const at = (x: number) => (x < 80 ? gentle(x) : steep(x));
    const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
    for (let row = 0; row < CELLS_HIGH; row++) {
      for (let column = 0; column < CELLS_WIDE; column++) {
        ceiling[row * CELLS_WIDE + column] = (row + 0.5) * SCALE < at((column + 0.5) * SCALE) ? 1 : 0;
      }
    }
    const segment = (from: number, to: number, line: (x: number) => number) => ({
      x1: from,
      y1: line(from),
      x2: to,
      y2: line(to),
      length: Math.hypot(to - from, line(to) - line(from)),
    });
    const corners = [segment(8, 72, gentle), segment(84, 152, steep)];
    const rows = edgeRows(ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, whiteRoom().guide, corners));
    for (let x = 8; x < 72; x++) expect(Math.abs(rows[x] - gentle(x + 0.5))).toBeLessThan(0.5);
  });

  it('draws each of two corners meeting at a slant up to where they meet, when both are carried into it', () => {
    // A soffit's edge falling from the left meets the back wall's level top at x = 100 (living_room_12mp). Each is
    // found only far from the meeting, and both carried on past it: a band away, the cells agree with either line.
    const falling = (x: number) => 20 + 0.3 * x;
    const at = (x: number) => Math.min(falling(x), falling(100));
    const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
    for (let row = 0; row < CELLS_HIGH; row++) {
      for (let column = 0; column < CELLS_WIDE; column++) {
        ceiling[row * CELLS_WIDE + column] = (row + 0.5) * SCALE < at((column + 0.5) * SCALE) ? 1 : 0;
      }
    }
    const segment = (from: number, to: number) => ({
      x1: from,
      y1: at(from),
      x2: to,
      y2: at(to),
      length: Math.hypot(to - from, at(to) - at(from)),
    });
    const rows = edgeRows(
      ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, whiteRoom().guide, [segment(8, 56), segment(136, 156)]),
    );
    for (let x = 56; x < 136; x++) expect(Math.abs(rows[x] - at(x + 0.5)), `x = ${x}`).toBeLessThan(1);
  });

  it("draws along a corner seen down a long room, steeper than 60°, which is no wall's upright corner", () => {
    // The corner y = 3 (x - 20) in guide pixels (72° from level), the ceiling on its right; the cells in runs of three rows.
    const steepAt = (y: number) => 20 + y / 3;
    const ceiling = new Uint8Array(CELLS_WIDE * CELLS_HIGH);
    for (let row = 0; row < CELLS_HIGH; row++) {
      const from = steepAt((Math.floor(row / 3) * 3 + 1.5) * SCALE) / SCALE;
      for (let column = 0; column < CELLS_WIDE; column++) ceiling[row * CELLS_WIDE + column] = column + 0.5 > from ? 1 : 0;
    }
    const corner = {
      x1: steepAt(0),
      y1: 0,
      x2: steepAt(GUIDE_HEIGHT),
      y2: GUIDE_HEIGHT,
      length: Math.hypot(GUIDE_HEIGHT / 3, GUIDE_HEIGHT),
    };
    const onGuide = ceilingOnGuide({ ceiling, width: CELLS_WIDE, height: CELLS_HIGH }, whiteRoom().guide, [corner]);
    for (let y = 2 * SCALE; y < GUIDE_HEIGHT - 2 * SCALE; y++) {
      let wall = 0;
      for (let x = 0; x < GUIDE_WIDTH; x++) wall += 1 - onGuide[y * GUIDE_WIDTH + x];
      expect(Math.abs(wall - steepAt(y + 0.5))).toBeLessThan(0.5);
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
