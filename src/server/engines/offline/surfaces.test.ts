// The surface finder on a drawn room: a smooth ceiling band, a smooth painted wall with a detailed window in it, and
// a textured wooden floor with a strong edge at the skirting. The floor and the wall are found; the window is not.
import { describe, expect, it } from 'vitest';
import { createRandom } from './random';
import { describeSuperpixels, slic } from './superpixels';
import { findSurfaces, SURFACE } from './surfaces';

const WIDTH = 240;
const HEIGHT = 180;
const isWindow = (x: number, y: number) => x > 150 && x < 210 && y > 40 && y < 95;

function drawnRoom() {
  const random = createRandom(3);
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      if (y < 20) lab.set([93, 0, 2], i);
      else if (y < 110) lab.set(isWindow(x, y) ? [60 + 35 * random(), -12 + 8 * random(), -20 + 15 * random()] : [80, 1, 7], i);
      else lab.set([52 + 10 * Math.sin(y * 1.3) + 4 * random(), 9, 24], i);
    }
  }
  const gradient = new Float32Array(WIDTH * HEIGHT);
  for (let y = 1; y < HEIGHT - 1; y++) {
    for (let x = 1; x < WIDTH - 1; x++) {
      const at = (dx: number, dy: number) => lab[((y + dy) * WIDTH + x + dx) * 3];
      gradient[y * WIDTH + x] = Math.hypot(at(1, 0) - at(-1, 0), at(0, 1) - at(0, -1)) / 2;
    }
  }
  return { width: WIDTH, height: HEIGHT, lab, gradient };
}

describe('finding the floor and the walls', () => {
  it('finds the textured floor, the painted wall, and leaves the window alone', () => {
    const image = drawnRoom();
    const { labels } = slic(image, 300);
    const cells = describeSuperpixels(image, labels, image.gradient);
    const { surfaceOf } = findSurfaces(cells);
    const shareOf = (surface: number, inside: (x: number, y: number) => boolean) => {
      let hits = 0;
      let count = 0;
      for (let p = 0; p < labels.length; p++) {
        const x = p % WIDTH;
        const y = Math.floor(p / WIDTH);
        if (!inside(x, y)) continue;
        count++;
        if (surfaceOf[labels[p]] === surface) hits++;
      }
      return hits / count;
    };
    expect(shareOf(SURFACE.floor, (_, y) => y > 120)).toBeGreaterThan(0.9);
    expect(shareOf(SURFACE.floor, (_, y) => y < 100)).toBe(0);
    expect(shareOf(SURFACE.wall, (x, y) => y > 30 && y < 100 && x < 130)).toBeGreaterThan(0.9);
    expect(shareOf(SURFACE.none, (x, y) => isWindow(x, y) && x > 160 && x < 200 && y > 50 && y < 85)).toBeGreaterThan(0.9);
  });
});
