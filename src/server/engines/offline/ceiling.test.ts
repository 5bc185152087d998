// The ceiling finder on a drawn room whose corner between a white ceiling and a white wall shows only at both ends
// (lit alike in the middle, as under a ceiling lamp), with small fixtures across it, and the straight edges that
// close such a corner; and what hangs from a ceiling (beams, soffits) on drawn grids.
import { describe, expect, it } from 'vitest';
import { cornerBarriers, findCeiling, searchCeiling, takeInHangingSurfaces, takeInTexturedCeiling } from './ceiling';
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

  it('carries the straight corner across the soft stretch: the ceiling above it is kept too', () => {
    const { small, edges } = drawnRoom();
    const ceiling = findCeiling(small, edges, everywhereAbove);
    expect(share(ceiling, SOFT.from, SOFT.to, 0, CORNER - 2)).toBe(1);
    expect(share(ceiling, SOFT.from, SOFT.to, CORNER + 2, 120)).toBe(0);
  });

  it('keeps all of it, its fixtures included, once the corner is closed by a straight edge', () => {
    const { small, edges } = drawnRoom();
    const closed = (cell: number) => Math.floor(cell / (WIDTH / 2)) === CORNER / 2;
    const ceiling = findCeiling(small, edges, everywhereAbove, closed);
    expect(share(ceiling, 0, WIDTH, 0, CORNER - 4)).toBe(1);
    expect(share(ceiling, 0, WIDTH, CORNER + 2, 120)).toBe(0);
  });

  it('holds the growth back at a corner soft all the way across, where no straight corner can be carried', () => {
    // A ceiling and a wall a step of about 2.5 (ΔE76) apart, under the growth's 3, with no edge between them
    // anywhere: the growth runs down the wall in every column. Grown again with smaller steps, it stops at the corner.
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let i = 0; i < WIDTH * HEIGHT; i++) rgb.set(Math.floor(i / WIDTH) < CORNER ? [236, 236, 232] : [229, 229, 225], i * 3);
    const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
    const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
    const ceiling = findCeiling(small, edgeShare(guide, small.width, small.height), everywhereAbove);
    expect(share(ceiling, 0, WIDTH, 0, CORNER)).toBe(1);
    expect(share(ceiling, 0, WIDTH, CORNER, 120)).toBe(0);
  });

  it('says when more barriers could add to the ceiling: only where its growth ran down a wall', () => {
    const { small, edges } = drawnRoom();
    const closed = (cell: number) => Math.floor(cell / (WIDTH / 2)) === CORNER / 2;
    expect(searchCeiling(small, edges, everywhereAbove, () => false).barriersMayAdd).toBe(true);
    expect(searchCeiling(small, edges, everywhereAbove, closed).barriersMayAdd).toBe(false);
  });
});

/**
 * A wide-angle photo: the left wall reaches the top of the frame, its corner with the ceiling slanting from the top
 * edge at column 40 down to the back corner at column 100 (guide pixels); the back wall meets the ceiling at CORNER.
 */
function wallToTheTop() {
  const onSlant = (x: number, y: number) => y < CORNER && Math.abs(x - (40 + (60 * y) / CORNER)) < 1.5;
  const leftWall = (x: number, y: number) => y < CORNER && x < 40 + (60 * y) / CORNER;
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const corner = onSlant(x, y) || ((y === CORNER || y === CORNER + 1) && x >= 100);
      const wall = y >= CORNER || leftWall(x, y);
      rgb.set(corner ? [180, 180, 176] : wall ? [214, 200, 178] : [236, 236, 232], (y * WIDTH + x) * 3);
    }
  }
  const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
  const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
  // The corners' straight edges, as cornerBarriers draws them on the small grid.
  const barrier = new Uint8Array(small.width * small.height);
  for (let y = 0; y < CORNER / 2; y++) barrier[y * small.width + Math.floor((40 + (60 * 2 * y) / CORNER) / 2)] = 1;
  for (let x = 50; x < small.width; x++) barrier[(CORNER / 2) * small.width + x] = 1;
  return { small, edges: edgeShare(guide, small.width, small.height), barrier };
}

/**
 * A wall that runs up out of the frame, one paint from top to bottom, with dark bars set in it at CORNER either side
 * of a bare stretch (kitchen_1's fireplace wall): the growth from the top edge stops at the bars and runs down the
 * wall between them.
 */
function wallWithBars() {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const bar = y >= CORNER && y < CORNER + 4 && (x < SOFT.from || x >= SOFT.to);
      // The sides of what the bars stand over (a niche, a fireplace), from the bars down.
      const side = y >= CORNER && (Math.abs(x - SOFT.from) < 2 || Math.abs(x - SOFT.to) < 2);
      rgb.set(bar || side ? [30, 30, 30] : [214, 200, 178], (y * WIDTH + x) * 3);
    }
  }
  const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
  const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
  // The bars are dark details, which may be no ceiling.
  const candidate = (cell: number) => everywhereAbove(cell) && small.lab[cell * 3] > 40;
  return { small, edges: edgeShare(guide, small.width, small.height), candidate };
}

describe('findCeiling on a wall that runs up out of the frame', () => {
  it('carries no corner from the bars on the wall across the stretch between them', () => {
    const { small, edges, candidate } = wallWithBars();
    const ceiling = findCeiling(small, edges, candidate);
    expect(share(ceiling, SOFT.from + 4, SOFT.to - 4, 0, CORNER)).toBe(0);
  });

  it('takes no ceiling over the bars either: the wall runs on up past them, with no corner between (decision 084)', () => {
    const { small, edges, candidate } = wallWithBars();
    const { ceiling, wallTop } = searchCeiling(small, edges, candidate, () => false);
    expect(share(ceiling, 0, WIDTH, 0, CORNER)).toBe(0);
    // All of it but the cells beside the bars, whose edges no growth passes.
    expect(share(wallTop, 0, WIDTH, 0, CORNER - 4)).toBe(1);
  });
});

describe('findCeiling beside a wall that reaches the top of the frame', () => {
  it('keeps the ceiling above the slanting corner in the columns the wall runs down', () => {
    const { small, edges, barrier } = wallToTheTop();
    const ceiling = findCeiling(small, edges, everywhereAbove, (cell) => barrier[cell] === 1);
    // Right of the slant, above the corner: columns 60 to 100 are the wall's further down.
    expect(share(ceiling, 104, WIDTH, 0, CORNER - 4)).toBe(1);
    expect(share(ceiling, 84, 100, 0, 8)).toBe(1);
    // The left wall and the back wall stay walls.
    expect(share(ceiling, 0, 36, 0, 80)).toBe(0);
    expect(share(ceiling, 0, WIDTH, CORNER + 4, 80)).toBe(0);
  });
});

describe('findCeiling between two side walls', () => {
  it('keeps the ceiling of a corridor whose side walls both run down, with no straight edge along its far end', () => {
    // Side walls over the left and right quarters, closed off from the ceiling by their vertical corners; the back
    // wall, in shade, meets the ceiling at CORNER without a straight edge found along it.
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const side = x < 60 || x >= 180;
        rgb.set(side ? [214, 200, 178] : y >= CORNER ? [190, 180, 160] : [236, 236, 232], (y * WIDTH + x) * 3);
      }
    }
    const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
    const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
    const corner = (cell: number) => [30, 89].includes(cell % small.width) && Math.floor(cell / small.width) < CORNER / 2;
    const ceiling = findCeiling(small, edgeShare(guide, small.width, small.height), everywhereAbove, corner);
    expect(share(ceiling, 64, 176, 0, CORNER - 2)).toBe(1);
    expect(share(ceiling, 0, 56, 0, 80)).toBe(0);
    expect(share(ceiling, 184, WIDTH, 0, 80)).toBe(0);
  });
});

describe('findCeiling on a tiled ceiling', () => {
  // Tiles between joints (thin grey lines) that close each one off: the growth from the top of the frame reaches only
  // the first row. The wall under the ceiling is lit as white as the tiles and meets them at a joint-like line.
  const JOINTS = { rows: [14, 28, CORNER], every: 24 };
  const PANEL = { left: 48, right: 72, top: 28, bottom: CORNER }; // a tile of the walls' beige (a wall seen past a beam)
  function tiledRoom() {
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const joint = JOINTS.rows.some((row) => y === row || y === row + 1) || (y < CORNER && x % JOINTS.every < 2);
        const panel = x > PANEL.left + 1 && x < PANEL.right && y > PANEL.top + 1 && y < PANEL.bottom;
        rgb.set(joint ? [200, 200, 196] : panel ? [214, 200, 178] : [236, 236, 232], (y * WIDTH + x) * 3);
      }
    }
    const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
    const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
    return { small, edges: edgeShare(guide, small.width, small.height) };
  }

  it('takes in the tiles it reached only across their joints, and the joints between them', () => {
    const { small, edges } = tiledRoom();
    const ceiling = findCeiling(small, edges, everywhereAbove);
    // Not counted: the frame's own column of joints (no ceiling lies beyond it) and the joints round the beige tile.
    expect(share(ceiling, 2, PANEL.left - 4, 0, CORNER - 4)).toBe(1);
    expect(share(ceiling, PANEL.left, PANEL.right, 0, PANEL.top - 4)).toBe(1);
    expect(share(ceiling, PANEL.right + 4, WIDTH, 0, CORNER - 4)).toBe(1);
  });

  it('leaves the wall met across a joint-like corner, and a tile of another colour', () => {
    const { small, edges } = tiledRoom();
    const ceiling = findCeiling(small, edges, everywhereAbove);
    expect(share(ceiling, 0, WIDTH, CORNER + 4, 160)).toBe(0);
    expect(share(ceiling, PANEL.left + 4, PANEL.right - 4, PANEL.top + 4, PANEL.bottom - 4)).toBe(0);
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

  it('carries an edge that ends just short of the frame on out of it, and not one that ends further in', () => {
    const barriers = cornerBarriers(
      [
        // A corner running out at the left, two cells short of the frame, and one slanting out at the right.
        { x1: 2, y1: 20, x2: 60, y2: 20, length: 58 },
        { x1: 60, y1: 40, x2: 97.5, y2: 50, length: Math.hypot(37.5, 10) },
        // A window's head ending eight cells in.
        { x1: 8, y1: 70, x2: 60, y2: 70, length: 52 },
      ],
      100,
      100,
      1,
    );
    expect([barriers[20 * 100], barriers[20 * 100 + 1]]).toEqual([1, 1]);
    expect([barriers[50 * 100 + 98], barriers[50 * 100 + 99]]).toEqual([1, 1]);
    expect(barriers[70 * 100 + 8]).toBe(1);
    expect(barriers[70 * 100 + 4]).toBe(0);
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

  it('takes in a lower ceiling over a side wall with a window in it, which stands on the floor past the window', () => {
    // The lower ceiling between a beam and the walls. The side wall (left) meets it and runs down below the ceiling's
    // band to a window, with a sill under it; the back wall (right) runs down to the floor beside the corner between
    // them (a column of edge).
    const sideWall = Array<string>(5).fill('WWW-WWWW');
    const window = Array<string>(3).fill('VVV-WWWW');
    const room = ['CCCCCCCC', '--------', 'WWWWWWWW', '--------', ...sideWall, ...window, '----WWWW'];
    expect(hangingFrom(room)[2]).toBe('CCCCCCCC');
    // So it does past a dado rail across it (the wall under the rail reaches the floor).
    expect(hangingFrom(['CCCCCCCC', '--------', 'WWWWWWWW', '--------', ...sideWall, '----WWWW'])[2]).toBe('CCCCCCCC');
    // Over a cabinet instead of a window, the side wall ends on it, and the patch over both walls is wall.
    expect(hangingFrom(room.map((row) => row.replaceAll('V', 'K')))[2]).toBe('WWWWWWWW');
  });

  it('leaves a patch that does not meet the ceiling', () => {
    expect(hangingFrom(['CCCCCC', 'KKKKKK', 'WWWWWW', '------', 'WWWWWW'])[2]).toBe('WWWWWW');
  });
});

describe('takeInTexturedCeiling', () => {
  // A 40 × 30 grid: the ceiling's band is its top 11 rows. The growth found rows 0–2 of the ceiling.
  const [width, height] = [40, 30];
  const found = () => Uint8Array.from({ length: width * height }, (_, cell) => (cell < 3 * width ? 1 : 0));
  const wall = () => true;
  /** Edges on every other cell of rows `from`–`to` in columns `left`–`right`: tile joints close together. */
  const tiles = (edges: Float32Array, from: number, to: number, left = 0, right = width - 1) => {
    for (let y = from; y <= to; y++) for (let x = left; x <= right; x++) if ((x + y) % 2 === 0) edges[y * width + x] = 0.5;
    return edges;
  };
  const marked = (ceiling: Uint8Array, row: number) => ceiling.subarray(row * width, (row + 1) * width).reduce((sum, v) => sum + v, 0);

  it('takes in the tiles the growth did not reach, and not the smooth wall under them', () => {
    const ceiling = found();
    takeInTexturedCeiling(ceiling, width, height, tiles(new Float32Array(width * height), 3, 8), wall);
    // The first and last rows of tiles, averaged with the smooth rows beside them, stay under the threshold.
    for (let row = 4; row <= 7; row++) expect(marked(ceiling, row)).toBe(width);
    expect(marked(ceiling, 10)).toBe(0);
  });

  it('leaves a single straight line under the ceiling (a crown moulding) to the walls', () => {
    const ceiling = found();
    const edges = new Float32Array(width * height);
    for (let x = 0; x < width; x++) edges[5 * width + x] = 0.5;
    takeInTexturedCeiling(ceiling, width, height, edges, wall);
    expect(ceiling.reduce((sum, v) => sum + v, 0)).toBe(3 * width);
  });

  it('leaves texture that runs on below the band (a bookcase) and texture that does not meet the ceiling', () => {
    const ceiling = found();
    const edges = tiles(new Float32Array(width * height), 3, 20, 0, 9);
    tiles(edges, 6, 9, 20, 30);
    takeInTexturedCeiling(ceiling, width, height, edges, wall);
    expect(ceiling.reduce((sum, v) => sum + v, 0)).toBe(3 * width);
  });

  it('takes in what the ceiling closes all round (a vent), and not a patch that reaches the wall below', () => {
    const ceiling = found();
    for (let x = 0; x < width; x++) ceiling[3 * width + x] = ceiling[4 * width + x] = 1;
    ceiling[1 * width + 10] = ceiling[1 * width + 11] = 0; // a vent
    ceiling[4 * width + 30] = 0; // a notch open to the wall under row 4
    takeInTexturedCeiling(ceiling, width, height, new Float32Array(width * height), wall);
    expect(ceiling[1 * width + 10] + ceiling[1 * width + 11]).toBe(2);
    expect(ceiling[4 * width + 30]).toBe(0);
  });

  it('takes in only wall paint', () => {
    const ceiling = found();
    takeInTexturedCeiling(ceiling, width, height, tiles(new Float32Array(width * height), 3, 8), (cell) => cell % width < 20);
    expect(marked(ceiling, 5)).toBe(20);
  });
});
