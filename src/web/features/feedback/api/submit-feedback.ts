// POST /api/feedback/submit with the seed's body; failures carry the seed's fallback texts.
import { HOMEOWNER_MESSAGES } from '#shared/messages';
import type { z } from 'zod';
import type { ApiFailure } from '#shared/api';
import type { FeedbackSubmit } from '#shared/site.schema';
import type { feedbackSubmitResponseSchema } from '#shared/site-response.schema';

type FeedbackResponse = z.infer<typeof feedbackSubmitResponseSchema> | ApiFailure | null;

async function post(body: FeedbackSubmit): Promise<FeedbackResponse> {
  try {
    const response = await fetch('/api/feedback/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return await response.json().catch(() => null);
  } catch {
    throw new Error(HOMEOWNER_MESSAGES.feedbackFailedRetry);
  }
}

export async function submitFeedback(body: FeedbackSubmit): Promise<void> {
  const payload = await post(body);
  if (!payload?.success) throw new Error(payload?.error || payload?.details || HOMEOWNER_MESSAGES.feedbackFailed);
}
