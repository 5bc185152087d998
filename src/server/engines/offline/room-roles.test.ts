// What each colour region is when it is not on the floor (roleAboveFloor), for the regions of a room under warm
// lamplight: bedroom_1's tan walls, as k-means splits them, and an oak cabinet of the same lightness as their shade.
import { describe, expect, it } from 'vitest';
import type { Cluster, Segmentation } from './segmentation';
import { roleAboveFloor } from './room-roles';

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
