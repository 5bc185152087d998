// The type sniffer: content decides, never a name, and AVIF is not HEIC.
import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './image-format';

function ftyp(major: string, ...compatible: string[]): Buffer {
  const body = Buffer.from(major + '\0\0\0\0' + compatible.join(''), 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write('ftyp', 4, 'latin1');
  // Some bytes of a following box, as in a real file.
  return Buffer.concat([header, body, Buffer.from('\0\0\0\x08free', 'latin1')]);
}

describe('sniffImageFormat', () => {
  it('recognises JPEG, PNG and WebP by their signatures', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
  });

  it('tells HEIC (HEVC brands) from generic HEIF, by major or compatible brand', () => {
    expect(sniffImageFormat(ftyp('heic', 'mif1', 'heic', 'miaf'))).toBe('heic');
    expect(sniffImageFormat(ftyp('mif1', 'mif1', 'heic'))).toBe('heic');
    for (const brand of ['heix', 'hevc', 'hevx', 'heim', 'heis']) expect(sniffImageFormat(ftyp(brand, 'mif1'))).toBe('heic');
    expect(sniffImageFormat(ftyp('mif1', 'mif1', 'miaf'))).toBe('heif');
    expect(sniffImageFormat(ftyp('msf1', 'msf1'))).toBe('heif');
  });

  it('refuses AVIF even when it also lists the generic HEIF brand', () => {
    expect(sniffImageFormat(ftyp('avif', 'mif1', 'avif', 'miaf'))).toBeNull();
    expect(sniffImageFormat(ftyp('avis', 'msf1', 'avis'))).toBeNull();
    expect(sniffImageFormat(ftyp('mif1', 'mif1', 'avif'))).toBeNull();
  });

  it('refuses other ISO-BMFF files and malformed ftyp boxes', () => {
    expect(sniffImageFormat(ftyp('isom', 'isom', 'mp41'))).toBeNull();
    const tooSmall = ftyp('heic', 'mif1');
    tooSmall.writeUInt32BE(12, 0);
    expect(sniffImageFormat(tooSmall)).toBeNull();
  });

  it('refuses everything else, however it is named', () => {
    const others = [
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('just some notes saved as room.jpg\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from('II*\x00', 'latin1'),
    ];
    for (const data of others) expect(sniffImageFormat(data)).toBeNull();
  });
});
