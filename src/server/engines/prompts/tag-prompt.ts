// The tag-style prompt diffusion models are given (Stable Diffusion and FLUX depth control: comma-separated
// descriptions weigh more than sentences). Stored with each render when it is created.
import type { RoomType, StyleId } from '#shared/constants';
import type { EngineInput } from '#server/engines/engine';
import { roomNoun, styleDescription } from './style-description';

export type PromptChoices = { roomType: RoomType; styleId: StyleId | null; customPrompt: string | null };

export function buildPrompt({ roomType, styleId, customPrompt }: PromptChoices): string {
  const style = styleId ? styleDescription(roomType, styleId) : undefined;
  const parts = [`A photorealistic redesign of this ${roomNoun(roomType)}, keeping the same layout, walls, windows and doors`];
  if (style) parts.push(style);
  if (customPrompt) parts.push(style ? `with these requirements: ${customPrompt}` : customPrompt);
  parts.push(
    roomType === 'backyard'
      ? 'professional landscape photography, natural light, high detail'
      : 'professional interior photography, natural light, high detail',
  );
  return parts.join(', ');
}

/** The prompt a diffusion provider sends: the render's stored prompt, or one built from its choices when none was stored. */
export function tagPromptFor(input: Pick<EngineInput, 'prompt' | 'roomType' | 'styleId' | 'customPrompt'>): string {
  return input.prompt.trim() || buildPrompt(input);
}

/** What a room redesign must not show; shared by the diffusion-based providers. */
export const DEFAULT_NEGATIVE_PROMPT =
  'lowres, blurry, watermark, text, logo, distorted walls, warped windows, bent lines, deformed furniture, extra doors, people, cartoon, painting, oversaturated';
