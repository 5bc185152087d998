// What a style means in the homeowner's room, in the words an image model is given. The seed offers its
// outdoor-named presets (Modern Zen, Mediterranean Oasis, …) to every room that is not a kitchen, so a
// bedroom or a living room gets an interior reading of such a style: its materials, colours and light
// indoors, not ornamental grasses and pavers. A backyard keeps the outdoor wording; a kitchen's presets are
// written for kitchens.
import { OUTDOOR_STYLE_IDS, type RoomType, type StyleId } from '#shared/constants';
import { getStylePreset } from '#shared/styles';

type OutdoorStyleId = (typeof OUTDOOR_STYLE_IDS)[number];

const INTERIOR_READINGS: Readonly<Record<OutdoorStyleId, string>> = {
  'modern-zen':
    'calm modern zen interior, warm greige limewash walls, natural teak and light oak wood, low-profile furniture, neutral linen textiles, smooth pale stone accents, a few living plants, soft diffused daylight, uncluttered surfaces',
  'mediterranean-oasis':
    'mediterranean interior, sun-washed white lime plaster walls, terracotta tile floor, warm travertine, wrought iron light fixtures, woven rattan and linen, Aegean blue accents, a potted olive tree, warm golden afternoon light',
  'contemporary-outdoor':
    'crisp contemporary interior with an indoor-outdoor feel, white walls, large-format warm grey porcelain floor, a warm cedar slat feature wall, black metal frames and fixtures, clean geometric furniture, large-leaf plants, soft warm light',
  'cottage-garden':
    'english cottage interior, creamy white painted beadboard, pale sage green walls, weathered pine and painted wood furniture, dusty rose floral fabrics, botanical prints, fresh garden flowers, soft morning light, romantic and relaxed',
  'tropical-paradise':
    'tropical resort-style interior, bright white walls, natural rattan and bamboo furniture, warm teak wood floor, palm and monstera plants, turquoise and deep green accents, woven textures and linen, bright warm sunlight with soft shadows',
  'rustic-farmhouse':
    'rustic farmhouse interior, warm cream plaster walls, reclaimed barn wood and rough-hewn timber accents, wide-plank distressed pine floor, natural fieldstone details, wrought iron hardware, cosy warm lamplight, earthy tones',
};

const isOutdoorStyle = (styleId: StyleId): styleId is OutdoorStyleId => (OUTDOOR_STYLE_IDS as readonly string[]).includes(styleId);

/** The style's materials, colours and light for this room; undefined for an unknown style. */
export function styleDescription(roomType: RoomType, styleId: StyleId): string | undefined {
  const preset = getStylePreset(styleId);
  if (!preset) return undefined;
  if (roomType !== 'backyard' && isOutdoorStyle(styleId)) return INTERIOR_READINGS[styleId];
  return preset.prompt;
}

/** The room as a prompt names it: 'kitchen', 'living room', 'backyard', or 'room' for other interiors. */
export function roomNoun(roomType: RoomType): string {
  if (roomType === 'other') return 'room';
  return roomType.replace(/_/g, ' ');
}
