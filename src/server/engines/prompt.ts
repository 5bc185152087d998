// The text prompt an AI provider receives: the room, then the style preset or the homeowner's words.
import { type RoomType, type StyleId, roomTypeLabel } from '#shared/constants';
import { getStylePreset } from '#shared/styles';

export function buildPrompt({
  roomType,
  styleId,
  customPrompt,
}: {
  roomType: RoomType;
  styleId: StyleId | null;
  customPrompt: string | null;
}): string {
  const room = roomTypeLabel(roomType, 'room').toLowerCase();
  const preset = styleId ? getStylePreset(styleId) : undefined;
  const parts = [`A photorealistic redesign of this ${room}, keeping the same layout, walls, windows and doors`];
  if (preset) parts.push(preset.prompt);
  if (customPrompt) parts.push(preset ? `with these requirements: ${customPrompt}` : customPrompt);
  parts.push('professional interior photography, natural light, high detail');
  return parts.join(', ');
}
