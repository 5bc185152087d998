// The image edit request for OpenAI's GPT Image models (https://platform.openai.com/docs/api-reference/images/createEdit).
import type { EngineInput } from '#server/engines/engine';
import { promptFor } from '#server/engines/http/prompt-text';

export type OpenAiImageSize = '1024x1024' | '1536x1024' | '1024x1536' | 'auto';
export type OpenAiImageQuality = 'low' | 'medium' | 'high' | 'auto';

/** GPT Image edits repaint the whole picture: the instruction to keep the room has to be explicit. */
export function editPrompt(input: EngineInput): string {
  return [
    'Redesign the interior shown in this photo.',
    'Keep the exact room layout, camera position and perspective, and keep every wall, window, door and the ceiling where they are;',
    'change only finishes, colours, materials, furniture, lighting fixtures and decor.',
    promptFor(input),
  ].join(' ');
}

/** The output size closest to the photo's shape, so the result lines up with the original in the comparison slider. */
export function sizeForPhoto(width: number, height: number): OpenAiImageSize {
  const ratio = width / height;
  if (ratio > 1.15) return '1536x1024';
  if (ratio < 1 / 1.15) return '1024x1536';
  return '1024x1024';
}
