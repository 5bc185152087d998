// The one error type AI provider clients throw, plus the AbortError they throw when the homeowner gives up.
// The render job logs and stores these messages, so they name the provider and the cause and never a secret.

export type ProviderErrorOptions = {
  /** True when trying again later may succeed (rate limits, outages, timeouts); false for refusals and bad input. */
  transient: boolean;
  /** The HTTP status the provider answered with, when there was one. */
  status?: number;
  /** The provider's own error code or finish reason, e.g. 'moderation_blocked' or 'CONTENT_FILTERED'. */
  code?: string;
};

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  /** The provider's `name` as stored with the render ('replicate', 'comfyui', …). */
  readonly provider: string;
  readonly transient: boolean;
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(provider: string, message: string, options: ProviderErrorOptions) {
    super(message);
    this.provider = provider;
    this.transient = options.transient;
    this.status = options.status;
    this.code = options.code;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * What to throw once a signal has fired. A render's own deadline aborts with a ProviderError as the reason,
 * so a timeout surfaces as a transient provider failure; anything else is the homeowner giving up.
 */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof ProviderError) return reason;
  if (isAbortError(reason)) return reason as Error;
  return new DOMException('The render was aborted.', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}
