// The prompt a provider sends: the render's stored prompt, or one built from its choices when none was stored.
import type { EngineInput } from '#server/engines/engine';
import { buildPrompt } from '#server/engines/prompt';

export function promptFor(input: Pick<EngineInput, 'prompt' | 'roomType' | 'styleId' | 'customPrompt'>): string {
  return input.prompt.trim() || buildPrompt(input);
}

/** What a room redesign must not show; shared by the diffusion-based providers. */
export const DEFAULT_NEGATIVE_PROMPT =
  'lowres, blurry, watermark, text, logo, distorted walls, warped windows, bent lines, deformed furniture, extra doors, people, cartoon, painting, oversaturated';
