// Image measures for the offline engine's tests: "layout kept" (SSIM of the edge maps of input and output, the
// layout guard of the redesign figures in quality/) and an image's dominant colours.
import sharp from 'sharp';
import { SRGB_TO_LINEAR, srgbToLab, type Lab } from './colour';
import { atExposure, estimateExposure } from './exposure';
import { createRandom } from './random';
import { kMeansLab } from './segmentation';

export type Gray = { pixels: Float32Array; width: number; height: number };

const METRIC_SIZE = 256;

async function grayscale(image: Buffer, size: number): Promise<Gray> {
  const { data, info } = await sharp(image).resize(size, size, { fit: 'inside' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: Float32Array.from(data), width: info.width, height: info.height };
}

/** Sobel gradient magnitude; the one-pixel border stays zero. */
export function sobel({ pixels, width, height }: Gray): Gray {
  const edges = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx =
        pixels[i - width + 1] +
        2 * pixels[i + 1] +
        pixels[i + width + 1] -
        pixels[i - width - 1] -
        2 * pixels[i - 1] -
        pixels[i + width - 1];
      const gy =
        pixels[i + width - 1] +
        2 * pixels[i + width] +
        pixels[i + width + 1] -
        pixels[i - width - 1] -
        2 * pixels[i - width] -
        pixels[i - width + 1];
      edges[i] = Math.hypot(gx, gy);
    }
  }
  return { pixels: edges, width, height };
}

/**
 * SSIM (Wang et al. 2004) of every 7×7 window, with constants for a 0..255 range, written at the window's centre
 * pixel; NaN where no window is centred (the border) and at pixels of `skip`. Doubles, so that their mean (ssim) is
 * the very number a running sum gives.
 */
export function ssimWindows(x: Gray, y: Gray, window = 7, skip?: Uint8Array): Float64Array {
  if (x.width !== y.width || x.height !== y.height) throw new Error('SSIM needs images of the same size');
  const { width, height } = x;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const area = window * window;
  const values = new Float64Array(width * height).fill(Number.NaN);
  for (let top = 0; top + window <= height; top++) {
    for (let left = 0; left + window <= width; left++) {
      const centre = (top + (window >> 1)) * width + left + (window >> 1);
      if (skip?.[centre]) continue;
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      for (let dy = 0; dy < window; dy++) {
        let i = (top + dy) * width + left;
        for (let dx = 0; dx < window; dx++, i++) {
          const a = x.pixels[i];
          const b = y.pixels[i];
          sx += a;
          sy += b;
          sxx += a * a;
          syy += b * b;
          sxy += a * b;
        }
      }
      const mx = sx / area;
      const my = sy / area;
      const vx = sxx / area - mx * mx;
      const vy = syy / area - my * my;
      const cov = sxy / area - mx * my;
      values[centre] = ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
    }
  }
  return values;
}

/** Mean SSIM over every 7×7 window (ssimWindows); windows centred on a pixel of `skip` are left out. */
export function ssim(x: Gray, y: Gray, window = 7, skip?: Uint8Array): number {
  let total = 0;
  let count = 0;
  for (const value of ssimWindows(x, y, window, skip)) {
    if (Number.isNaN(value)) continue;
    total += value;
    count++;
  }
  return count ? total / count : 1;
}

/**
 * Layout kept: SSIM of the Sobel edge maps of two images at 256 px, each map scaled so its 99th percentile is 255.
 * 1 means the same structure. The scaling asks where the edges are, not how contrasty the grade made them.
 * `ignore` gives, for the measuring size, pixels whose windows are left out (the inside of a floor whose boards a
 * new material replaces; see quality/measure-renderer.ts). They are left out of the percentile too: what is not
 * compared must not set the scale of what is (sun stripes on a carpet, or a new floor's joints, would otherwise
 * make every wall's edges weaker or stronger; decision 064).
 */
export async function edgeSimilarity(
  before: Buffer,
  after: Buffer,
  ignore?: (width: number, height: number) => Uint8Array,
): Promise<number> {
  const { photo, render, skip } = await edgeMaps(before, after, ignore);
  return ssim(photo, render, 7, skip);
}

/** The two edge maps the layout guard compares (see edgeSimilarity), at 256 px, and the pixels it leaves out. */
export async function edgeMaps(
  before: Buffer,
  after: Buffer,
  ignore?: (width: number, height: number) => Uint8Array,
): Promise<{ photo: Gray; render: Gray; skip: Uint8Array | undefined }> {
  const [x, y] = await Promise.all([grayscale(before, METRIC_SIZE), grayscale(after, METRIC_SIZE)]);
  const skip = ignore?.(x.width, x.height);
  return { photo: normalise(sobel(x), skip), render: normalise(sobel(y), skip), skip };
}

function normalise(image: Gray, skip?: Uint8Array): Gray {
  const compared = skip ? image.pixels.filter((_, i) => !skip[i]) : image.pixels;
  const sorted = Float32Array.from(compared).sort();
  const scale = 255 / Math.max(1, sorted[Math.floor(sorted.length * 0.99)] ?? 0);
  return { ...image, pixels: image.pixels.map((v) => Math.min(255, v * scale)) };
}

export type DominantColour = { lab: Lab; share: number };

/**
 * The image's k dominant colours: k-means in Lab at 128 px (fixed seed, so the measure itself is repeatable),
 * after bringing the image to a standard exposure (its 90th-percentile lightness to that of a well-exposed room).
 * A palette names materials; whether the camera exposed the room brightly or dimly is not the style's business.
 */
export async function dominantColours(image: Buffer, k = 5): Promise<DominantColour[]> {
  const { data, info } = await sharp(image).resize(128, 128, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) srgbToLab(data[i * 3], data[i * 3 + 1], data[i * 3 + 2], lab, i * 3);
  const exposure = estimateExposure(lab);
  for (let i = 0; i < n; i++) {
    const [l, a, b] = atExposure([lab[i * 3], lab[i * 3 + 1], lab[i * 3 + 2]], Math.min(1 / exposure, ...maxGain(data, i)));
    lab.set([l, a, b], i * 3);
  }
  return kMeansLab(lab, k, createRandom(1)).clusters.map((cluster) => ({ lab: cluster.lab, share: cluster.share }));
}

/** The largest brightening a pixel takes without clipping a channel. */
function maxGain(data: Uint8Array, i: number): number[] {
  return [0, 1, 2].map((c) => 1 / Math.max(1e-3, SRGB_TO_LINEAR[data[i * 3 + c]]));
}
