// Every room and every style a homeowner can pick: interior rooms get an interior reading of the outdoor-named
// presets, a backyard keeps them outdoors, instructions always say what must stay, and custom words pass through.
import { describe, expect, it } from 'vitest';
import { ROOM_TYPE_KEYS, styleIdsForRoom } from '#shared/constants';
import { getStylePreset } from '#shared/styles';
import { redesignInstruction } from './instruction-prompt';
import { buildPrompt } from './tag-prompt';

const OUTDOOR_WORDS = /grasses|pavers|fire feature|climbing roses|olive trees and potted herbs|landscape|english cottage garden style/i;
const interiorRooms = ROOM_TYPE_KEYS.filter((room) => room !== 'backyard');

describe('prompts', () => {
  it.each(interiorRooms)('gives a %s an interior reading of every style it is offered', (roomType) => {
    for (const styleId of styleIdsForRoom(roomType)) {
      const instruction = redesignInstruction({ roomType, styleId, customPrompt: null });
      const tags = buildPrompt({ roomType, styleId, customPrompt: null });
      expect(instruction, `${roomType} × ${styleId}`).not.toMatch(OUTDOOR_WORDS);
      expect(tags, `${roomType} × ${styleId}`).not.toMatch(OUTDOOR_WORDS);
      expect(instruction).toContain(`in a ${getStylePreset(styleId)!.name} style`);
      expect(instruction).toContain('camera angle exactly as they are');
      if (roomType !== 'kitchen') expect(instruction).toMatch(/interior/);
    }
  });

  it('keeps a backyard outdoors, with what must stay outside', () => {
    const instruction = redesignInstruction({ roomType: 'backyard', styleId: 'contemporary-outdoor', customPrompt: null });
    expect(instruction).toContain('ornamental grasses');
    expect(instruction).toContain("Keep the yard's layout, the house walls, windows and doors, fences");
    expect(buildPrompt({ roomType: 'backyard', styleId: 'contemporary-outdoor', customPrompt: null })).toMatch(/landscape photography/);
  });

  it('passes the homeowner’s own words, with or without a base style', () => {
    expect(redesignInstruction({ roomType: 'other', styleId: null, customPrompt: 'library shelves in walnut.' })).toMatch(
      /^Redesign this room\. The homeowner asks for: library shelves in walnut\. Keep/,
    );
    expect(redesignInstruction({ roomType: 'kitchen', styleId: 'transitional', customPrompt: 'brass taps' })).toContain(
      'The homeowner also asks for: brass taps.',
    );
  });
});
