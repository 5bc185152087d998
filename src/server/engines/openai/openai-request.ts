// The image edit request for OpenAI's GPT Image models (https://platform.openai.com/docs/api-reference/images/createEdit).
import type { EngineInput } from '#server/engines/engine';
import { redesignInstruction, refinementInstruction } from '#server/engines/prompts/instruction-prompt';
import { GPT_IMAGE_TOKEN_PRICES } from '#server/engines/ai-models';

export type OpenAiImageSize = '1024x1024' | '1536x1024' | '1024x1536' | 'auto';
export type OpenAiImageQuality = 'low' | 'medium' | 'high' | 'auto';

/** GPT Image edits repaint the whole picture: the instruction says what must stay (prompts/instruction-prompt.ts). */
export function editPrompt(input: EngineInput): string {
  return input.refinement ? refinementInstruction(input.refinement) : redesignInstruction(input);
}

export type ImageUsage = { textInputTokens: number; imageInputTokens: number; outputTokens: number };

/** The exact charge of one edit from the answer's `usage`, by GPT Image 1's published token prices. */
export function costFromUsage(usage: ImageUsage): number {
  const { textInput, imageInput, imageOutput } = GPT_IMAGE_TOKEN_PRICES;
  return (usage.textInputTokens * textInput + usage.imageInputTokens * imageInput + usage.outputTokens * imageOutput) / 1_000_000;
}

/** The output size closest to the photo's shape, so the result lines up with the original in the comparison slider. */
export function sizeForPhoto(width: number, height: number): OpenAiImageSize {
  const ratio = width / height;
  if (ratio > 1.15) return '1536x1024';
  if (ratio < 1 / 1.15) return '1024x1536';
  return '1024x1024';
}
