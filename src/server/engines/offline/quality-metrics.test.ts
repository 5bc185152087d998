// The layout guard must itself tell good from bad: these tests show that it can fail.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { edgeSimilarity } from './quality-metrics';
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
