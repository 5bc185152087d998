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

  it('leaves out the windows it is told to ignore, and only those', async () => {
    const kitchen = await loadRoom('kitchen_1');
    const { width = 0, height = 0 } = await sharp(kitchen).metadata();
    // The lower half smeared, as a new floor replaces the old boards' pattern.
    const lower = await sharp(kitchen)
      .extract({ left: 0, top: Math.round(height / 2), width, height: height - Math.round(height / 2) })
      .blur(12)
      .toBuffer();
    const newFloor = await sharp(kitchen)
      .composite([{ input: lower, left: 0, top: Math.round(height / 2) }])
      .jpeg()
      .toBuffer();
    const lowerHalf = (w: number, h: number) => Uint8Array.from({ length: w * h }, (_, i) => (i >= (h / 2) * w ? 1 : 0));
    const upperHalf = (w: number, h: number) => Uint8Array.from({ length: w * h }, (_, i) => (i < (h / 2) * w ? 1 : 0));
    expect(await edgeSimilarity(kitchen, newFloor)).toBeLessThan(0.8);
    expect(await edgeSimilarity(kitchen, newFloor, lowerHalf)).toBeGreaterThan(0.9);
    expect(await edgeSimilarity(kitchen, newFloor, upperHalf)).toBeLessThan(await edgeSimilarity(kitchen, newFloor));
  });

  it('does not let what it ignores set the scale of what it compares', async () => {
    const kitchen = await loadRoom('kitchen_1');
    const { width = 0, height = 0 } = await sharp(kitchen).metadata();
    const top = Math.round(height / 2);
    // A new floor of black and white tiles, far more contrasty than anything above it: its edges are the picture's
    // strongest, and would make every edge above them look weaker than in the photo.
    const tile = Math.round(width / 12);
    const tiles = Buffer.alloc(width * (height - top), 0);
    for (let y = 0; y < height - top; y++) {
      for (let x = 0; x < width; x++) tiles[y * width + x] = (Math.floor(x / tile) + Math.floor(y / tile)) % 2 ? 255 : 0;
    }
    const floor = await sharp(tiles, { raw: { width, height: height - top, channels: 1 } })
      .png()
      .toBuffer();
    const newFloor = await sharp(kitchen)
      .composite([{ input: floor, left: 0, top }])
      .jpeg()
      .toBuffer();
    const lowerHalf = (w: number, h: number) => Uint8Array.from({ length: w * h }, (_, i) => (i >= (h / 2) * w ? 1 : 0));
    expect(await edgeSimilarity(kitchen, newFloor, lowerHalf)).toBeGreaterThan(0.9);
  });
});
