// A render's engine input for provider tests, recording every progress event the provider reports.
import type { EngineInput, RenderProgress } from '#server/engines/engine';
import { roomPhoto } from './test-images';

export type RecordedInput = EngineInput & { progress: RenderProgress[] };

export async function engineInput(overrides: Partial<EngineInput> = {}): Promise<RecordedInput> {
  const progress: RenderProgress[] = [];
  const onProgress = overrides.onProgress;
  return {
    image: await roomPhoto(),
    roomType: 'kitchen',
    styleId: 'modern-minimalist',
    customPrompt: null,
    prompt: 'A photorealistic redesign of this kitchen, modern minimalist, professional interior photography',
    seed: 4242,
    ...overrides,
    onProgress: (event) => {
      progress.push(event);
      onProgress?.(event);
    },
    progress,
  };
}

const PHASES = ['analysis', 'architecture', 'generation', 'enhancement'];

/** True when phases never go backwards and fractions only grow. */
export function inPhaseOrder(progress: RenderProgress[]): boolean {
  return progress.every((event, index) => {
    if (index === 0) return true;
    const previous = progress[index - 1];
    return PHASES.indexOf(event.phase) >= PHASES.indexOf(previous.phase) && event.fraction >= previous.fraction;
  });
}
