// The homeowner's email says "redesign" only when AI made the image, and what the preview is otherwise.
import { describe, expect, it } from 'vitest';
import { renderDesignReadyEmail } from './design-ready-email';

const base = {
  name: 'Sam',
  roomLabel: 'Kitchen',
  styleName: 'Transitional',
  beforeCid: 'before-image',
  afterCid: 'after-image',
  quoteUrl: 'https://example.com/account?quote=1#my-designs',
  feedbackUrl: (rating: number) => `https://example.com/feedback?rating=${rating}`,
  unsubscribeUrl: 'https://example.com/unsubscribe',
  postalAddress: 'MetroWest AI Renovations, Framingham, MA 01701',
};

describe('design-ready email', () => {
  it('names the AI model when AI made the design', () => {
    const mail = renderDesignReadyEmail({
      ...base,
      credit: { provider: 'replicate', modelName: 'Nano Banana 2 (Gemini 3.1 Flash Image)', fallbackReason: null },
    });
    expect(mail.subject).toBe('Your Kitchen design is ready');
    expect(mail.text).toContain('Rendered with AI (Nano Banana 2 (Gemini 3.1 Flash Image) on Replicate).');
    expect(mail.html).toContain('AFTER · TRANSITIONAL');
  });

  it('says preview, what it is and why it stood in when the offline engine made it', () => {
    const fellBack = renderDesignReadyEmail({
      ...base,
      credit: { provider: 'offline-preview', modelName: null, fallbackReason: 'ai-unavailable' },
    });
    expect(fellBack.subject).toBe('Your Kitchen preview is ready');
    expect(fellBack.text).toContain(
      'The AI engine could not finish this design, so this one was made by our offline preview engine from your own photo: a colour and style preview, not an AI render.',
    );
    expect(fellBack.html).toContain('PREVIEW · TRANSITIONAL');
    const paused = renderDesignReadyEmail({
      ...base,
      credit: { provider: 'offline-preview', modelName: null, fallbackReason: 'daily-budget' },
    });
    expect(paused.text).toContain('AI designs are paused for the rest of today, so this one was made by our offline preview engine');
  });
});
