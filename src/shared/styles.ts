// The design-style presets shown to homeowners and sent to the render engines, plus each style's colour swatches.
// Client and server both read these; the offline engine recolours rooms toward the same swatches the client shows.
import { styleIdsForRoom, type RoomType, type StyleId } from './constants';

export type StylePreset = {
  id: StyleId;
  name: string;
  /** One sentence a homeowner understands. */
  description: string;
  /** What an image model is asked for: materials, colours and light, specific enough to steer it. */
  prompt: string;
};

/**
 * A style's colours, by where they go in a room. `feature` is cabinetry, an island or the main furniture;
 * `dark` is the darkest details (iron, black frames, deep wood); `accent` is the signature detail colour
 * (a metal, a plant green, a tile blue) that only small areas take on.
 */
export type StyleSwatches = {
  walls: string;
  floor: string;
  feature: string;
  dark: string;
  accent: string;
};

export const SWATCH_ROLES = ['walls', 'floor', 'feature', 'dark', 'accent'] as const satisfies readonly (keyof StyleSwatches)[];
export type SwatchRole = (typeof SWATCH_ROLES)[number];

export const STYLE_PRESETS: readonly StylePreset[] = [
  {
    id: 'modern-minimalist',
    name: 'Modern Minimalist',
    description: 'Clean lines, handle-less white cabinets and pale oak, with nothing on the counters but light.',
    prompt:
      'modern minimalist kitchen, flat-panel matte white handleless cabinets, pale white oak accents, thin white quartz countertops, seamless quartz backsplash, integrated panel-ready appliances, slim matte black fixtures, light grey large-format porcelain floor, recessed linear LED lighting, soft even daylight, uncluttered surfaces, architectural interior photography, photorealistic',
  },
  {
    id: 'farmhouse-chic',
    name: 'Farmhouse Chic',
    description: 'Warm white shaker cabinets, natural oak and black iron details for a relaxed, lived-in country feel.',
    prompt:
      'farmhouse chic kitchen, warm white shaker cabinets, white shiplap walls, reclaimed oak open shelving, butcher block island countertop, white apron-front farmhouse sink, matte black iron hardware and pendant lights, wide-plank warm oak floors, sage green accents, soft natural morning light, cosy and lived-in, interior photography, photorealistic',
  },
  {
    id: 'contemporary-luxe',
    name: 'Contemporary Luxe',
    description: 'Dramatic marble, deep walnut and charcoal, and brushed-gold details for a high-end, hotel-like kitchen.',
    prompt:
      'contemporary luxury kitchen, calacatta marble waterfall island and full-height marble backsplash, deep charcoal and smoked walnut lacquered cabinets, brushed gold hardware and fixtures, sculptural globe pendant lights, polished large-format stone floor, warm under-cabinet LED lighting, moody sophisticated ambience, high-end editorial photography, photorealistic',
  },
  {
    id: 'industrial-loft',
    name: 'Industrial Loft',
    description: 'Raw concrete, exposed brick and blackened steel, warmed up by reclaimed wood and Edison bulbs.',
    prompt:
      'industrial loft kitchen, exposed red brick wall, polished concrete countertops and floor, blackened steel open shelving, dark charcoal flat-panel cabinets, stainless steel appliances, reclaimed wood accents, Edison bulb pendant lights, black steel factory windows, moody warm light, photorealistic',
  },
  {
    id: 'transitional',
    name: 'Transitional',
    description: 'A balanced mix of classic and modern: greige shaker cabinets, white marble, mid-tone oak and a navy island.',
    prompt:
      'transitional kitchen, soft greige shaker cabinets, white marble-look quartz countertops, glossy white subway tile backsplash, brushed nickel hardware, navy blue island, classic lantern pendants, medium-tone oak floors, balanced warm and cool neutrals, bright even daylight, photorealistic',
  },
  {
    id: 'modern-zen',
    name: 'Modern Zen',
    description: 'Calm, natural and uncluttered: warm greige walls, teak and smooth stone, softened with living greens.',
    prompt:
      'modern zen retreat, warm greige limewash walls, natural teak and light bamboo surfaces, smooth river stone and pale travertine, low-profile furniture, sage green plants, linen textiles, soft diffused natural light, calm balanced composition, minimal decor, photorealistic',
  },
  {
    id: 'mediterranean-oasis',
    name: 'Mediterranean Oasis',
    description: 'Sun-washed plaster, terracotta and warm stone with a splash of Aegean blue.',
    prompt:
      'mediterranean oasis, sun-washed white lime plaster walls, terracotta tile floors, warm travertine stone, arched openings, wrought iron details, olive trees and potted herbs, Aegean blue accents, woven rattan, warm golden afternoon light, photorealistic',
  },
  {
    id: 'contemporary-outdoor',
    name: 'Contemporary Outdoor',
    description: 'Crisp and architectural: white render, concrete, warm cedar slats and charcoal, with ornamental grasses.',
    prompt:
      'contemporary indoor-outdoor design, white render walls, large-format concrete and charcoal porcelain pavers, horizontal warm cedar slat cladding, black aluminium frames, linear fire feature, ornamental grasses, clean geometric lines, soft evening light with warm LED strips, photorealistic',
  },
  {
    id: 'cottage-garden',
    name: 'Cottage Garden',
    description: 'Soft and romantic: creamy whites, pale sage, weathered pine and a touch of dusty rose.',
    prompt:
      'english cottage garden style, creamy white painted beadboard, pale sage green walls, weathered pine and painted wood, climbing roses and lavender, dusty rose floral fabrics, natural stone, dappled soft morning light, romantic and relaxed, photorealistic',
  },
  {
    id: 'tropical-paradise',
    name: 'Tropical Paradise',
    description: 'Bright white, natural rattan and teak, with lush palm greens and turquoise for a breezy resort feel.',
    prompt:
      'tropical paradise resort style, bright white walls, natural rattan and bamboo furniture, warm teak wood floors, lush palm and monstera greenery, turquoise and deep green accents, woven textures and linen, bright warm sunlight with soft shadows, photorealistic',
  },
  {
    id: 'rustic-farmhouse',
    name: 'Rustic Farmhouse',
    description: 'Rough-hewn timber, warm cream plaster and fieldstone for a cosy country retreat.',
    prompt:
      'rustic farmhouse, exposed rough-hewn timber beams, reclaimed barn wood, warm cream plaster walls, natural fieldstone, wide-plank distressed pine floors, wrought iron hardware, cosy warm lamplight, earthy tones, photorealistic',
  },
];

/** The offline engine recolours walls, floor, feature, dark details and small accents toward exactly these colours. */
export const STYLE_SWATCHES: Readonly<Record<StyleId, StyleSwatches>> = {
  'modern-minimalist': { walls: '#F4F4F2', floor: '#B9B7B2', feature: '#E6E4DF', dark: '#2E2E2D', accent: '#8A8680' },
  'farmhouse-chic': { walls: '#F2EDE2', floor: '#A0703F', feature: '#F3EEE3', dark: '#2F2B28', accent: '#8A9A78' },
  'contemporary-luxe': { walls: '#4A4548', floor: '#D9D4CC', feature: '#5A4032', dark: '#1F1E21', accent: '#C39B58' },
  'industrial-loft': { walls: '#9A5A45', floor: '#8E8B86', feature: '#3A3A3C', dark: '#2A2A2B', accent: '#B07A45' },
  transitional: { walls: '#CFC6B6', floor: '#8C6B4A', feature: '#2F4160', dark: '#33322F', accent: '#AEB0AD' },
  'modern-zen': { walls: '#C8BBA5', floor: '#CDB48C', feature: '#9C7B59', dark: '#3C3A35', accent: '#7C8B68' },
  'mediterranean-oasis': { walls: '#F1E6D2', floor: '#B45F3A', feature: '#D2BE98', dark: '#3A352F', accent: '#2F6690' },
  'contemporary-outdoor': { walls: '#E9E9E6', floor: '#4E4F52', feature: '#A0704A', dark: '#2F3134', accent: '#7A8B6D' },
  'cottage-garden': { walls: '#C5D1B3', floor: '#B89B74', feature: '#F3EEE2', dark: '#4A4A3F', accent: '#C98E8E' },
  'tropical-paradise': { walls: '#CFE6DF', floor: '#8A5A36', feature: '#C9A875', dark: '#2D3B32', accent: '#2E8B74' },
  'rustic-farmhouse': { walls: '#E2CFAE', floor: '#5E3F27', feature: '#7A5638', dark: '#2E2620', accent: '#8C8C84' },
};

/** A flat list per style (walls, floor, feature, dark, accent) for drawing a swatch card without any image file. */
export const STYLE_PREVIEW_COLOURS: Readonly<Record<StyleId, readonly string[]>> = (() => {
  const colours = {} as Record<StyleId, readonly string[]>;
  for (const id of Object.keys(STYLE_SWATCHES) as StyleId[]) colours[id] = SWATCH_ROLES.map((role) => STYLE_SWATCHES[id][role]);
  return colours;
})();

const PRESETS_BY_ID = new Map(STYLE_PRESETS.map((preset) => [preset.id, preset]));

export function getStylePreset(id: StyleId): StylePreset {
  const preset = PRESETS_BY_ID.get(id);
  // Unreachable while STYLE_PRESETS covers every StyleId (a test checks it); a clear error beats undefined later.
  if (!preset) throw new Error(`No style preset for "${id}"`);
  return preset;
}

export function stylesForRoom(roomType: RoomType): readonly StylePreset[] {
  return styleIdsForRoom(roomType).map(getStylePreset);
}
