// Superpixels follow the photo's edges, and each patch knows its neighbours and how strong the edge between them is.
import { describe, expect, it } from 'vitest';
import { describeSuperpixels, slic } from './superpixels';

/** 60×40: a light left half (a wall) and a dark right half (a cupboard), the edge at x = 30. */
function twoHalves() {
  const width = 60;
  const height = 40;
  const lab = new Float32Array(width * height * 3);
  const gradient = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      lab.set(x < 30 ? [85, 1, 6] : [30, 2, 10], i);
      if (x === 29 || x === 30) gradient[y * width + x] = 27;
    }
  }
  return { width, height, lab, gradient };
}

describe('superpixels', () => {
  it('never straddle a strong colour edge', () => {
    const image = twoHalves();
    const { labels } = slic(image, 24);
    const sides = new Map<number, Set<boolean>>();
    labels.forEach((label, p) => sides.set(label, (sides.get(label) ?? new Set()).add(p % image.width < 30)));
    expect([...sides.values()].every((side) => side.size === 1)).toBe(true);
  });

  it('know their neighbours and the edge strength along each shared border', () => {
    const image = twoHalves();
    const { labels } = slic(image, 24);
    const cells = describeSuperpixels(image, labels, image.gradient);
    const light = cells.findIndex((cell) => cell.l > 80 && cell.x > 0.4);
    const across = [...cells[light].neighbours].find(([other]) => cells[other].l < 40);
    expect(across?.[1]).toBeGreaterThan(20);
    const along = [...cells[light].neighbours].find(([other]) => cells[other].l > 80);
    expect(along?.[1]).toBeLessThan(1);
    expect(cells.reduce((sum, cell) => sum + cell.size, 0)).toBe(image.width * image.height);
  });
});
