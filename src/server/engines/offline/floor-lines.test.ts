// The old floor's thin dark lines filled (decision 094): a crack across even boards takes the boards' colour, the weave
// of a rug is left alone, and the render pass fills a laid floor's crack but not a pixel just a little darker.
import { describe, expect, it } from 'vitest';
import { planGrade } from './grade';
import { closeImage } from './floor-lines';
import type { FloorLight } from './floor-light';
import { FIELD_CHANNELS } from './recolour-field';
import { renderPass } from './render-pass';
import { NEUTRAL_GRADE } from './style-palettes';

const WIDTH = 60;
const HEIGHT = 40;
const BOARDS = [170, 140, 100] as const;
const CRACK = [40, 30, 25] as const;

/** Even boards with a crack two pixels wide down column CRACK_AT, and a shallow scuff down column SCUFF_AT. */
const CRACK_AT = 20;
const SCUFF_AT = 40;
function boards(): Uint8Array {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour = x === CRACK_AT || x === CRACK_AT + 1 ? CRACK : x === SCUFF_AT ? BOARDS.map((v) => v * 0.8) : BOARDS;
      rgb.set(colour, (y * WIDTH + x) * 3);
    }
  }
  return rgb;
}

describe('closeImage', () => {
  it("gives a crack the boards' colour, and tells sparse cracks from a rug's weave", () => {
    const { pixels, sparse } = closeImage(boards(), WIDTH, HEIGHT, 2);
    const at = (x: number, y: number) => Array.from(pixels.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3));
    expect(at(CRACK_AT, 20)).toEqual([...BOARDS]);
    expect(at(CRACK_AT + 1, 20)).toEqual([...BOARDS]);
    expect(at(5, 20)).toEqual([...BOARDS]);
    expect(sparse[20 * WIDTH + CRACK_AT]).toBe(1);

    // A rug: dark threads between light ones, every other pixel each way.
    const weave = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let i = 0; i < WIDTH * HEIGHT; i++) weave.fill(((i % WIDTH) + Math.floor(i / WIDTH)) % 2 ? 150 : 70, i * 3, i * 3 + 3);
    expect(closeImage(weave, WIDTH, HEIGHT, 2).sparse[20 * WIDTH + 30]).toBe(0);
  });
});

describe('renderPass on a laid floor', () => {
  it('fills a crack with the boards round it, and leaves a pixel only a little darker as it is', () => {
    const source = boards();
    const fields = new Float32Array(WIDTH * HEIGHT * FIELD_CHANNELS);
    // No recolour, the whole finish, all floor.
    for (let i = 0; i < WIDTH * HEIGHT; i++) fields.set([1, 0, 0, 0, 1, 1, 0], i * FIELD_CHANNELS);
    const even = (value: number) => new Float32Array(WIDTH * HEIGHT).fill(value);
    const render = (fill: number) => {
      const { pixels, sparse } = closeImage(source, WIDTH, HEIGHT, 2);
      const light: FloorLight = { shading: even(0.3), ownLight: even(0), fill: even(fill) };
      return renderPass({
        source,
        width: WIDTH,
        height: HEIGHT,
        channels: 3,
        fields,
        fieldWidth: WIDTH,
        fieldHeight: HEIGHT,
        grade: planGrade({ ...NEUTRAL_GRADE, contrast: 0 }),
        seed: 1,
        floor: {
          // Floor metres are the pixel's own coordinates; the material adds nothing (gains of 1).
          mapping: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]),
          sample: (_point, gains) => gains.fill(1),
          light,
          boards: { pixels, sparse, from: 0, to: HEIGHT, width: WIDTH, height: HEIGHT },
        },
      });
    };
    const red = (out: Buffer, x: number) => out[(20 * WIDTH + x) * 3];
    const filled = render(1);
    const open = red(filled, 5);
    expect(Math.abs(red(filled, CRACK_AT) - open)).toBeLessThanOrEqual(3);
    // Without the fill (near the floor's edge, on a mat) the crack stays a dark line, lifted only by the shading's pull.
    expect(red(render(0), CRACK_AT)).toBeLessThan(open - 40);
    // A scuff a fifth darker is the boards' own variation: the pull toward the shading evens it, the fill does not
    // replace it, so it comes out as with no fill at all.
    expect(red(filled, SCUFF_AT)).toBe(red(render(0), SCUFF_AT));
  });
});
