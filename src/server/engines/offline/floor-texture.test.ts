// The floor reaching up through texture on a drawn room whose boards are the walls' own beige: the colour model found
// the floor only from LINE down. Shaded boards between there and the skirting board join the floor, across a sun
// stripe; smooth paint and a long straight edge stop it.
import { describe, expect, it } from 'vitest';
import { cellTexture, reachTexturedFloor, type TextureInput } from './floor-texture';
import { createRandom } from './random';
import { SRGB_TO_LINEAR } from './colour';
import type { GuideImage } from './downscale';

const WIDTH = 40;
const HEIGHT = 40;
/** The guide is this many times the grid, as in the engine (400 px against 160). */
const SCALE = 2;
const SKIRTING = 16;
const LINE = 22;
const SUN = [18, 19] as const;

type Room = { sun?: boolean; floorTexture?: number };

/** Grey levels per guide pixel: smooth beige-grey walls, boards of the same grey with grain below the skirting. */
function drawnGuide({ sun = false, floorTexture = 14 }: Room): GuideImage {
  const width = WIDTH * SCALE;
  const height = HEIGHT * SCALE;
  const random = createRandom(3);
  const srgb = new Uint8Array(width * height * 3);
  const linear = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const row = Math.floor(y / SCALE);
      let grey = 150;
      if (row === SKIRTING) grey = 235;
      else if (row > SKIRTING) grey = 150 + (random() - 0.5) * floorTexture;
      if (sun && row >= SUN[0] && row <= SUN[1]) grey = 252;
      const code = Math.round(Math.min(255, Math.max(0, grey)));
      for (let c = 0; c < 3; c++) {
        srgb[(y * width + x) * 3 + c] = code;
        linear[(y * width + x) * 3 + c] = SRGB_TO_LINEAR[code];
      }
    }
  }
  return { width, height, srgb, linear };
}

function climb(room: Room, barrierRow = SKIRTING): Float32Array {
  const guide = drawnGuide(room);
  const floorShare = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => (Math.floor(i / WIDTH) >= LINE ? 1 : 0));
  const sunLit = (cell: number) => room.sun === true && Math.floor(cell / WIDTH) >= SUN[0] && Math.floor(cell / WIDTH) <= SUN[1];
  const input: TextureInput = {
    width: WIDTH,
    height: HEIGHT,
    texture: cellTexture(guide, WIDTH, HEIGHT),
    sureFrom: new Int32Array(WIDTH).fill(LINE),
    wall: (cell) => Math.floor(cell / WIDTH) < SKIRTING,
    allowed: () => true,
    barrier: (cell) => Math.floor(cell / WIDTH) === barrierRow,
    glare: sunLit,
    highest: 4,
  };
  reachTexturedFloor(floorShare, input);
  return floorShare;
}

const rowShare = (floorShare: Float32Array, y: number) =>
  floorShare.subarray(y * WIDTH, (y + 1) * WIDTH).reduce((sum, v) => sum + v, 0) / WIDTH;

describe('reachTexturedFloor', () => {
  it('takes the shaded boards up to the skirting board, and none of the wall above it', () => {
    const floorShare = climb({});
    for (let y = SKIRTING + 1; y < LINE; y++) expect(rowShare(floorShare, y)).toBe(1);
    for (let y = 0; y <= SKIRTING; y++) expect(rowShare(floorShare, y)).toBe(0);
  });

  it('crosses a sun stripe to the boards beyond it', () => {
    const floorShare = climb({ sun: true });
    for (let y = SKIRTING + 1; y < LINE; y++) expect(rowShare(floorShare, y)).toBe(1);
    expect(rowShare(floorShare, SKIRTING)).toBe(0);
  });

  it('stops at a long straight edge', () => {
    const floorShare = climb({}, 19);
    for (let y = 20; y < LINE; y++) expect(rowShare(floorShare, y)).toBe(1);
    for (let y = 0; y <= 19; y++) expect(rowShare(floorShare, y)).toBe(0);
  });

  it('does nothing where the floor is as smooth as the walls', () => {
    const floorShare = climb({ floorTexture: 0 });
    for (let y = 0; y < LINE; y++) expect(rowShare(floorShare, y)).toBe(0);
  });
});
