// What the Images API answers: `{ data: [{ b64_json }] }`, or `{ error: { message, type, code } }`.
import { errorDetail } from '#server/engines/http/error-body';
import type { HttpClient, HttpResponse } from '#server/engines/http/http-client';
import type { ProviderError } from '#server/engines/http/provider-error';

import type { ImageUsage } from './openai-request';

export type ImageResult = ({ b64: string } | { url: string }) & { usage: ImageUsage | null };

/** `usage: { input_tokens_details: { text_tokens, image_tokens }, output_tokens }`, when the answer has it. */
function usageOf(body: unknown): ImageUsage | null {
  const usage = (body as { usage?: { output_tokens?: unknown; input_tokens_details?: { text_tokens?: unknown; image_tokens?: unknown } } })
    ?.usage;
  const details = usage?.input_tokens_details;
  if (typeof usage?.output_tokens !== 'number' || typeof details?.text_tokens !== 'number' || typeof details.image_tokens !== 'number')
    return null;
  return { textInputTokens: details.text_tokens, imageInputTokens: details.image_tokens, outputTokens: usage.output_tokens };
}

export function errorCode(response: HttpResponse): string | undefined {
  const body = response.json() as { error?: { code?: unknown; type?: unknown } } | undefined;
  const code = body?.error?.code ?? body?.error?.type;
  return typeof code === 'string' ? code : undefined;
}

export function imageResult(http: HttpClient, response: HttpResponse): ImageResult {
  if (!response.ok) throw failure(http, response);
  const body = response.json() as { data?: { b64_json?: unknown; url?: unknown }[] } | undefined;
  const first = body?.data?.[0];
  const usage = usageOf(body);
  if (typeof first?.b64_json === 'string' && first.b64_json) return { b64: first.b64_json, usage };
  if (typeof first?.url === 'string' && first.url) return { url: first.url, usage };
  throw http.error('OpenAI answered without an image', { transient: false, status: response.status });
}

function failure(http: HttpClient, response: HttpResponse): ProviderError {
  const { status } = response;
  const code = errorCode(response);
  const detail = errorDetail(response);
  // A 429 for an exhausted quota will not clear by waiting, unlike a rate limit.
  const transient = (status === 429 && code !== 'insufficient_quota') || status >= 500;
  const options = { status, code, transient };
  if (code === 'moderation_blocked' || code === 'content_policy_violation')
    return http.error(`OpenAI refused the image: ${code} (${detail})`, options);
  if (status === 401) return http.error(`OpenAI rejected the API key (HTTP 401): ${detail}`, options);
  if (code === 'insufficient_quota') return http.error(`OpenAI refused the request: insufficient quota (${detail})`, options);
  if (status === 429) return http.error(`OpenAI is rate limiting requests (HTTP 429): ${detail}`, options);
  if (status >= 400 && status < 500)
    return http.error(`OpenAI rejected the request (HTTP ${status}${code ? `, ${code}` : ''}): ${detail}`, options);
  return http.error(`OpenAI failed to edit the image (HTTP ${status}): ${detail}`, options);
}
