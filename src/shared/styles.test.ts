// Every style id has a preset and a swatch card, and each room type is offered the seed's style list.
import { describe, expect, it } from 'vitest';
import { KITCHEN_STYLE_IDS, OUTDOOR_STYLE_IDS, ROOM_TYPE_KEYS, type StyleId } from './constants';
import { getStylePreset, STYLE_PRESETS, STYLE_PREVIEW_COLOURS, STYLE_SWATCHES, stylesForRoom, SWATCH_ROLES } from './styles';

const ALL_IDS: readonly StyleId[] = [...KITCHEN_STYLE_IDS, ...OUTDOOR_STYLE_IDS];

describe('style presets', () => {
  it('cover every style id exactly once, with the seed names', () => {
    expect(STYLE_PRESETS.map((preset) => preset.id).sort()).toEqual([...ALL_IDS].sort());
    expect(STYLE_PRESETS.map((preset) => preset.name)).toEqual([
      'Modern Minimalist',
      'Farmhouse Chic',
      'Contemporary Luxe',
      'Industrial Loft',
      'Transitional',
      'Modern Zen',
      'Mediterranean Oasis',
      'Contemporary Outdoor',
      'Cottage Garden',
      'Tropical Paradise',
      'Rustic Farmhouse',
    ]);
  });

  it.each(ALL_IDS)('%s has a one-sentence description, a specific prompt and five swatches', (id) => {
    const preset = getStylePreset(id);
    expect(preset.id).toBe(id);
    expect(preset.description).toMatch(/^[A-Z][^.]*[^.\s]\.$/);
    expect(preset.prompt.split(',').length).toBeGreaterThanOrEqual(8);
    expect(STYLE_PREVIEW_COLOURS[id]).toEqual(SWATCH_ROLES.map((role) => STYLE_SWATCHES[id][role]));
    for (const hex of STYLE_PREVIEW_COLOURS[id]) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('offers kitchens the five kitchen styles and every other room the six outdoor styles', () => {
    expect(stylesForRoom('kitchen').map((preset) => preset.id)).toEqual([...KITCHEN_STYLE_IDS]);
    for (const room of ROOM_TYPE_KEYS.filter((key) => key !== 'kitchen')) {
      expect(stylesForRoom(room).map((preset) => preset.id)).toEqual([...OUTDOOR_STYLE_IDS]);
    }
  });

  it('refuses an unknown id with a clear error', () => {
    expect(() => getStylePreset('art-deco' as StyleId)).toThrow('No style preset for "art-deco"');
  });
});
