// The floor grown past the floor line on a drawn room: the far floor, whose colour drifts with distance, joins the
// floor up to the skirting board; a wall of the floor's colour without a skirting board does not take the floor,
// because growth that runs away up a wall is undone.
import { describe, expect, it } from 'vitest';
import type { SmallImage } from './downscale';
import { growFloor } from './room-roles';

const WIDTH = 40;
const HEIGHT = 40;
const LINE = 25; // the floor line: sure floor from here down
const SKIRTING = 18; // the row of the skirting board

function drawnRoom(skirting: boolean) {
  const lab = new Float32Array(WIDTH * HEIGHT * 3);
  const edges = new Float32Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      // The floor darkens a little with distance; the wall is the floor's colour where there is no skirting.
      if (y > SKIRTING) lab.set([40 + (y - SKIRTING) * 0.8, 10 + (y - SKIRTING) * 0.2, 25], i * 3);
      else if (skirting && y === SKIRTING) {
        lab.set([95, 0, 2], i * 3);
        edges[i] = 0.6;
      } else lab.set(skirting ? [80, 2, 10] : [40, 10, 25], i * 3);
    }
  }
  const image: SmallImage = { width: WIDTH, height: HEIGHT, lab, linear: new Float32Array(lab.length), srgb: new Float32Array(lab.length) };
  const floorShare = Float32Array.from({ length: WIDTH * HEIGHT }, (_, i) => (Math.floor(i / WIDTH) >= LINE ? 1 : 0));
  return { image, edges, floorShare };
}

const rowShare = (floorShare: Float32Array, y: number) =>
  floorShare.subarray(y * WIDTH, (y + 1) * WIDTH).reduce((sum, v) => sum + v, 0) / WIDTH;

describe('growFloor', () => {
  it('takes the far floor up to the skirting board and stops there', () => {
    const { image, edges, floorShare } = drawnRoom(true);
    growFloor(image, edges, floorShare, () => true);
    for (let y = SKIRTING + 1; y < LINE; y++) expect(rowShare(floorShare, y)).toBe(1);
    for (let y = 0; y <= SKIRTING; y++) expect(rowShare(floorShare, y)).toBe(0);
  });

  it('undoes growth that runs up a wall of the floor colour', () => {
    const { image, edges, floorShare } = drawnRoom(false);
    growFloor(image, edges, floorShare, () => true);
    for (let y = 0; y < LINE; y++) expect(rowShare(floorShare, y)).toBe(0);
  });
});
