// Loads the shared room photos for the engine's tests the way uploads reach the engine: upright JPEGs of at most
// 1920 px on the long side. Tests run with the repository root as working directory.
import path from 'node:path';
import sharp from 'sharp';

export const ROOM_FIXTURES = ['kitchen_1', 'kitchen_2', 'living_room_1', 'bedroom_1', 'dining_room_1', 'home_office_1'] as const;
export type RoomFixture = (typeof ROOM_FIXTURES)[number];

const FIXTURE_DIR = path.resolve('../shared/fixtures/rooms');
const cache = new Map<string, Promise<Buffer>>();

export function loadRoom(name: RoomFixture): Promise<Buffer> {
  let image = cache.get(name);
  if (!image) {
    image = sharp(path.join(FIXTURE_DIR, `${name}.jpg`))
      .rotate()
      .resize(1920, 1920, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 92 })
      .toBuffer();
    cache.set(name, image);
  }
  return image;
}
