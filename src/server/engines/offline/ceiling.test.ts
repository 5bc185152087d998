// The ceiling finder on a drawn room whose corner between a white ceiling and a white wall shows only at both ends
// (lit alike in the middle, as under a ceiling lamp), with small fixtures across it, and the straight edges that
// close such a corner; and what hangs from a ceiling (beams, soffits) on drawn grids.
import { describe, expect, it } from 'vitest';
import { cornerBarriers, findCeiling, takeInHangingSurfaces } from './ceiling';
import { shrinkImage, toGuide } from './downscale';
import { edgeShare } from './views';

const WIDTH = 240;
const HEIGHT = 180;
const CORNER = 40; // the row where the wall meets the ceiling
const SOFT = { from: 90, to: 150 }; // columns where the corner does not show

function drawnRoom() {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const corner = (y === CORNER || y === CORNER + 1) && (x < SOFT.from || x >= SOFT.to);
      // The wall is beige, but lit as white as the ceiling under the lamp.
      const wall = y > CORNER + 1 && !(x >= SOFT.from && x < SOFT.to && y < 120);
      // Small fixtures (vents, spotlights) across the ceiling.
      const fixture = y < CORNER && y % 20 >= 8 && y % 20 < 12 && x % 30 >= 12 && x % 30 < 16;
      rgb.set(corner ? [180, 180, 176] : fixture ? [90, 90, 90] : wall ? [214, 200, 178] : [236, 236, 232], (y * WIDTH + x) * 3);
    }
  }
  const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
  const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
  return { small, edges: edgeShare(guide, small.width, small.height) };
}

// The cells right at the corner hold its edge and are not counted either way.

/** Share of small cells (2 guide pixels each way) in columns `from`…`to` and rows `top`…`bottom` (guide pixels) marked. */
function share(mask: Uint8Array, from: number, to: number, top: number, bottom: number): number {
  let marked = 0;
  let count = 0;
  for (let y = top / 2; y < bottom / 2; y++) {
    for (let x = from / 2; x < to / 2; x++) {
      marked += mask[y * (WIDTH / 2) + x];
      count++;
    }
  }
  return marked / count;
}

const everywhereAbove = (cell: number) => Math.floor(cell / (WIDTH / 2)) < 80;

describe('findCeiling', () => {
  it('keeps the ceiling either side of a soft stretch of corner, and not the wall the growth ran down through it', () => {
    const { small, edges } = drawnRoom();
    const ceiling = findCeiling(small, edges, everywhereAbove);
    expect(share(ceiling, 0, 60, 0, CORNER - 4)).toBe(1);
    expect(share(ceiling, 180, WIDTH, 0, CORNER - 4)).toBe(1);
    expect(share(ceiling, SOFT.from, SOFT.to, CORNER + 4, 120)).toBe(0);
  });

  it('keeps all of it, its fixtures included, once the corner is closed by a straight edge', () => {
    const { small, edges } = drawnRoom();
    const closed = (cell: number) => Math.floor(cell / (WIDTH / 2)) === CORNER / 2;
    const ceiling = findCeiling(small, edges, everywhereAbove, closed);
    expect(share(ceiling, 0, WIDTH, 0, CORNER - 4)).toBe(1);
    expect(share(ceiling, 0, WIDTH, CORNER + 2, 120)).toBe(0);
  });
});

describe('cornerBarriers', () => {
  it('carries two long edges on to where they meet, and leaves a lone one as it is', () => {
    const barriers = cornerBarriers(
      [
        { x1: 0, y1: 10, x2: 40, y2: 30, length: Math.hypot(40, 20) },
        { x1: 100, y1: 35, x2: 60, y2: 35, length: 40 },
        { x1: 10, y1: 70, x2: 40, y2: 70, length: 30 },
      ],
      100,
      100,
      1,
    );
    expect(barriers[32 * 100 + 45]).toBe(1);
    expect(barriers[35 * 100 + 55]).toBe(1);
    expect(barriers[70 * 100 + 30]).toBe(1);
    expect(barriers[70 * 100 + 50]).toBe(0);
  });
});

/**
 * A grid drawn row by row: C ceiling already found, - a long straight edge across wall paint, = one along a dark
 * shelf, W wall paint, V the view through a window, K a cabinet. Twenty rows: the ceiling is looked for in the top seven (35 %).
 */
function hangingFrom(art: string[]): string[] {
  const width = art[0].length;
  const rows = [...art, ...Array<string>(20 - art.length).fill('W'.repeat(width))];
  const at = (cell: number) => rows[Math.floor(cell / width)][cell % width];
  const ceiling = Uint8Array.from({ length: width * 20 }, (_, cell) => (at(cell) === 'C' ? 1 : 0));
  // The floor lies below the grid: a wall drawn down to the last row stands on it.
  takeInHangingSurfaces(ceiling, width, 20, {
    wall: (cell) => 'W-'.includes(at(cell)),
    barrier: (cell) => '-='.includes(at(cell)),
    window: (cell) => at(cell) === 'V',
    floorLine: new Int32Array(width).fill(20),
  });
  return rows.map((row, y) => [...row].map((char, x) => (ceiling[y * width + x] ? 'C' : char)).join(''));
}

describe('takeInHangingSurfaces', () => {
  it('takes in a beam and the lower ceiling hanging from it, with the edges between them, down to the wall behind', () => {
    const taken = hangingFrom(['CCCCCCCC', '--------', 'WWWWWWWW', '--------', 'WWWWWWWW', '--------']);
    expect(taken.slice(0, 5)).toEqual(Array(5).fill('CCCCCCCC'));
    // The wall's top edge and the wall stay wall.
    expect(taken[5]).toBe('--------');
    expect(taken[6]).toBe('WWWWWWWW');
  });

  it('takes in a soffit over a window and its frame', () => {
    expect(hangingFrom(['CCCCCC', '------', 'WWWWWW', '------', 'WVVVVW', 'WVVVVW'])[2]).toBe('CCCCCC');
  });

  it('leaves the wall above cabinets or a shelf, which ends on them, and a wall that reaches down past the ceiling band', () => {
    expect(hangingFrom(['CCCCCC', '------', 'WWWWWW', 'KKKKKK', 'KKKKKK'])[2]).toBe('WWWWWW');
    expect(hangingFrom(['CCCCCC', '------', 'WWWWWW', '======', 'WWWWWW', '======', 'KKKKKK'])[2]).toBe('WWWWWW');
    // A white shelf's edge is looked past, but the niche's back under it ends on the next shelf or a cabinet.
    expect(hangingFrom(['CCCCCC', '------', 'WWWWWW', '------', 'WWWWWW', 'KKKKKK'])[2]).toBe('WWWWWW');
    expect(hangingFrom(['CCCCCC', '------', 'WWWWWW', 'WWWWWW'])[2]).toBe('WWWWWW');
  });

  it('leaves a patch that does not meet the ceiling', () => {
    expect(hangingFrom(['CCCCCC', 'KKKKKK', 'WWWWWW', '------', 'WWWWWW'])[2]).toBe('WWWWWW');
  });
});
