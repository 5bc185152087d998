// Makes the home page hero's shipped before/after: one of the example room photos, redesigned by the
// product's own offline preview engine (seeded, so the result is the same every time), cropped into the
// hero's widths and formats under src/web/public/images/hero/. Run once when the engine or the photo
// changes (`npx tsx scripts/make-hero-images.ts`); the images are committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderOffline } from '#server/engines/offline/offline-engine';
import { HERO_FORMATS, HERO_WIDTHS, heroFileName, heroVariant } from '#server/modules/site-hero/hero-images';
import { HERO_DEFAULT } from '#shared/hero';

const photo = readFileSync(path.resolve('../shared/fixtures/rooms', HERO_DEFAULT.photo));
const { image: redesign } = await renderOffline({
  image: photo,
  styleId: HERO_DEFAULT.styleId,
  customPrompt: null,
  seed: HERO_DEFAULT.seed,
});
const outDir = path.resolve('src/web/public/images/hero');
mkdirSync(outDir, { recursive: true });
for (const [side, image] of [
  ['before', photo],
  ['after', redesign],
] as const) {
  for (const width of HERO_WIDTHS) {
    for (const format of HERO_FORMATS)
      writeFileSync(path.join(outDir, heroFileName(side, width, format)), await heroVariant(image, width, format));
  }
}
console.warn(`Hero images written to ${outDir}.`);
