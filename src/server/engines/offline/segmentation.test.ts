// k-means in Lab finds the regions a photo is made of, darkest first, and the same seed finds the same ones.
import { describe, expect, it } from 'vitest';
import { hexToLab } from './colour';
import { kMeansLab } from './segmentation';
import { createRandom } from './random';

/** A 60-pixel-wide strip: 30 % wall white, 50 % oak, 20 % black, each with a little noise. */
function stripes(): Float32Array {
  const random = createRandom(99);
  const colours = [hexToLab('#F0EEE8'), hexToLab('#A9794D'), hexToLab('#1E1E1E')];
  const lab = new Float32Array(600 * 3);
  for (let i = 0; i < 600; i++) {
    const column = i % 60;
    const colour = colours[column < 18 ? 0 : column < 48 ? 1 : 2];
    for (let c = 0; c < 3; c++) lab[i * 3 + c] = colour[c] + (random() - 0.5) * 4;
  }
  return lab;
}

describe('kMeansLab', () => {
  it('finds each region with its share, darkest first', () => {
    const { clusters, labels } = kMeansLab(stripes(), 3, createRandom(1));
    expect(clusters.map((cluster) => Math.round(cluster.share * 100))).toEqual([20, 50, 30]);
    expect(clusters[0].lab[0]).toBeLessThan(clusters[1].lab[0]);
    expect(clusters[1].lab[0]).toBeLessThan(clusters[2].lab[0]);
    const oak = hexToLab('#A9794D');
    expect(Math.hypot(...clusters[1].lab.map((v, c) => v - oak[c]))).toBeLessThan(1);
    expect(labels[0]).toBe(2);
    expect(labels[30]).toBe(1);
    expect(labels[59]).toBe(0);
  });

  it('gives the same regions for the same seed, also when fitting on a subsample', () => {
    const lab = stripes();
    expect(kMeansLab(lab, 4, createRandom(5), 2)).toEqual(kMeansLab(lab, 4, createRandom(5), 2));
  });

  it('keeps k regions on a flat image instead of failing', () => {
    const flat = new Float32Array(300).fill(50);
    const { clusters } = kMeansLab(flat, 3, createRandom(1));
    expect(clusters).toHaveLength(3);
  });
});
