// The example designs the feed shows while it has no real ones: the seed's six (seed 000 §8-9) on the
// unfiltered feed, and two more in the styles only custom text can ask for, so the 'coastal new england' and
// 'eclectic bohemian' chips find something too. Their images are made here: a simple drawn room, restyled
// by the offline preview engine. Nothing is downloaded.
import sharp from 'sharp';
import type { StyleId } from '#shared/constants';
import { renderOfflineInThread } from '#server/engines/offline/render-thread';
import type { Storage } from '#server/infra/storage/storage';

export type ExampleDesign = {
  id: string;
  roomType: 'kitchen' | 'backyard';
  styleId: StyleId;
  style: string;
  /** The homeowner's own words, for a style no preset has (the preset is then its base). */
  customPrompt?: string;
  zip: string;
  town: string;
  scene: 'kitchen' | 'backyard';
};

export const EXAMPLE_DESIGNS: readonly ExampleDesign[] = [
  {
    id: 'example-1',
    roomType: 'kitchen',
    styleId: 'modern-minimalist',
    style: 'Modern Minimalist',
    zip: '01701',
    town: 'Framingham',
    scene: 'kitchen',
  },
  {
    id: 'example-2',
    roomType: 'kitchen',
    styleId: 'farmhouse-chic',
    style: 'Farmhouse Chic',
    zip: '01760',
    town: 'Natick',
    scene: 'kitchen',
  },
  {
    id: 'example-3',
    roomType: 'backyard',
    styleId: 'modern-zen',
    style: 'Modern Zen',
    zip: '01702',
    town: 'Framingham',
    scene: 'backyard',
  },
  {
    id: 'example-4',
    roomType: 'kitchen',
    styleId: 'transitional',
    style: 'Transitional',
    zip: '02481',
    town: 'Wellesley',
    scene: 'kitchen',
  },
  {
    id: 'example-5',
    roomType: 'backyard',
    styleId: 'mediterranean-oasis',
    style: 'Mediterranean Oasis',
    zip: '02482',
    town: 'Wellesley',
    scene: 'backyard',
  },
  {
    id: 'example-6',
    roomType: 'kitchen',
    styleId: 'contemporary-luxe',
    style: 'Contemporary Luxe',
    zip: '01760',
    town: 'Natick',
    scene: 'kitchen',
  },
  {
    id: 'example-7',
    roomType: 'kitchen',
    styleId: 'transitional',
    style: 'Coastal New England',
    customPrompt: 'Coastal New England kitchen: white shaker cabinets, a navy blue island, brass hardware, whitewashed oak floor',
    zip: '01701',
    town: 'Framingham',
    scene: 'kitchen',
  },
  {
    id: 'example-8',
    roomType: 'backyard',
    styleId: 'cottage-garden',
    style: 'Eclectic Bohemian',
    customPrompt: 'Eclectic Bohemian patio: terracotta tiles, mustard and teal cushions, rattan chairs, string lights, potted palms',
    zip: '01760',
    town: 'Natick',
    scene: 'backyard',
  },
];

/** The seed's demo feed has six items; the rest are found by their chips only. */
export const SEED_EXAMPLE_COUNT = 6;

/** Stable pseudo-random counts per example, in the seed's ranges (likes 10–59, comments 2–16). */
export function exampleCounts(id: string): { likes: number; comments: number } {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return { likes: 10 + (hash % 50), comments: 2 + ((hash >>> 8) % 15) };
}

const KITCHEN = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="520" fill="#d9d2c5"/><rect y="520" width="1200" height="280" fill="#a0835f"/>
  <g stroke="#8b7355" stroke-width="2" opacity="0.5">${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 100}" y1="520" x2="${i * 100 - 60}" y2="800"/>`).join('')}</g>
  <rect x="470" y="90" width="260" height="190" fill="#cfe3f0" stroke="#f4f1ea" stroke-width="14"/><line x1="600" y1="90" x2="600" y2="280" stroke="#f4f1ea" stroke-width="8"/>
  <rect x="60" y="70" width="380" height="200" fill="#b9a88e" stroke="#8d7b62" stroke-width="4"/><rect x="760" y="70" width="380" height="200" fill="#b9a88e" stroke="#8d7b62" stroke-width="4"/>
  <line x1="250" y1="70" x2="250" y2="270" stroke="#8d7b62" stroke-width="4"/><line x1="950" y1="70" x2="950" y2="270" stroke="#8d7b62" stroke-width="4"/>
  <rect x="40" y="330" width="1120" height="30" fill="#efe9df"/><rect x="40" y="360" width="1120" height="190" fill="#b9a88e" stroke="#8d7b62" stroke-width="4"/>
  ${[180, 400, 620, 840, 1060].map((x) => `<line x1="${x}" y1="360" x2="${x}" y2="550" stroke="#8d7b62" stroke-width="4"/><rect x="${x - 70}" y="400" width="40" height="8" rx="4" fill="#6f6557"/>`).join('')}
  <rect x="380" y="600" width="440" height="40" fill="#e8e2d6"/><rect x="400" y="640" width="400" height="130" fill="#9c8a71" stroke="#7d6d57" stroke-width="4"/>
  <rect x="560" y="300" width="80" height="30" fill="#c9c4ba"/>
</svg>`;

const BACKYARD = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="380" fill="#bcd4e6"/><rect y="300" width="1200" height="120" fill="#8fae78"/>
  ${Array.from({ length: 14 }, (_, i) => `<rect x="${i * 90}" y="250" width="70" height="170" fill="#c7b08a" stroke="#9f8966" stroke-width="3"/>`).join('')}
  <circle cx="160" cy="220" r="110" fill="#6f9a58"/><circle cx="1060" cy="200" r="130" fill="#5f8c4c"/>
  <rect y="420" width="1200" height="380" fill="#7fa66a"/>
  <polygon points="300,470 900,470 1050,800 150,800" fill="#b8ab98" stroke="#978a78" stroke-width="4"/>
  ${[520, 580, 650, 730].map((y) => `<line x1="${300 - (y - 470) * 0.5}" y1="${y}" x2="${900 + (y - 470) * 0.5}" y2="${y}" stroke="#978a78" stroke-width="3"/>`).join('')}
  <rect x="470" y="540" width="260" height="90" fill="#8a7560"/><rect x="450" y="520" width="300" height="24" fill="#a58e76"/>
  <circle cx="250" cy="610" r="55" fill="#5c8a49"/><circle cx="960" cy="620" r="60" fill="#5c8a49"/>
</svg>`;

export function createExampleImages(storage: Storage) {
  const pending = new Map<string, Promise<{ before: string; after: string }>>();

  async function make(design: ExampleDesign) {
    const keys = { before: `feed-examples/${design.id}/before.jpg`, after: `feed-examples/${design.id}/after.jpg` };
    const existing = await storage.get(keys.after).catch(() => null);
    if (existing) return keys;
    const before = await sharp(Buffer.from(design.scene === 'kitchen' ? KITCHEN : BACKYARD))
      .jpeg({ quality: 88 })
      .toBuffer();
    const after = await renderOfflineInThread({
      image: before,
      styleId: design.styleId,
      customPrompt: design.customPrompt ?? null,
      seed: 7,
    });
    await storage.put(keys.before, before);
    await storage.put(keys.after, after.image);
    return keys;
  }

  return {
    /** The storage keys of an example's images, made on first use and kept. */
    keysFor(design: ExampleDesign) {
      let keys = pending.get(design.id);
      if (!keys) {
        keys = make(design);
        keys.catch(() => pending.delete(design.id));
        pending.set(design.id, keys);
      }
      return keys;
    },
  };
}
