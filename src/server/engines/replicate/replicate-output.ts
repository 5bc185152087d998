// What a finished prediction means for the render: its image source, or the reason it has none.
import type { HttpClient } from '#server/engines/http/http-client';
import type { ProviderError } from '#server/engines/http/provider-error';
import type { Prediction } from './replicate-api';

/** The image to download: the output itself, or the last of a list (models list intermediate images first). */
export function outputSource(prediction: Prediction, http: HttpClient): string {
  const { output } = prediction;
  const candidates = (Array.isArray(output) ? output : [output]).filter(
    (item): item is string => typeof item === 'string' && item.length > 0,
  );
  const last = candidates.at(-1);
  if (!last) throw http.error(`Replicate prediction ${prediction.id} succeeded without an image output`, { transient: false });
  return last;
}

/** A prediction that ended without success, as the error the render reports. */
export function unsuccessfulPrediction(prediction: Prediction, http: HttpClient): ProviderError {
  const reason =
    typeof prediction.error === 'string' && prediction.error
      ? prediction.error
      : prediction.error
        ? JSON.stringify(prediction.error)
        : 'no reason given';
  if (prediction.status === 'canceled')
    return http.error(`Replicate prediction was canceled: ${reason}`, { transient: false, code: 'canceled' });
  // `aborted` is Replicate ending the run itself (its deadline, capacity): another try may well succeed.
  if (prediction.status === 'aborted')
    return http.error(`Replicate prediction was aborted: ${reason}`, { transient: true, code: 'aborted' });
  return http.error(`Replicate prediction failed: ${reason}`, { transient: false, code: 'failed' });
}
