// The redesign figures themselves: the geometry of the labels, the spread measure, and the two controls (a global
// grade and a position-blind palette lookup), which must fail the bars or the figures mean nothing.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromaShiftSpread, quantile, setFigures, type LabImage } from './redesign-figures';
import { globalGradeControl, nearestPaletteControl } from './controls';
import { measureRenderer, PRESET_LOOKS } from './measure-renderer';
import { LABELLED_ROOMS, polygonMask, readRoomLabels } from './room-labels/room-labels';

const flat = (pixels: [number, number, number][]): LabImage => ({ lab: Float32Array.from(pixels.flat()), width: pixels.length, height: 1 });

describe('the room labels', () => {
  it('label every photo in the shared fixtures, each with a floor and walls', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(path.join(here, 'room-labels')).filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...LABELLED_ROOMS].sort());
    const photos = new Set(readdirSync(path.resolve('../shared/fixtures/rooms')));
    for (const room of LABELLED_ROOMS) {
      const labels = readRoomLabels(room);
      expect(photos.has(labels.photo)).toBe(true);
      expect(labels.regions.some((region) => region.label === 'floor')).toBe(true);
      expect(labels.regions.some((region) => region.label === 'wall')).toBe(true);
    }
  });

  it('fill a polygon at pixel centres', () => {
    const mask = polygonMask(
      [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.75, 0.75],
        [0.25, 0.75],
      ],
      8,
      8,
    );
    expect(mask.reduce((sum, inside) => sum + inside, 0)).toBe(16);
    expect(mask[2 * 8 + 2]).toBe(1);
    expect(mask[1 * 8 + 1]).toBe(0);
  });
});

describe('the figures', () => {
  it('see no blotch in a surface that moved together, and one in a surface half moved', () => {
    const before = flat([
      [70, 2, 8],
      [60, 3, 9],
      [80, 1, 7],
      [75, 2, 8],
    ]);
    const together = flat(
      before.lab.reduce<[number, number, number][]>(
        (pixels, _, i, lab) => (i % 3 ? pixels : [...pixels, [lab[i], lab[i + 1] + 10, lab[i + 2] - 6]]),
        [],
      ),
    );
    const all = new Uint8Array([1, 1, 1, 1]);
    expect(chromaShiftSpread(before, together, all)).toBeCloseTo(0, 5);
    const half = flat([
      [70, 12, 2],
      [60, 13, 3],
      [80, 1, 7],
      [75, 2, 8],
    ]);
    expect(chromaShiftSpread(before, half, all)).toBeGreaterThan(5);
  });

  it('take the worst tenth by interpolating order statistics', () => {
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10);
    expect(setFigures([]).failures.length).toBeGreaterThan(0);
  });
});

// All eleven presets on all seven labelled photos, at 480 px (the size the figures are taken at) to keep the suite quick; the bench uses 1920 px.
describe('the controls fail the bars', () => {
  it('a global grade (a filter) restyles no floor and keeps styles together', async () => {
    const figures = await measureRenderer((image, look) => globalGradeControl(image, look.styleId!), PRESET_LOOKS, 480);
    expect(figures.failures.join('\n')).toMatch(/floor restyled/);
    expect(figures.failures.join('\n')).toMatch(/styles apart/);
  }, 120_000);

  it('a position-blind palette lookup changes the view and blotches the walls', async () => {
    const figures = await measureRenderer((image, look) => nearestPaletteControl(image, look.styleId!), PRESET_LOOKS, 480);
    expect(figures.failures.join('\n')).toMatch(/view kept/);
    expect(figures.failures.join('\n')).toMatch(/no blotches/);
    expect(figures.failures.join('\n')).toMatch(/ceiling kept/);
  }, 120_000);
});
