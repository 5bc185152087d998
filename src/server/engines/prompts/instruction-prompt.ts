// The instruction instruction-editing models are given (FLUX Kontext, Nano Banana, GPT Image): they follow
// sentences, and they repaint whatever they are not told to keep, so the instruction says what stays.
import { getStylePreset } from '#shared/styles';
import type { EngineInput } from '#server/engines/engine';
import { roomNoun, styleDescription } from './style-description';

type Choices = Pick<EngineInput, 'roomType' | 'styleId' | 'customPrompt'>;

/** What must not move, per kind of space. */
function keepClause(choices: Choices): string {
  if (choices.roomType === 'backyard')
    return "Keep the yard's layout, the house walls, windows and doors, fences, trees that frame the view and the camera angle exactly as they are; change surfaces, planting, outdoor furniture, lighting and decor.";
  return "Keep the room's layout, walls, windows, doors, ceiling height and camera angle exactly as they are; change finishes, colours, materials, furniture and decor.";
}

/** "Redesign this kitchen in a Farmhouse Chic style: … Keep … exactly as they are; …" */
export function redesignInstruction(choices: Choices): string {
  const room = roomNoun(choices.roomType);
  const preset = choices.styleId ? getStylePreset(choices.styleId) : undefined;
  const style = choices.styleId ? styleDescription(choices.roomType, choices.styleId) : undefined;
  const sentences: string[] = [];
  if (preset && style) sentences.push(`Redesign this ${room} in a ${preset.name} style: ${style}.`);
  else sentences.push(`Redesign this ${room}.`);
  const custom = choices.customPrompt?.trim();
  if (custom) sentences.push(`${preset ? 'The homeowner also asks for' : 'The homeowner asks for'}: ${custom.replace(/[.\s]+$/, '')}.`);
  sentences.push(keepClause(choices));
  sentences.push('The result must look like a real photograph of the same space, with natural light.');
  return sentences.join(' ');
}

/** A follow-up edit of an earlier result ("paint the walls sage green"): only that changes. */
export function refinementInstruction(request: string): string {
  return `Edit this photograph: ${request.trim().replace(/[.\s]+$/, '')}. Change nothing else: keep the layout, walls, windows, doors, furniture placement, light and camera angle exactly as they are.`;
}
