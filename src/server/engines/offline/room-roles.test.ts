// What each colour region is when it is not on the floor (roleAboveFloor), for the regions of a room under warm
// lamplight: bedroom_1's tan walls, as k-means splits them, and an oak cabinet of the same lightness as their shade.
// And what a drawn room's ceiling encloses (a black vent) is left with the ceiling, and the frosted panes a glazed
// wall's frame closes in are left with the view.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeWithGuide } from './offline-engine';
import { analyse, findRoomParts } from './render-plan';
import type { Cluster, Segmentation } from './segmentation';
import { REGION_ROLES, roleAboveFloor } from './room-roles';

const region = (lab: [number, number, number], share: number): Cluster => ({ lab, share, spread: 3 });

describe('roleAboveFloor', () => {
  it('takes the shade of a tinted wall for wall, and a wood of another tint for a feature', () => {
    const segmentation: Segmentation = {
      clusters: [
        region([15, 1, 4], 0.06), // window frames
        region([35, 5, 14], 0.2), // the wall in shade: too colourful for near-neutral shade
        region([36, 12, 26], 0.1), // an oak cabinet, as dark
        region([50, 5, 15], 0.3), // the wall in light: the largest light region
        region([84, -3, 11], 0.2), // ceiling
        region([96, -4, 16], 0.14), // sky
      ],
      labels: new Uint8Array(0),
    };
    // Exposure 1: the photo is read as taken.
    expect(roleAboveFloor(segmentation, 1, false)).toEqual(['dark', 'walls', 'feature', 'walls', 'walls', 'walls']);
  });
});

/** The oak floor's board joints, across the lower 130 px of a 640 × 480 drawing. */
const OAK_BOARDS = Array.from({ length: 13 }, (_, k) => `<rect y="${358 + k * 10}" width="640" height="2" fill="#6f5339"/>`).join('');

/** Reads a 640 × 480 drawing as a photo: what each point of it is taken for. */
async function readRoles(svg: string): Promise<(x: number, y: number) => string> {
  const { guide } = await decodeWithGuide(await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer());
  const { roles } = findRoomParts(analyse(guide, 'contemporary-luxe', null, 0));
  return (x, y) => REGION_ROLES[roles.cells[Math.floor((y / 480) * roles.height) * roles.width + Math.floor((x / 640) * roles.width)]];
}

describe('mapRoles', () => {
  it('leaves a black vent in the ceiling as photographed, with the ceiling around it', async () => {
    // 640 × 480: a white ceiling over the top 150 px with a round black vent in it, a greige wall, an oak floor.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="150" fill="#efefec"/><circle cx="300" cy="75" r="20" fill="#262626"/>
      <rect y="150" width="640" height="200" fill="#b8b2a6"/><rect y="350" width="640" height="130" fill="#8a6a4a"/>
      ${OAK_BOARDS}</svg>`;
    const roleAt = await readRoles(svg);
    expect(roleAt(300, 75)).toBe('keep');
    expect(roleAt(100, 40)).toBe('keep');
    expect(roleAt(300, 250)).toBe('walls');
  });

  it("leaves a glazed wall's plain lower panes as photographed, closed in by the view above and the dark frame", async () => {
    // 640 × 480: a greige wall on an oak floor, with a glazed wall standing on the floor: sky in its upper panes, and
    // two frosted lower panes as light as the wall, split by a black mullion. Together the lower panes are more than
    // the 1 % of the photo a patch the view encloses may be; each alone is less.
    const frame = (x: number, y: number, width: number, height: number) =>
      `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#141414"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <rect width="640" height="350" fill="#a39d91"/><rect y="350" width="640" height="130" fill="#8a6a4a"/>
      ${OAK_BOARDS}
      <rect x="296" y="196" width="98" height="154" fill="#aeaba4"/><rect x="296" y="196" width="98" height="92" fill="#e3f0ff"/>
      ${frame(296, 196, 98, 6)}${frame(296, 196, 6, 154)}${frame(388, 196, 6, 154)}${frame(296, 284, 98, 6)}${frame(342, 196, 6, 154)}
      </svg>`;
    const roleAt = await readRoles(svg);
    expect(roleAt(320, 240)).toBe('keep');
    expect(roleAt(320, 320)).toBe('keep');
    expect(roleAt(368, 320)).toBe('keep');
    expect(roleAt(150, 250)).toBe('walls');
  });
});
