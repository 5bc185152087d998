// Small real images for provider fakes and tests, made with sharp so every decoder in the chain sees genuine files.
import sharp from 'sharp';

export function solidJpeg(width = 64, height = 48, colour = { r: 180, g: 120, b: 80 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function solidPng(width = 64, height = 48, colour = { r: 60, g: 140, b: 200, alpha: 1 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

/** The room photo a render starts from: a landscape JPEG like the upload normaliser makes. */
export function roomPhoto(width = 96, height = 64): Promise<Buffer> {
  return solidJpeg(width, height, { r: 200, g: 190, b: 170 });
}
