// The figures the engine is judged by must themselves tell good from bad: these tests show that they can fail.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hexToLab } from './colour';
import { edgeSimilarity, paletteDistance, styleDistance } from './quality-metrics';
import { loadRoom } from './test-fixtures';

describe('edgeSimilarity', () => {
  it('is 1 for the same photo and stays high under a global grade', async () => {
    const room = await loadRoom('kitchen_1');
    expect(await edgeSimilarity(room, room)).toBeCloseTo(1, 6);
    const warmer = await sharp(room).modulate({ brightness: 1.1, saturation: 1.2, hue: 10 }).jpeg().toBuffer();
    expect(await edgeSimilarity(room, warmer)).toBeGreaterThan(0.9);
  });

  it('is low for another room or a posterised, blurred copy', async () => {
    const kitchen = await loadRoom('kitchen_1');
    const { width, height } = await sharp(kitchen).metadata();
    const otherRoom = await sharp(await loadRoom('dining_room_1'))
      .resize(width, height, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const smeared = await sharp(kitchen).blur(12).jpeg().toBuffer();
    expect(await edgeSimilarity(kitchen, otherRoom)).toBeLessThan(0.6);
    expect(await edgeSimilarity(kitchen, smeared)).toBeLessThan(0.6);
  });
});

describe('styleDistance', () => {
  it('is near zero for an image painted in the palette and large for one far from it', async () => {
    const palette = ['#F3EEE3', '#A9794D'].map(hexToLab);
    const painted = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#F3EEE3' } })
      .composite([{ input: { create: { width: 80, height: 30, channels: 3, background: '#A9794D' } }, top: 30, left: 0 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const teal = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#1E6B6B' } })
      .jpeg()
      .toBuffer();
    expect(await styleDistance(painted, palette)).toBeLessThan(2);
    expect(await styleDistance(teal, palette)).toBeGreaterThan(20);
  });

  it('weighs each dominant colour by its share of the image', () => {
    const white = hexToLab('#FFFFFF');
    const distance = paletteDistance(
      [
        { lab: [100, 0, 0], share: 0.75 },
        { lab: [50, 0, 0], share: 0.25 },
      ],
      [white],
    );
    expect(distance).toBeGreaterThan(0);
    expect(distance).toBeCloseTo(0.25 * paletteDistance([{ lab: [50, 0, 0], share: 1 }], [white]), 3);
  });
});
