// The floor plane from straight edges: segments are found where they are drawn (and folds in the shading where two
// surfaces lit alike meet, but not beside a step), a camera is recovered from a box room's edges as projected by a
// known camera, edges that agree on no room give no floor plane, and the floor materials fade to their average where
// a board is smaller than a pixel.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SRGB_TO_LINEAR } from './colour';
import { toGuide, type GuideImage } from './downscale';
import { FLOOR_MATERIALS, materialSampler } from './floor-materials';
import { findCreases, findSegments, type Segment } from './line-segments';
import { CAMERA_HEIGHT, estimateRoomGeometry, floorMapping, horizonRow, type RoomGeometry } from './room-geometry';
import { createRandom } from './random';
import { analyse, findRoomParts } from './render-plan';
import { labelledPhoto } from './quality/measure-renderer';
import { LABELLED_ROOMS, readRoomLabels } from './quality/room-labels/room-labels';

function guideOf(width: number, height: number, grey: (x: number, y: number) => number): GuideImage {
  const srgb = new Uint8Array(width * height * 3);
  const linear = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round(grey(x, y));
      for (let c = 0; c < 3; c++) {
        srgb[(y * width + x) * 3 + c] = v;
        linear[(y * width + x) * 3 + c] = SRGB_TO_LINEAR[v];
      }
    }
  }
  return { width, height, srgb, linear };
}

/**
 * Two surfaces lit alike meeting along a line at `degrees` through the frame's centre, under ±4 grey levels of noise:
 * the light falls toward the line from one side and rises away from it on the other (home_office_1's right wall under
 * its ceiling), with a step of `step` grey levels at the line.
 */
function foldedGuide(degrees: number, step: number): { guide: GuideImage; angle: number } {
  const angle = (degrees * Math.PI) / 180;
  const random = createRandom(degrees + step);
  const guide = guideOf(400, 300, (x, y) => {
    const across = (x - 200) * Math.sin(angle) - (y - 150) * Math.cos(angle);
    const shading = step ? 0 : across < 0 ? -0.5 * across : 0.25 * across;
    return 80 + shading + (across >= 0 ? step : 0) + (random() - 0.5) * 8;
  });
  return { guide, angle };
}

/** Whether `s` runs along the line at `angle` through (200, 150), within `reach` pixels of it at its middle. */
const alongLine = (s: Segment, angle: number, reach: number) => {
  const direction = Math.atan2(s.y2 - s.y1, s.x2 - s.x1);
  const mx = (s.x1 + s.x2) / 2 - 200;
  const my = (s.y1 + s.y2) / 2 - 150;
  return Math.abs(Math.sin(direction - angle)) < 0.05 && Math.abs(mx * Math.sin(angle) - my * Math.cos(angle)) < reach;
};

describe('folds in the shading', () => {
  it('are found where two surfaces lit alike meet with no step, which the line segments miss', () => {
    for (const degrees of [15, 40, 75]) {
      const { guide, angle } = foldedGuide(degrees, 0);
      const steps = findSegments(guide);
      expect(
        steps.filter((s) => alongLine(s, angle, 10)),
        `${degrees}°`,
      ).toEqual([]);
      const folds = findCreases(guide, steps).filter((s) => alongLine(s, angle, 3));
      expect(folds.length, `${degrees}°`).toBeGreaterThan(0);
      expect(Math.max(...folds.map((s) => s.length)), `${degrees}°`).toBeGreaterThan(150);
    }
  });

  it("are not found beside a step, whose blurred flanks curve as a fold's sides do", () => {
    for (const degrees of [15, 40, 75]) {
      const { guide, angle } = foldedGuide(degrees, 40);
      const steps = findSegments(guide);
      expect(
        steps.some((s) => alongLine(s, angle, 2)),
        `${degrees}°`,
      ).toBe(true);
      expect(
        findCreases(guide, steps).filter((s) => alongLine(s, angle, 30)),
        `${degrees}°`,
      ).toEqual([]);
    }
  });
});

describe('line segments', () => {
  it('are found along the sides of a dark panel on a light wall, end to end', () => {
    const guide = guideOf(200, 150, (x, y) => (x >= 50 && x < 150 && y >= 40 && y < 110 ? 40 : 220));
    const segments = findSegments(guide);
    const near = (s: Segment, x1: number, y1: number, x2: number, y2: number) =>
      (Math.hypot(s.x1 - x1, s.y1 - y1) < 3 && Math.hypot(s.x2 - x2, s.y2 - y2) < 3) ||
      (Math.hypot(s.x1 - x2, s.y1 - y2) < 3 && Math.hypot(s.x2 - x1, s.y2 - y1) < 3);
    expect(segments.some((s) => near(s, 50, 40, 150, 40))).toBe(true);
    expect(segments.some((s) => near(s, 50, 110, 150, 110))).toBe(true);
    expect(segments.some((s) => near(s, 50, 40, 50, 110))).toBe(true);
    expect(segments.some((s) => near(s, 150, 40, 150, 110))).toBe(true);
  });

  it("are found along a faint oblique edge in a photo's noise, at every angle", () => {
    // A soft corner between two walls (24 grey levels apart, anti-aliased as a downscaled photo is) under ±6 grey
    // levels of noise: without smoothing first, the noise turns the gradient's direction pixel by pixel.
    for (let degrees = 5; degrees < 90; degrees += 10) {
      const angle = (degrees * Math.PI) / 180;
      const random = createRandom(degrees);
      const guide = guideOf(300, 300, (x, y) => {
        const across = (x - 150) * Math.sin(angle) - (y - 150) * Math.cos(angle);
        return 110 + 24 * Math.min(1, Math.max(0, across + 0.5)) + (random() - 0.5) * 12;
      });
      const longest = findSegments(guide)[0];
      expect(longest, `${degrees}°`).toBeDefined();
      const inFrame = 300 / Math.max(Math.abs(Math.cos(angle)), Math.abs(Math.sin(angle)));
      expect(longest.length, `${degrees}°`).toBeGreaterThan(0.9 * inFrame);
      const found = Math.atan2(longest.y2 - longest.y1, longest.x2 - longest.x1);
      expect(Math.abs(Math.sin(found - angle)), `${degrees}°`).toBeLessThan(0.02);
    }
  });

  it('are not found in noise', () => {
    const random = createRandom(3);
    expect(findSegments(guideOf(200, 150, () => 60 + random() * 140))).toEqual([]);
  });
});

type Camera = { focal: number; pitch: number; yaw: number; roll: number };

/**
 * Where a camera at CAMERA_HEIGHT, turned by `yaw`, pitched down by `pitch` and held `roll` crooked (clockwise in
 * the photo) sees the floor point (x, z), in pixels of a `width` × `height` photo; null behind it.
 */
function projectPoint(camera: Camera, width: number, height: number, [x, y, z]: readonly number[]): [number, number] | null {
  const f = camera.focal * Math.max(width, height);
  // Room axes (x across, y down from the camera, z the room's depth) into the camera: the room's depth is turned
  // by yaw from the camera's view, then the camera looks down by pitch.
  const c = Math.cos(camera.yaw);
  const s = Math.sin(camera.yaw);
  const tx = c * x + s * z;
  const tz = -s * x + c * z;
  const cos = Math.cos(camera.pitch);
  const sin = Math.sin(camera.pitch);
  const cy = cos * y - sin * tz;
  const cz = sin * y + cos * tz;
  if (cz <= 0.1) return null;
  // The level photo, then turned the other way by the roll, as the crooked camera saw it.
  const [lx, ly] = [(f * tx) / cz, (f * cy) / cz];
  const [rc, rs] = [Math.cos(camera.roll), Math.sin(camera.roll)];
  return [width / 2 + lx * rc + ly * rs, height / 2 - lx * rs + ly * rc];
}

/** The edges of a 6 × 8 × 2.7 m room as `camera` sees them. */
function projectedRoom(camera: Camera, width: number, height: number): Segment[] {
  const project = (point: readonly number[]) => projectPoint(camera, width, height, point);
  const floor = CAMERA_HEIGHT;
  const ceiling = CAMERA_HEIGHT - 2.7;
  const segments: Segment[] = [];
  const add = (from: readonly number[], to: readonly number[]) => {
    // Sampled along its length and clipped to the frame, as a detector would see the edge.
    const points: [number, number][] = [];
    for (let t = 0; t <= 1; t += 0.01) {
      const p = project(from.map((v, k) => v + (to[k] - v) * t));
      if (p && p[0] >= 0 && p[0] <= width && p[1] >= 0 && p[1] <= height) points.push(p);
    }
    if (points.length < 2) return;
    const [x1, y1] = points[0];
    const [x2, y2] = points[points.length - 1];
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length > 8) segments.push({ x1, y1, x2, y2, length });
  };
  // Walls at x = -3 and x = 3, the far wall at z = 6; skirting and cornice lines, corners, door and window frames.
  for (const y of [floor, floor - 0.1, ceiling, 0.2]) {
    add([-3, y, 0.5], [-3, y, 6]);
    add([3, y, 0.5], [3, y, 6]);
    add([-3, y, 6], [3, y, 6]);
  }
  for (const x of [-3, -1, 1, 3]) add([x, floor, 6], [x, ceiling, 6]);
  for (const z of [2, 4]) {
    add([-3, floor, z], [-3, ceiling, z]);
    add([3, floor, z], [3, ceiling, z]);
  }
  return segments;
}

describe('room geometry', () => {
  const width = 400;
  const height = 300;

  it.each([
    { focal: 0.5, pitch: 0.08, yaw: 0.3, roll: 0 },
    { focal: 0.75, pitch: 0.12, yaw: -0.35, roll: 0 },
    { focal: 0.45, pitch: 0, yaw: 0.4, roll: 0 },
    { focal: 0.45, pitch: 0.06, yaw: 0.6, roll: -0.075 },
    { focal: 0.6, pitch: 0.1, yaw: -0.2, roll: 0.11 },
  ])('recovers the camera of a box room (focal $focal, pitch $pitch, yaw $yaw, roll $roll)', (camera) => {
    const found = estimateRoomGeometry(projectedRoom(camera, width, height), width, height);
    expect(found).not.toBeNull();
    const geometry = found as RoomGeometry;
    expect(geometry.focal).toBeCloseTo(camera.focal, 1);
    expect(Math.abs(geometry.yaw - camera.yaw)).toBeLessThan(0.03);
    expect(Math.abs(geometry.roll - camera.roll)).toBeLessThan(0.005);
    // The horizon sits where the level direction ahead projects, in the photo turned back level.
    expect(geometry.horizon).toBeCloseTo(-Math.tan(camera.pitch) * camera.focal, 2);
  });

  it('claims no floor plane from a photo held more crooked than a hand does', () => {
    const camera = { focal: 0.6, pitch: 0.1, yaw: 0.2, roll: 0.25 };
    expect(estimateRoomGeometry(projectedRoom(camera, width, height), width, height)).toBeNull();
  });

  it.each([0, 0.07])('maps pixels back to the floor points they show, in metres (roll %s)', (roll) => {
    const camera = { focal: 0.6, pitch: 0.1, yaw: 0.2, roll };
    const geometry: RoomGeometry = { ...camera, principalX: 0, principalY: 0, horizon: -Math.tan(0.1) * 0.6, support: 1 };
    const mapping = floorMapping(geometry, width, height);
    for (const [x, z] of [
      [0, 3],
      [-1.5, 2],
      [2, 5],
    ]) {
      // Project the floor point with the same camera, then map it back.
      const [px, py] = projectPoint(camera, width, height, [x, CAMERA_HEIGHT, z]) as [number, number];
      const w = mapping[6] * px + mapping[7] * py + mapping[8];
      const u = (mapping[0] * px + mapping[1] * py + mapping[2]) / w;
      const v = (mapping[3] * px + mapping[4] * py + mapping[5]) / w;
      expect(u).toBeCloseTo(x, 5);
      expect(v).toBeCloseTo(z, 5);
    }
    // The horizon's row at each side of the photo is where a far point straight ahead along that column projects.
    for (const side of [-40, 40]) {
      const [hx, hy] = projectPoint(camera, width, height, [
        side * 1000 * Math.cos(camera.yaw),
        0,
        side * 1000 * Math.sin(camera.yaw) + 1e5,
      ]) as [number, number];
      expect(horizonRow(geometry, hx, width, height)).toBeCloseTo(hy, 0);
    }
  });

  it('claims no floor plane from edges that agree on no room', () => {
    const random = createRandom(11);
    const segments: Segment[] = Array.from({ length: 80 }, () => {
      const x1 = random() * width;
      const y1 = random() * height;
      const angle = random() * Math.PI;
      const length = 10 + random() * 40;
      return { x1, y1, x2: x1 + Math.cos(angle) * length, y2: y1 + Math.sin(angle) * length, length };
    });
    expect(estimateRoomGeometry(segments, width, height)).toBeNull();
    expect(estimateRoomGeometry([], width, height)).toBeNull();
  });
});

describe('floor materials', () => {
  const gains = new Float64Array(3);
  const lightness = (name: (typeof FLOOR_MATERIALS)[number], foot: number) => {
    const sample = materialSampler(name, 5);
    const values: number[] = [];
    for (let i = 0; i < 400; i++) {
      sample(Float64Array.of((i % 20) * 0.137, Math.floor(i / 20) * 0.311, foot, foot), gains);
      values.push(gains[1]);
    }
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    return { mean, spread: Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length) };
  };

  it.each(FLOOR_MATERIALS)('%s shows its pattern up close and fades to an even floor far away', (name) => {
    const near = lightness(name, 0.002);
    const far = lightness(name, 5);
    expect(near.spread).toBeGreaterThan(0.015);
    expect(far.spread).toBeLessThan(0.01);
    expect(Math.abs(far.mean - 1)).toBeLessThan(0.05);
  });

  it('marble shows thin dark veins that break at the grout, as tiles cut from a slab do', () => {
    const sample = materialSampler('marble', 5);
    const at = (u: number, v: number) => {
      sample(Float64Array.of(u, v, 0.001, 0.001), gains);
      return gains[1];
    };
    // Up close, over four by four tiles (0.8 m each), away from the grout.
    const values: number[] = [];
    for (let u = 0.01; u < 3.2; u += 0.0037)
      for (let v = 0.01; v < 3.2; v += 0.0141) if (u % 0.8 > 0.01 && v % 0.8 > 0.01) values.push(at(u, v));
    const sorted = [...values].sort((a, b) => a - b);
    const typical = sorted[sorted.length >> 1];
    const veined = values.filter((value) => value < typical * 0.92).length / values.length;
    expect(sorted[0]).toBeLessThan(typical * 0.85);
    expect(veined).toBeGreaterThan(0.002);
    expect(veined).toBeLessThan(0.08);
    // Either side of every joint between tiles, 5 mm apart, each tile's own tone taken out: a drawing laid over the
    // whole floor would match.
    const left: number[] = [];
    const right: number[] = [];
    const centred = (values: number[]) => {
      const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
      return values.map((value) => value - mean);
    };
    for (const joint of [0.8, 1.6, 2.4]) {
      for (let row = 0; row < 4; row++) {
        const vs = Array.from({ length: 390 }, (_, k) => row * 0.8 + 0.01 + k * 0.002);
        left.push(...centred(vs.map((v) => at(joint - 0.0025, v))));
        right.push(...centred(vs.map((v) => at(joint + 0.0025, v))));
      }
    }
    expect(correlation(left, right)).toBeLessThan(0.5);
  });

  it('are the same for the same seed', () => {
    const first = new Float64Array(3);
    const point = Float64Array.of(1.3, 2.7, 0.004, 0.004);
    materialSampler('planks', 9)(point, first);
    materialSampler('planks', 9)(point, gains);
    expect([...gains]).toEqual([...first]);
  });
});

describe('the floor plane on the labelled room photos', () => {
  it('is found on most of them, and wherever it is found the hand-drawn floor lies below its horizon', async () => {
    let found = 0;
    for (const room of LABELLED_ROOMS) {
      const photo = await labelledPhoto(room, 960);
      const { data, info } = await sharp(photo).resize(400, 400, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
      const guide = toGuide(data, info.width, info.height, info.channels);
      const analysis = analyse(guide, 'farmhouse-chic', null, 1);
      const { floorPlane } = findRoomParts(analysis);
      if (!floorPlane) continue;
      found++;
      const corners = readRoomLabels(room)
        .regions.filter((region) => region.label === 'floor')
        .flatMap((region) => region.points);
      for (const [x, y] of corners) {
        const horizon = horizonRow(floorPlane, x * info.width, info.width, info.height) / info.height;
        expect(y, room).toBeGreaterThan(horizon);
      }
    }
    expect(found).toBeGreaterThanOrEqual(4);
  }, 30_000);
});

function correlation(first: number[], second: number[]): number {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const [a, b] = [mean(first), mean(second)];
  let product = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (let i = 0; i < first.length; i++) {
    product += (first[i] - a) * (second[i] - b);
    squaresA += (first[i] - a) ** 2;
    squaresB += (second[i] - b) ** 2;
  }
  return product / Math.sqrt(squaresA * squaresB);
}
