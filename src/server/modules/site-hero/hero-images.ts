// The home page hero's before/after images: portrait crops (3:4) of a room photo and its redesign, in the
// widths and formats the hero's <picture> offers. Used by the script that makes the shipped default and by
// the route that serves an admin's chosen community design in the same shapes.
import sharp from 'sharp';

export const HERO_WIDTHS = [480, 800] as const;
export const HERO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type HeroWidth = (typeof HERO_WIDTHS)[number];
export type HeroFormat = (typeof HERO_FORMATS)[number];
export type HeroSide = 'before' | 'after';

/** The file name of one variant, the same under /images/hero/ (default) and /api/hero/<id>/ (chosen design). */
export const heroFileName = (side: HeroSide, width: HeroWidth, format: HeroFormat) => `${side}-${width}.${format}`;

/** A portrait crop of the image at this width, centred, in this format. */
export async function heroVariant(image: Buffer, width: HeroWidth, format: HeroFormat): Promise<Buffer> {
  const cropped = sharp(image)
    .rotate()
    .resize({ width, height: Math.round((width * 4) / 3), fit: 'cover', position: 'centre' });
  if (format === 'avif') return cropped.avif({ quality: 50, effort: 4 }).toBuffer();
  if (format === 'webp') return cropped.webp({ quality: 72 }).toBuffer();
  return cropped.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}
