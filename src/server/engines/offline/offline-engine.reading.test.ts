// The offline engine's reading of every labelled photo, as taken and as it has not seen them (mirrored, darker,
// warmer): no hand-drawn wall taken for floor, and the hand-drawn floor found (quality/room-reading.ts). The renders'
// figures cannot see a wall painted evenly in the floor's colour; this can.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PhotoVariant } from './quality/measure-renderer';
import { readRoom, type Reading } from './quality/room-reading';
import { LABELLED_ROOMS } from './quality/room-labels/room-labels';

/** At most this share of any hand-drawn wall may be taken for floor (a skirting's worth of error). */
const WALL_TAKEN_AT_MOST = 0.2;
/** At least this share of the hand-drawn floor must be found (a strip along its far edge may be missed). */
const FLOOR_FOUND_AT_LEAST = 0.85;
const VARIANTS: readonly PhotoVariant[] = ['as taken', 'mirrored', 'darker', 'warmer'];

/**
 * Walls taken for floor today: bedroom_1's tan walls below its windows, darker or under warm light. Their colour and
 * the boards' are alike (the colour model's odds are 0.5 to 0.66 on the wall), so the floor line climbs to the sill.
 * Halving the floor's odds on smooth cells in the line's choice fixed the floor, but under warm light the walls then
 * read as furniture (their chroma passes the shade rule's limit) and took blotches (decision 042).
 */
const KNOWN_WALLS_TAKEN = new Set([
  'darker bedroom_1: right wall under the windows, above the heater',
  'warmer bedroom_1: left wall under the windows, above the heater',
  'warmer bedroom_1: right wall under the windows, above the heater',
]);

describe('the offline engine reading labelled rooms', () => {
  const readings: { name: string; reading: Reading }[] = [];
  beforeAll(async () => {
    for (const variant of VARIANTS) {
      for (const room of LABELLED_ROOMS) readings.push({ name: `${variant} ${room}`, reading: await readRoom(room, variant) });
    }
  }, 120_000);
  const wallsTaken = () =>
    readings.flatMap(({ name, reading }) =>
      reading.walls.filter((wall) => wall.takenForFloor > WALL_TAKEN_AT_MOST).map((wall) => `${name}: ${wall.wall}`),
    );

  it('finds the hand-drawn floor in every photo', () => {
    expect(readings).toHaveLength(VARIANTS.length * LABELLED_ROOMS.length);
    const missed = readings.filter(({ reading }) => reading.floorFound < FLOOR_FOUND_AT_LEAST);
    expect(missed.map(({ name, reading }) => `${name} ${reading.floorFound.toFixed(2)}`)).toEqual([]);
  });

  it('takes no hand-drawn wall for floor but the known ones', () => {
    expect(wallsTaken().filter((wall) => !KNOWN_WALLS_TAKEN.has(wall))).toEqual([]);
  });

  it.fails(`takes no hand-drawn wall for floor (not yet met: ${KNOWN_WALLS_TAKEN.size} walls)`, () => {
    expect(wallsTaken()).toEqual([]);
  });
});
