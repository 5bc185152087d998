// The key the drawing scripts (draw-room-labels.ts, draw-room-reading.ts) put in the top left corner of a photo:
// one swatch and name per colour, as an SVG of its own to composite over the picture.

/** `entries`: each name with its CSS colour, in the order they are listed. */
export function legendSvg(entries: readonly (readonly [name: string, colour: string])[]): Buffer {
  const text = 'font-size="15" fill="white" stroke="black" stroke-width="0.6" font-family="Liberation Sans, sans-serif"';
  const rows = entries.map(
    ([name, colour], i) =>
      `<rect x="8" y="${8 + i * 22}" width="16" height="16" fill="${colour}"/><text x="30" y="${21 + i * 22}" ${text}>${name}</text>`,
  );
  const height = 16 + entries.length * 22;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="220" height="${height}">${rows.join('')}</svg>`);
}
