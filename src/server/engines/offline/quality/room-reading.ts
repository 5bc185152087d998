// How the engine reads a labelled photo before any colour is painted: how much of the hand-drawn floor it finds, how
// much of each hand-drawn wall it takes for floor or leaves as photographed, and how much of the hand-drawn ceiling it
// leaves as photographed. The redesign figures judge renders, and a wall painted evenly in the floor's colour, or left
// evenly as it was, passes their blotch measure (its chroma shift is even); the reading catches it.
import { decodeWithGuide } from '../offline-engine';
import { analyse, findRoomParts } from '../render-plan';
import { REGION_ROLES, type RoleMap } from '../room-roles';
import { photoVariant, type PhotoVariant } from './measure-renderer';
import { polygonMask, type LabelledRoom, type RoomLabels } from './room-labels/room-labels';

export type Reading = {
  /**
   * Per hand-drawn wall (named by its note), the share of its cells the engine takes for floor, and the share it
   * leaves as photographed (taken for the view through a window, the ceiling, or a detail it does not repaint).
   */
  walls: { wall: string; takenForFloor: number; leftAsIs: number }[];
  /** The share of the hand-drawn floor's cells the engine takes for floor, leaving out furniture standing on it. */
  floorFound: number;
  /** The share of the hand-drawn ceiling's cells the engine leaves as photographed; null where none is drawn. */
  ceilingKept: number | null;
  /**
   * Per hand-drawn piece of furniture (named by its note), the share of its cells the engine paints with the walls
   * (curtains as light as the walls were, decision 087), and the share it takes for floor, where a new floor would
   * be laid over it (a rug).
   */
  furniture: { piece: string; takenForWall: number; takenForFloor: number }[];
};

/**
 * What the engine takes each cell of its analysis grid for, in a photo as uploads reach it. The look does not change
 * the reading (only what is painted), so any preset will do.
 */
export async function roomRoles(photo: Buffer): Promise<RoleMap> {
  const { guide } = await decodeWithGuide(photo);
  return findRoomParts(analyse(guide, 'modern-minimalist', null, 0)).roles;
}

/** The engine's reading of one labelled photo (at `size` px, as uploads reach it), on its own analysis grid. */
export async function readRoom(room: LabelledRoom, variant: PhotoVariant, size = 960): Promise<Reading> {
  const { photo, labels } = await photoVariant(room, size, variant);
  return readPhoto(photo, labels);
}

/** The engine's reading of a photo against its labels (a labelled photo, or one with a rug laid into it). */
export async function readPhoto(photo: Buffer, labels: RoomLabels): Promise<Reading> {
  const { floor, cells, width, height } = await roomRoles(photo);
  const isFloor = (i: number) => floor[i] >= 0.5;
  const isLeft = (i: number) => floor[i] < 0.5 && REGION_ROLES[cells[i]] === 'keep';
  const isWall = (i: number) => floor[i] < 0.5 && REGION_ROLES[cells[i]] === 'walls';
  const share = (mask: Uint8Array, taken: (i: number) => boolean) => {
    let inside = 0;
    let count = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      inside++;
      if (taken(i)) count++;
    }
    return inside ? count / inside : 0;
  };
  const floorMask = new Uint8Array(width * height);
  const furnitureMask = new Uint8Array(width * height);
  const ceilingMask = new Uint8Array(width * height);
  const walls: Reading['walls'] = [];
  const furniture: Reading['furniture'] = [];
  for (const region of labels.regions) {
    const mask = polygonMask(region.points, width, height);
    if (region.label === 'wall') {
      walls.push({ wall: region.note ?? 'wall', takenForFloor: share(mask, isFloor), leftAsIs: share(mask, isLeft) });
    }
    if (region.label === 'furniture') {
      furniture.push({ piece: region.note ?? 'furniture', takenForWall: share(mask, isWall), takenForFloor: share(mask, isFloor) });
      for (let i = 0; i < mask.length; i++) furnitureMask[i] |= mask[i];
    }
    if (region.label === 'floor') for (let i = 0; i < mask.length; i++) floorMask[i] |= mask[i];
    if (region.label === 'ceiling') for (let i = 0; i < mask.length; i++) ceilingMask[i] |= mask[i];
  }
  // What stands on the floor (a rug) is not floor to be found.
  for (let i = 0; i < floorMask.length; i++) floorMask[i] &= 1 - furnitureMask[i];
  const ceilingKept = ceilingMask.includes(1) ? share(ceilingMask, isLeft) : null;
  return { walls, floorFound: share(floorMask, isFloor), ceilingKept, furniture };
}
