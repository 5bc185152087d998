// Tells an upload's image type from its bytes alone; the file name and the client's MIME type are never trusted.

export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'heic', 'heif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Brands that promise HEVC-coded images (HEIC proper) versus the generic HEIF container brands.
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
// AVIF is HEIF with AV1 inside; the product does not accept it, even when it also lists mif1.
const AVIF_BRANDS = new Set(['avif', 'avis']);

export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  return sniffHeif(data);
}

/** ISO-BMFF: the file must open with an `ftyp` box whose major or compatible brands name HEIC/HEIF. */
function sniffHeif(data: Buffer): 'heic' | 'heif' | null {
  if (data.length < 16 || ascii(data, 4, 8) !== 'ftyp') return null;
  const boxSize = data.readUInt32BE(0);
  // Size 0 means "to the end of the file"; 1 would announce a 64-bit size, which no real ftyp needs.
  if (boxSize !== 0 && (boxSize < 16 || boxSize % 4 !== 0)) return null;
  const end = Math.min(boxSize === 0 ? data.length : boxSize, data.length);
  const major = ascii(data, 8, 12);
  const brands = [major];
  // Bytes 12..16 are the minor version, then compatible brands four bytes each.
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(data, offset, offset + 4));

  if (AVIF_BRANDS.has(major)) return null;
  if (brands.some((brand) => HEVC_BRANDS.has(brand))) return 'heic';
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return null;
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  return null;
}

function ascii(data: Buffer, start: number, end: number): string {
  return data.toString('latin1', start, end);
}
