// The offline engine's redesign figures render by render (issue 19; quality/redesign-figures.ts): for every labelled
// photo in every preset and both custom texts, its layout guard, its worst blotch and its mean ΔE on floor, walls,
// window glass and ceiling, then the set's figures. The tests and the bench only say where the set stands; this says
// which renders a change moved. Save a run before the change and one after, and compare them:
//
//   npx tsx scripts/redesign-figures.ts [--variant "as taken"|mirrored|darker|warmer] [--size 960] > after.txt
//   npx tsx scripts/redesign-figures.ts --compare before.txt after.txt
//
// The comparison lists the renders that cross the layout guard or the blotch bar (marked S and B) or move by more
// than 0.01 on the guard or 0.5 on the blotch figure, and both runs' totals.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderOffline } from '#server/engines/offline/offline-engine';
import {
  CUSTOM_LOOKS,
  FIGURES_SEED,
  LAYOUT_GUARD,
  measureRenderer,
  PHOTO_VARIANTS,
  PRESET_LOOKS,
  type PhotoVariant,
} from '#server/engines/offline/quality/measure-renderer';
import { BARS } from '#server/engines/offline/quality/redesign-figures';

type Row = { render: string; layout: number; blotch: number };

const print = (line: string) => process.stdout.write(`${line}\n`);

const { values, positionals } = parseArgs({
  options: { variant: { type: 'string', default: 'as taken' }, size: { type: 'string', default: '960' }, compare: { type: 'boolean' } },
  allowPositionals: true,
});

try {
  if (values.compare) compare(positionals[0], positionals[1]);
  else await measure(values.variant as PhotoVariant, Number(values.size));
} catch (error) {
  // A wrong argument: say so, without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}

async function measure(variant: PhotoVariant, size: number) {
  if (!PHOTO_VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${PHOTO_VARIANTS.join(', ')}`);
  if (!Number.isInteger(size) || size < 240) throw new Error('--size must be a whole number of pixels, at least 240');
  print(`# ${variant}, ${size} px, seed ${FIGURES_SEED}`);
  const { renders, ...set } = await measureRenderer(
    async (image, look) => (await renderOffline({ image, ...look, seed: FIGURES_SEED })).image,
    [...PRESET_LOOKS, ...CUSTOM_LOOKS],
    size,
    variant,
  );
  print(['render', 'layout', 'blotch', 'floor ΔE', 'wall ΔE', 'window ΔE', 'ceiling ΔE'].join('\t'));
  const dash = (value: number | null) => (value === null ? '-' : value.toFixed(2));
  for (const { name, layout, figures } of renders) {
    print(
      // Four places: a render a hair under the guard (0.7997) must not read back as on it (0.800).
      [name, layout.toFixed(4), figures.worstBlotch.toFixed(2), dash(figures.floorDeltaE), dash(figures.wallDeltaE)]
        .concat([dash(figures.windowDeltaE), dash(figures.ceilingDeltaE)])
        .join('\t'),
    );
  }
  print(`# set: ${JSON.stringify(set)}`);
}

function readRows(file: string): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [render, layout, blotch] = line.split('\t');
    if (!render || line.startsWith('#') || render === 'render') continue;
    rows.set(render, { render, layout: Number(layout), blotch: Number(blotch) });
  }
  return rows;
}

function compare(beforeFile: string | undefined, afterFile: string | undefined) {
  if (!beforeFile || !afterFile) throw new Error('--compare needs two files: before and after');
  const [before, after] = [readRows(beforeFile), readRows(afterFile)];
  const under = (rows: Map<string, Row>) => [...rows.values()].filter((row) => row.layout < LAYOUT_GUARD).length;
  const over = (rows: Map<string, Row>) => [...rows.values()].filter((row) => row.blotch > BARS.worstBlotch).length;
  for (const [render, was] of before) {
    const now = after.get(render);
    if (!now) continue;
    const crosses = (bar: number, a: number, b: number, below: boolean) => (below ? a < bar !== b < bar : a > bar !== b > bar);
    const marks = `${crosses(LAYOUT_GUARD, was.layout, now.layout, true) ? 'S' : ' '}${crosses(BARS.worstBlotch, was.blotch, now.blotch, false) ? 'B' : ' '}`;
    if (marks === '  ' && Math.abs(was.layout - now.layout) <= 0.01 && Math.abs(was.blotch - now.blotch) <= 0.5) continue;
    print(
      `${marks} ${render}: layout ${was.layout.toFixed(4)} -> ${now.layout.toFixed(4)}, blotch ${was.blotch.toFixed(2)} -> ${now.blotch.toFixed(2)}`,
    );
  }
  print(`under the layout guard: ${under(before)} -> ${under(after)}; over the blotch bar: ${over(before)} -> ${over(after)}`);
}
