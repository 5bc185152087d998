// What Stability AI's Stable Image endpoints answer (https://platform.stability.ai/docs/api-reference): the image
// itself with a `finish-reason` header, or JSON `{ image, finish_reason, seed }`; errors as `{ name, errors }`.
import { errorDetail } from '#server/engines/http/error-body';
import type { HttpClient, HttpResponse } from '#server/engines/http/http-client';
import type { ProviderError } from '#server/engines/http/provider-error';

/** The generated image bytes, or the reason there are none. */
export function imageFromResponse(http: HttpClient, response: HttpResponse): Buffer {
  if (response.status !== 200) throw failure(http, response);
  const contentType = response.headers.get('content-type') ?? '';
  let finishReason: string | null;
  let image: Buffer;
  if (contentType.includes('application/json')) {
    const body = response.json() as { image?: unknown; finish_reason?: unknown } | undefined;
    finishReason = typeof body?.finish_reason === 'string' ? body.finish_reason : null;
    image = typeof body?.image === 'string' ? Buffer.from(body.image, 'base64') : Buffer.alloc(0);
  } else {
    finishReason = response.headers.get('finish-reason');
    image = response.body;
  }
  // The filter answers 200 with a blurred or blank image: showing it to the homeowner would be wrong.
  if (finishReason === 'CONTENT_FILTERED')
    throw http.error('Stability AI refused the image: content filtered', { transient: false, code: 'CONTENT_FILTERED' });
  if (finishReason !== null && finishReason !== 'SUCCESS')
    throw http.error(`Stability AI did not finish the image: ${finishReason}`, { transient: false, code: finishReason });
  if (image.length === 0) throw http.error('Stability AI answered without an image', { transient: false });
  return image;
}

function failure(http: HttpClient, response: HttpResponse): ProviderError {
  const { status } = response;
  const body = response.json() as { name?: unknown } | undefined;
  const name = typeof body?.name === 'string' ? body.name : undefined;
  const detail = errorDetail(response);
  const options = { status, code: name, transient: status === 429 || status >= 500 };
  if (status === 401) return http.error(`Stability AI rejected the API key (HTTP 401): ${detail}`, options);
  if (status === 402) return http.error(`Stability AI refused the request: not enough credits (HTTP 402): ${detail}`, options);
  if (status === 403) return http.error(`Stability AI refused the image: ${name ?? 'forbidden'} (HTTP 403): ${detail}`, options);
  if (status === 413) return http.error(`Stability AI refused the photo as too large (HTTP 413): ${detail}`, options);
  if (status === 400 || status === 422)
    return http.error(`Stability AI rejected the request (HTTP ${status}${name ? `, ${name}` : ''}): ${detail}`, options);
  if (status === 429) return http.error(`Stability AI is rate limiting requests (HTTP 429): ${detail}`, options);
  return http.error(`Stability AI failed to generate the image (HTTP ${status}): ${detail}`, options);
}
