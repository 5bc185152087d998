// The view and ceiling finders on a drawn room: a white ceiling meeting a beige wall at a corner line, a wall with
// a dark shelf edge across it and a window full of leaves and sky, and a floor. The window is a view, the shelf
// edge and the plain wall are not; the ceiling is found when a corner stops it, and not claimed when the wall runs
// up into it without one.
import { describe, expect, it } from 'vitest';
import { findCeiling } from './ceiling';
import { shrinkImage, toGuide } from './downscale';
import { createRandom } from './random';
import { edgeLines, edgeShare, enclosedDaylight, findViews, stripsBetweenViews, type WallColour } from './views';

const WIDTH = 240;
const HEIGHT = 180;
const FLOOR_FROM = 130;
const isWindow = (x: number, y: number) => x >= 150 && x < 210 && y >= 40 && y < 100;
const isShelfEdge = (x: number, y: number) => x >= 20 && x < 110 && (y === 70 || y === 71);

/** A busy strip across the top of the middle columns (a fixture's rim, a molding) that the ceiling's growth cannot cross. */
const isBusyTop = (x: number, y: number) => x >= 80 && x < 160 && y < 8;

/** Draws a WIDTH × HEIGHT photo pixel by pixel, and reads it as the engine does: the small copy, its edges and lines. */
function paintRoom(colourAt: (x: number, y: number) => number[]) {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) rgb.set(colourAt(x, y), (y * WIDTH + x) * 3);
  const guide = toGuide(rgb, WIDTH, HEIGHT, 3);
  const small = shrinkImage(guide, WIDTH / 2, HEIGHT / 2);
  return { guide, small, edges: edgeShare(guide, small.width, small.height), lines: edgeLines(guide, small.width, small.height, 1) };
}

/** Leaves and sky, as seen through a window. */
const leavesOrSky = (random: () => number) => (random() < 0.5 ? [60 + 80 * random(), 120 + 80 * random(), 50] : [170, 200, 235]);

function drawnRoom(corner: boolean, busyTop = false) {
  const random = createRandom(5);
  return paintRoom((x, y) => {
    if (busyTop && isBusyTop(x, y)) return ((x >> 1) + (y >> 1)) % 2 ? [236, 236, 232] : [150, 150, 150];
    if (y >= FLOOR_FROM) return [150, 110, 70];
    if (isWindow(x, y)) return leavesOrSky(random);
    if (isShelfEdge(x, y)) return [40, 35, 30];
    if (y < 30) return corner ? [236, 236, 232] : [214, 200, 178];
    if (corner && (y === 30 || y === 31)) return [170, 160, 145];
    return [214, 200, 178];
  });
}

const WALLS: WallColour = { a: 1.5, b: 12, lightest: 86, darkest: 72, typical: 81 };
/** The same paint in a dim room. */
const DIM_WALLS: WallColour = { a: 1.5, b: 12, lightest: 62, darkest: 48, typical: 55 };

/** Share of the small cells whose centres satisfy `inside` (in guide pixels) that are marked. */
function shareMarked(mask: Uint8Array, width: number, inside: (x: number, y: number) => boolean): number {
  let hits = 0;
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    const x = (i % width) * 2 + 1;
    const y = Math.floor(i / width) * 2 + 1;
    if (!inside(x, y)) continue;
    count++;
    hits += mask[i];
  }
  return hits / count;
}

describe('findViews', () => {
  it('finds the window and leaves the shelf edge and the plain wall alone', () => {
    const { small, edges, lines } = drawnRoom(true);
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, WALLS);
    expect(shareMarked(views, small.width, (x, y) => x >= 156 && x < 204 && y >= 46 && y < 94)).toBeGreaterThan(0.95);
    expect(shareMarked(views, small.width, (x, y) => x >= 20 && x < 110 && y >= 66 && y < 76)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => x < 130 && y >= 36 && y < 62)).toBe(0);
  });
});

describe('findViews on what stands on the floor', () => {
  // A wall warm in lamplight with a stretch lit white by the sun where it meets the floor, a low white heater with its
  // fins on the floor, and a window whose lower pane (below a transom) reaches down close to the floor. Both panes
  // show leaves and sky; the lit wall and the heater are bright and cooler than the walls, as a window would be.
  const isLit = (x: number, y: number) => x >= 10 && x < 70 && y >= 90 && y < FLOOR_FROM;
  const isHeater = (x: number, y: number) => x >= 80 && x < 140 && y >= 116 && y < FLOOR_FROM;
  const isUpperPane = (x: number, y: number) => x >= 160 && x < 220 && y >= 30 && y < 110;
  const isLowerPane = (x: number, y: number) => x >= 160 && x < 220 && y >= 118 && y < FLOOR_FROM - 2;
  function room() {
    const random = createRandom(9);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isUpperPane(x, y) || isLowerPane(x, y)) return leavesOrSky(random);
      if (isLit(x, y)) return [246, 248, 250];
      if (isHeater(x, y)) return (y - 116) % 4 === 0 ? [200, 202, 205] : [244, 246, 248];
      return [214, 200, 178];
    });
  }

  it('takes a sunlit wall and a heater standing on the floor for the room, and both panes of a window for the view', () => {
    const { small, edges, lines } = room();
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, WALLS);
    expect(shareMarked(views, small.width, (x, y) => isLit(x, y) && x >= 14 && x < 66 && y >= 94)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => isHeater(x, y) && x >= 84 && x < 136 && y >= 118)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => isUpperPane(x, y) && x >= 164 && x < 216 && y >= 34 && y < 106)).toBeGreaterThan(0.95);
    expect(shareMarked(views, small.width, (x, y) => isLowerPane(x, y) && x >= 164 && x < 216 && y >= 120 && y < 126)).toBeGreaterThan(
      0.95,
    );
  });
});

describe('findViews on a heater with small details above it', () => {
  // The heater of the test above, with three outlets' worth of busy detail a few rows above it: together they lie over
  // more than the share of its width a window's upper pane would, but each over only a few of its columns. The heater
  // still stands on the floor; it is not the lower pane of a window.
  const isHeater = (x: number, y: number) => x >= 80 && x < 140 && y >= 116 && y < FLOOR_FROM;
  const isDetail = (x: number, y: number) => y >= 104 && y < 112 && [80, 98, 116].some((left) => x >= left && x < left + 8);
  function room() {
    const random = createRandom(13);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isDetail(x, y)) return leavesOrSky(random);
      if (isHeater(x, y)) return (y - 116) % 4 === 0 ? [200, 202, 205] : [244, 246, 248];
      return [214, 200, 178];
    });
  }

  it('takes the heater for the room', () => {
    const { small, edges, lines } = room();
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, WALLS);
    expect(shareMarked(views, small.width, (x, y) => isHeater(x, y) && x >= 84 && x < 136 && y >= 118)).toBe(0);
  });
});

describe("findViews along the wall's foot", () => {
  // A baseboard heater along the wall: a smooth white body on the floor, its dark grille slots at its top, a few rows
  // above the floor. Beside it, the lowest pane of a window reaches down almost as far, showing leaves and sky.
  const isGrille = (x: number, y: number) => x >= 10 && x < 130 && y >= 112 && y < 118;
  const isHeater = (x: number, y: number) => x >= 10 && x < 130 && y >= 110 && y < FLOOR_FROM;
  const isLowPane = (x: number, y: number) => x >= 160 && x < 220 && y >= 96 && y < 122;
  function room() {
    const random = createRandom(11);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isLowPane(x, y)) return leavesOrSky(random);
      if (isGrille(x, y)) return x % 3 === 0 ? [236, 236, 232] : [40, 38, 36];
      if (isHeater(x, y)) return [236, 236, 232];
      return [214, 200, 178];
    });
  }

  it("takes a heater's grille above the floor for the room, and a window's low pane for the view", () => {
    const { small, edges, lines } = room();
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, WALLS);
    expect(shareMarked(views, small.width, isHeater)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => isLowPane(x, y) && x >= 164 && x < 216 && y >= 100 && y < 118)).toBeGreaterThan(0.95);
  });
});

describe('findViews on painted mouldings and glazing bars', () => {
  // A wall with a pillar of painted mouldings (light bands two pixels wide, in two shades of the wall's paint), a
  // window of leaves and sky, and a window of frosted glass as plain as the walls with a black glazing bar every
  // four pixels. The mouldings and the bars are both straight lines as busy as leaves; only the bars belong to a
  // window.
  const isPillar = (x: number, y: number) => x >= 100 && x < 130 && y < FLOOR_FROM;
  const isLeaves = (x: number, y: number) => x >= 160 && x < 220 && y >= 30 && y < 110;
  const isFrosted = (x: number, y: number) => x >= 20 && x < 80 && y >= 30 && y < 110;
  /** The pillar's inside, but where it meets the floor, whose edge runs across its lines. */
  const insidePillar = (x: number, y: number) => isPillar(x, y) && x >= 104 && x < 126 && y < FLOOR_FROM - 8;
  function room() {
    const random = createRandom(11);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isLeaves(x, y)) return leavesOrSky(random);
      if (isFrosted(x, y)) return x % 4 === 0 ? [25, 25, 28] : [212, 214, 216];
      if (isPillar(x, y)) return (x >> 1) % 2 ? [236, 226, 204] : [196, 182, 160];
      return [214, 200, 178];
    });
  }

  it('paints the mouldings and keeps both windows', () => {
    const { small, edges, lines } = room();
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, WALLS);
    expect(shareMarked(views, small.width, insidePillar)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => isLeaves(x, y) && x >= 164 && x < 216 && y >= 34 && y < 106)).toBeGreaterThan(0.95);
    expect(shareMarked(views, small.width, (x, y) => isFrosted(x, y) && x >= 24 && x < 76 && y >= 34 && y < 106)).toBeGreaterThan(0.95);
  });

  it('takes the mouldings for a view when their lines are not told apart (the control)', () => {
    const { small, edges } = room();
    const noLines = new Float32Array(small.width * small.height);
    const { views } = findViews(small, edges, noLines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, WALLS);
    expect(shareMarked(views, small.width, insidePillar)).toBeGreaterThan(0.9);
  });
});

describe('findViews on a window jamb lit by the daylight', () => {
  // A grey wall, a window of leaves and sky in a black frame, and to its left the window's jamb: a strip of the walls'
  // paint six pixels wide, lit by the daylight as bright as the sky and as blue as its light. A second window, of
  // plain bright sky in a frame, stands for glare through the glass: smooth, bright and cool like the jamb.
  const isJamb = (x: number, y: number) => x >= 54 && x < 60 && y >= 30 && y < 110;
  const isFrame = (x: number, y: number, left: number) => x >= left && x < left + 64 && y >= 28 && y < 112;
  const isGlass = (x: number, y: number, left: number) => x >= left + 2 && x < left + 62 && y >= 30 && y < 110;
  const walls: WallColour = { a: 0.5, b: 3, lightest: 63, darkest: 50, typical: 58 };
  function room() {
    const random = createRandom(13);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isGlass(x, y, 60)) return leavesOrSky(random);
      if (isGlass(x, y, 150)) return [214, 226, 242];
      if (isFrame(x, y, 60) || isFrame(x, y, 150)) return [28, 28, 30];
      if (isJamb(x, y)) return [206, 212, 222];
      return [150, 146, 140];
    });
  }

  it('paints the jamb with the wall and keeps both windows', () => {
    const { small, edges, lines } = room();
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, walls);
    expect(shareMarked(views, small.width, (x, y) => isJamb(x, y) && y >= 34 && y < 106)).toBeLessThan(0.5);
    expect(shareMarked(views, small.width, (x, y) => isGlass(x, y, 60) && x >= 66 && x < 120 && y >= 34 && y < 106)).toBeGreaterThan(0.95);
    expect(shareMarked(views, small.width, (x, y) => isGlass(x, y, 150) && x >= 156 && x < 206 && y >= 34 && y < 106)).toBeGreaterThan(
      0.95,
    );
  });
});

describe('findViews on black shelves and a window of black glazing bars', () => {
  // A niche of three black shelves on the wall, and a window of frosted glass (as plain as the walls) held in a grid
  // of black glazing bars. Both are dark bars with a grain (every pixel an edge) on a light ground, so both are as
  // busy as a view; the window's bars meet its uprights, the shelves stand alone.
  const isShelf = (x: number, y: number) => x >= 16 && x < 100 && [40, 56, 72].some((top) => y >= top && y < top + 6);
  const isWindowGrid = (x: number, y: number) => x >= 140 && x < 224 && y >= 30 && y < 114;
  const isGlazingBar = (x: number, y: number) => (x - 140) % 16 < 6 || (y - 30) % 16 < 6;
  /** Black with a grain: every pixel steps from its neighbour. */
  const grained = (x: number) => (x % 2 ? [12, 12, 14] : [40, 38, 36]);
  function room() {
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isWindowGrid(x, y)) return isGlazingBar(x, y) ? grained(x) : [212, 214, 216];
      if (isShelf(x, y)) return grained(x);
      return [214, 200, 178];
    });
  }

  it('paints the wall around the shelves and keeps the window', () => {
    const { small, edges, lines } = room();
    const dark = (cell: number) => small.lab[cell * 3] < 30;
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), dark, WALLS);
    const aroundShelves = (x: number, y: number) => x >= 16 && x < 100 && y >= 36 && y < 82;
    const insideWindow = (x: number, y: number) => x >= 144 && x < 220 && y >= 34 && y < 110;
    expect(shareMarked(views, small.width, aroundShelves)).toBe(0);
    expect(shareMarked(views, small.width, insideWindow)).toBeGreaterThan(0.95);
  });
});

describe('findViews on a small dark thing set in a daylit wall', () => {
  // A dim wall with a stretch lit by the daylight, lighter than the walls but no bluer, and set in it a fireplace's
  // small black glass, busy with the room's reflections. Beside it, as small, a window of leaves in a black frame.
  // The glass's outline lends the lit paint round it detail, so that paint reads as daylight through hazy glass and
  // joins the glass into one small view; the window's frame and leaves are detail themselves.
  const isLit = (x: number, y: number) => x >= 20 && x < 130 && y >= 20 && y < 115;
  const isGlass = (x: number, y: number) => x >= 60 && x < 76 && y >= 60 && y < 66;
  const isWindow = (x: number, y: number) => x >= 160 && x < 174 && y >= 40 && y < 54;
  const isWindowFrame = (x: number, y: number) => isWindow(x, y) && (x < 162 || x >= 172 || y < 42 || y >= 52);
  function room() {
    const random = createRandom(19);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isGlass(x, y)) return x % 2 ? [12, 12, 14] : [40, 38, 36];
      if (isWindowFrame(x, y)) return [24, 24, 26];
      if (isWindow(x, y)) return leavesOrSky(random);
      return isLit(x, y) ? [186, 174, 158] : [140, 130, 118];
    });
  }
  /** The lit paint round the glass, past the cells its edge runs through. */
  const roundGlass = (x: number, y: number) => x >= 52 && x < 84 && y >= 52 && y < 74 && !(x >= 56 && x < 80 && y >= 56 && y < 70);

  it('paints the lit wall round the glass and keeps the small window', () => {
    const { small, edges, lines } = room();
    const dark = (cell: number) => small.lab[cell * 3] < 30;
    const { views, litPaintRound } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), dark, DIM_WALLS);
    expect(shareMarked(views, small.width, roundGlass)).toBe(0);
    expect(shareMarked(litPaintRound, small.width, roundGlass)).toBeGreaterThan(0);
    expect(shareMarked(litPaintRound, small.width, isWindow)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => isWindow(x, y) && !isWindowFrame(x, y))).toBeGreaterThan(0.95);
  });
});

describe('stripsBetweenViews', () => {
  // A 100 × 60 grid of wall paint with views drawn in: what lies between them, and how wide it is, decides. Row 9
  // is a curtain rod and row 40 a sofa's back, neither of them paint.
  const W = 100;
  const H = 60;
  const grid = (view: (x: number, y: number) => boolean) =>
    Uint8Array.from({ length: W * H }, (_, i) => (view(i % W, Math.floor(i / W)) ? 1 : 0));
  const notPaint = (cell: number) => [9, 40].includes(Math.floor(cell / W));
  const strips = (views: Uint8Array) => new Set(stripsBetweenViews(views, W, H, (cell) => !views[cell] && !notPaint(cell)));
  const rows = (y: number) => y >= 10 && y < 40;

  it('takes in a narrow strip with a view either side over its height (a frosted pane, a curtain fold)', () => {
    const taken = strips(grid((x, y) => rows(y) && ((x >= 20 && x < 40) || (x >= 44 && x < 64))));
    expect(taken.has(25 * W + 41)).toBe(true);
    expect(taken.size).toBe(4 * 30);
  });

  it('leaves a wider wall between windows, a strip beside one window only, and a strip that runs on into the wall', () => {
    // Twelve columns between the windows: 12 % of the width.
    expect(strips(grid((x, y) => rows(y) && ((x >= 20 && x < 40) || (x >= 52 && x < 72)))).size).toBe(0);
    expect(strips(grid((x, y) => rows(y) && x >= 20 && x < 40)).size).toBe(0);
    // The windows stop at row 30; the strip between them is one with the wall under their sills.
    expect(strips(grid((x, y) => y >= 10 && y < 30 && ((x >= 20 && x < 40) || (x >= 44 && x < 64)))).size).toBe(0);
  });
});

describe('enclosedDaylight', () => {
  // A 40 × 30 grid: a window's view (rows 4–19, columns 8–31) round a patch (rows 8–13, columns 8–23). The window's
  // left frame is a dark column from the top of the grid down to row 22, which the view does not cover.
  const W = 40;
  const H = 30;
  const inPatch = (x: number, y: number) => x >= 8 && x < 24 && y >= 8 && y < 14;
  const views = Uint8Array.from({ length: W * H }, (_, i) => {
    const [x, y] = [i % W, Math.floor(i / W)];
    return x >= 8 && x < 32 && y >= 4 && y < 20 && !inPatch(x, y) ? 1 : 0;
  });
  const frame = (cell: number) => cell % W === 7 && Math.floor(cell / W) < 23;
  const viewsAndFrame = Uint8Array.from(views, (view, cell) => (view || frame(cell) ? 1 : 0));
  const walls: WallColour = { a: 2, b: 14, lightest: 70, darkest: 45, typical: 60 };
  /** The grid at the walls' lightness, the patch at `patchLightness`, its colour as warm as the walls'. */
  const image = (patchLightness: number) => {
    const lab = new Float32Array(W * H * 3);
    for (let i = 0; i < W * H; i++) lab.set([inPatch(i % W, Math.floor(i / W)) ? patchLightness : 60, 2, 14], i * 3);
    return { width: W, height: H, lab, linear: new Float32Array(0), srgb: new Float32Array(0) };
  };

  it('takes in a cloud the view and the dark frame enclose, as warm as the walls but far lighter', () => {
    // 96 cells, 8 % of the grid: more than the 1 % any enclosed patch is taken in at.
    const taken = enclosedDaylight(image(88), viewsAndFrame, walls, () => false);
    expect(taken).toHaveLength(96);
    expect(taken).toContain(10 * W + 8);
  });

  it("leaves a patch of the walls' paint, and what the frame does not close", () => {
    expect(enclosedDaylight(image(62), viewsAndFrame, walls, () => false)).toEqual([]);
    // Without the frame the patch runs out to the top of the grid through the frame's column: not enclosed.
    expect(enclosedDaylight(image(88), views, walls, () => false)).toEqual([]);
  });
});

describe('findCeiling', () => {
  it('finds a ceiling stopped by its corner with the wall', () => {
    const { small, edges } = drawnRoom(true);
    const ceiling = findCeiling(small, edges, (cell) => Math.floor(cell / small.width) * 2 < FLOOR_FROM);
    expect(shareMarked(ceiling, small.width, (_, y) => y < 26)).toBeGreaterThan(0.95);
    expect(shareMarked(ceiling, small.width, (_, y) => y >= 34)).toBe(0);
  });

  it("takes in what lies above the ceiling in its columns (a fixture's busy rim, a tray's recess)", () => {
    const { small, edges } = drawnRoom(true, true);
    const ceiling = findCeiling(small, edges, (cell) => Math.floor(cell / small.width) * 2 < FLOOR_FROM);
    expect(shareMarked(ceiling, small.width, isBusyTop)).toBeGreaterThan(0.95);
    expect(shareMarked(ceiling, small.width, (_, y) => y >= 34)).toBe(0);
  });

  it('claims no ceiling where the wall runs up to the top without a corner', () => {
    const { small, edges } = drawnRoom(false);
    const ceiling = findCeiling(small, edges, (cell) => Math.floor(cell / small.width) * 2 < FLOOR_FROM);
    expect(ceiling.every((marked) => marked === 0)).toBe(true);
  });
});

describe('findViews on a back wall lit by a lamp', () => {
  // A dim room's back wall with a pool of cool lamplight on it, fading out over the paint, that reaches the floor and
  // lights a wall of small pictures: as light and as blue as the sky, and as detailed as a view round the pictures,
  // but no frame runs round it. Beside it a glass door, its frame dark round leaves and sky, stands on the floor too.
  const POOL = { x: 80, y: 100, radius: 70, fade: 30, pictures: 45 };
  const inPool = (x: number, y: number) => Math.hypot(x - POOL.x, y - POOL.y) < POOL.radius - 8;
  /** Pictures 6 pixels square, one every PICTURE_STEP pixels each way. */
  const PICTURE_STEP = 8;
  const isPicture = (x: number, y: number) => x % PICTURE_STEP < 6 && y % PICTURE_STEP < 6 && y < FLOOR_FROM - 10;
  const isGlassDoor = (x: number, y: number) => x >= 170 && x < 220 && y >= 40 && y < FLOOR_FROM;
  const isGlassDoorFrame = (x: number, y: number) => isGlassDoor(x, y) && (x < 173 || x >= 217 || y < 43 || (x >= 193 && x < 196));
  function room() {
    const random = createRandom(17);
    return paintRoom((x, y) => {
      if (y >= FLOOR_FROM) return [150, 110, 70];
      if (isGlassDoorFrame(x, y)) return [30, 30, 32];
      if (isGlassDoor(x, y)) return leavesOrSky(random);
      const light = Math.min(1, Math.max(0, (POOL.radius - Math.hypot(x - POOL.x, y - POOL.y)) / POOL.fade));
      const lit = (colour: number[]) => colour.map((channel, k) => Math.round(channel + ([238, 244, 255][k] - channel) * light));
      if (isPicture(x, y) && Math.hypot(x - POOL.x, y - POOL.y) < POOL.pictures)
        return x % PICTURE_STEP < 1 || y % PICTURE_STEP < 1 ? [60, 55, 50] : [200, 150, 110];
      return lit([140, 130, 118]);
    });
  }

  it('takes the pool of light for the wall and the framed glass door for a view', () => {
    const { small, edges, lines } = room();
    const { views } = findViews(small, edges, lines, new Int32Array(small.width).fill(FLOOR_FROM / 2), () => false, DIM_WALLS);
    expect(shareMarked(views, small.width, (x, y) => inPool(x, y) && y < FLOOR_FROM)).toBe(0);
    expect(shareMarked(views, small.width, (x, y) => isGlassDoor(x, y) && !isGlassDoorFrame(x, y) && y >= 46)).toBeGreaterThan(0.95);
  });
});
