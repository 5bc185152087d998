// Two stand-ins for a bad offline engine, which the redesign figures must fail (redesign-figures.ts). If one of
// them passes, the figures cannot tell a redesign from a filter.
// - A global grade: the whole photo warmed or cooled toward the style, contrast and saturation changed and the
//   corners darkened, the same everywhere (what the first offline engine's grade did on its own).
// - A position-blind palette lookup: every pixel's colour moved to the nearest of the style's five swatches,
//   whatever it shows (a wall, a tree outside, a lamp), keeping its lightness.
import sharp from 'sharp';
import { STYLE_SWATCHES, SWATCH_ROLES } from '#shared/styles';
import type { StyleId } from '#shared/constants';
import { hexToLab, labToSrgb, srgbToLab } from '../colour';

type Pixels = { data: Buffer; width: number; height: number };

async function decode(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function encode(lab: Float32Array, width: number, height: number): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  const out = new Float64Array(3);
  for (let i = 0; i < width * height; i++) {
    labToSrgb(lab[i * 3], lab[i * 3 + 1], lab[i * 3 + 2], out);
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round(Math.min(255, Math.max(0, out[c])));
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function toLab({ data, width, height }: Pixels): Float32Array {
  const lab = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) srgbToLab(data[i * 3], data[i * 3 + 1], data[i * 3 + 2], lab, i * 3);
  return lab;
}

/** Strength of the control grade's pull toward the style's wall colour, and its other settings. */
const GRADE_PULL = 0.35;
const GRADE_CONTRAST = 1.12;
const GRADE_SATURATION = 0.9;
const GRADE_VIGNETTE = 0.2;

export async function globalGradeControl(image: Buffer, styleId: StyleId): Promise<Buffer> {
  const pixels = await decode(image);
  const lab = toLab(pixels);
  const [, tintA, tintB] = hexToLab(STYLE_SWATCHES[styleId].walls);
  const { width, height } = pixels;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const corner = Math.hypot(x / width - 0.5, y / height - 0.5) / Math.SQRT1_2;
      lab[o] = Math.min(100, Math.max(0, (50 + (lab[o] - 50) * GRADE_CONTRAST) * (1 - GRADE_VIGNETTE * corner * corner)));
      lab[o + 1] = lab[o + 1] * GRADE_SATURATION + tintA * GRADE_PULL;
      lab[o + 2] = lab[o + 2] * GRADE_SATURATION + tintB * GRADE_PULL;
    }
  }
  return encode(lab, width, height);
}

export async function nearestPaletteControl(image: Buffer, styleId: StyleId): Promise<Buffer> {
  const pixels = await decode(image);
  const lab = toLab(pixels);
  const palette = SWATCH_ROLES.map((role) => hexToLab(STYLE_SWATCHES[styleId][role]));
  for (let o = 0; o < lab.length; o += 3) {
    let best = palette[0];
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const colour of palette) {
      const distance = (colour[0] - lab[o]) ** 2 + (colour[1] - lab[o + 1]) ** 2 + (colour[2] - lab[o + 2]) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [colour, distance];
    }
    lab[o + 1] = best[1];
    lab[o + 2] = best[2];
  }
  return encode(lab, pixels.width, pixels.height);
}
