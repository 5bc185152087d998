// The words every view uses for what made an image: AI with its model, the offline preview, and why it stood in.
import { describe, expect, it } from 'vitest';
import { afterImageLabel, aiModelLabel, fallbackExplanation, isAiRender } from './render-credit';

describe('render credit', () => {
  it('names the AI model and provider, or the offline preview and why it stood in', () => {
    const ai = { provider: 'replicate', modelName: 'FLUX.1 Kontext [pro]', fallbackReason: null };
    expect(isAiRender(ai)).toBe(true);
    expect(aiModelLabel(ai)).toBe('FLUX.1 Kontext [pro] on Replicate');
    expect(afterImageLabel(ai)).toBe('After (AI: FLUX.1 Kontext [pro] on Replicate)');
    expect(afterImageLabel({ provider: 'openai', modelName: null, fallbackReason: null })).toBe('After (AI: OpenAI)');

    expect(afterImageLabel({ provider: 'offline-preview', modelName: null, fallbackReason: null })).toBe('After (offline preview, not AI)');
    expect(afterImageLabel({ provider: 'offline-preview', modelName: null, fallbackReason: 'ai-unavailable' })).toBe(
      'After (offline preview, not AI: the AI engine could not finish this design)',
    );
    expect(afterImageLabel({ provider: 'offline-preview', modelName: null, fallbackReason: 'daily-budget' })).toBe(
      'After (offline preview, not AI: AI designs are paused for the rest of today)',
    );
    expect(afterImageLabel(null)).toBe('After');
    expect(fallbackExplanation(null)).toBeNull();
  });
});
