// The one way provider clients talk HTTP: a timeout on every request, bounded retries with backoff on transient
// failures only, Retry-After honoured, abort signals plumbed through, bodies read whole (and capped) before returning.
import { abortReason, ProviderError, throwIfAborted, type ProviderErrorOptions } from './provider-error';
import { redactSecrets } from './redact';
import { formatBytes, formatDuration } from './format';
import { backoffMs, failedBeforeSending, isRetryableStatus, networkErrorCode, retryAfterMs } from './retry-policy';
import { sleep as realSleep, type Sleep } from './sleep';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HttpClientOptions = {
  /** The provider's `name` ('replicate', …), carried by every ProviderError. */
  provider: string;
  /** How messages name the provider: 'Replicate', 'Stability AI', … */
  label: string;
  fetch?: FetchLike;
  /** Per attempt, headers and body included. */
  requestTimeoutMs?: number;
  /** Further attempts after the first, for transient failures only. */
  maxRetries?: number;
  retryBaseDelayMs?: number;
  /** The longest wait between attempts; a Retry-After beyond it ends the retries instead of stalling the render. */
  maxRetryDelayMs?: number;
  maxResponseBytes?: number;
  /** Values masked in every message this client produces (API keys, tokens). */
  secrets?: readonly (string | undefined)[];
  sleep?: Sleep;
  random?: () => number;
};

/** The transport settings every provider accepts and hands to its HTTP client as they are. */
export type ProviderTransportOptions = Pick<
  HttpClientOptions,
  'fetch' | 'requestTimeoutMs' | 'maxRetries' | 'retryBaseDelayMs' | 'maxRetryDelayMs' | 'sleep'
>;

/** Only the transport settings out of a provider's options (which also hold its key, model, …). */
export function transportOptions(options: ProviderTransportOptions): ProviderTransportOptions {
  const { fetch, requestTimeoutMs, maxRetries, retryBaseDelayMs, maxRetryDelayMs, sleep } = options;
  return { fetch, requestTimeoutMs, maxRetries, retryBaseDelayMs, maxRetryDelayMs, sleep };
}

export type HttpRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  /** For messages: 'creating the prediction', 'downloading the output', … */
  what: string;
  /**
   * True for calls that start billable work (create a prediction, run a generation). They are repeated only when
   * the provider certainly did not take them: connection refused, 429, 502/503/504 — never after a timeout.
   */
  startsPaidWork?: boolean;
  signal?: AbortSignal;
  /**
   * Let a request already on the wire finish when `signal` fires, so that work the provider accepted can be
   * cancelled by its id instead of running on unseen. Waits between attempts still end at once.
   */
  finishInFlight?: boolean;
  timeoutMs?: number;
  maxRetries?: number;
  /** Narrows which 429/502/503/504 answers are retried, e.g. not OpenAI's 429 `insufficient_quota`. */
  retryable?: (response: HttpResponse) => boolean;
};

export type HttpResponse = {
  status: number;
  ok: boolean;
  headers: Headers;
  body: Buffer;
  text: () => string;
  /** The parsed body, or undefined when it is not JSON. */
  json: () => unknown;
};

export type HttpClient = {
  readonly provider: string;
  readonly label: string;
  send: (request: HttpRequest) => Promise<HttpResponse>;
  /** A ProviderError with secrets masked out of its message. */
  error: (message: string, options: ProviderErrorOptions) => ProviderError;
  redact: (text: string) => string;
};

const DEFAULTS = {
  requestTimeoutMs: 30_000,
  maxRetries: 3,
  retryBaseDelayMs: 500,
  maxRetryDelayMs: 30_000,
  maxResponseBytes: 40 * 1024 * 1024,
};

type Attempt = { kind: 'response'; response: HttpResponse } | { kind: 'timeout' } | { kind: 'network'; error: unknown };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const wait = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const redact = (text: string) => redactSecrets(text, options.secrets ?? []);
  const error = (message: string, errorOptions: ProviderErrorOptions) => new ProviderError(options.provider, redact(message), errorOptions);

  async function attemptOnce(request: HttpRequest, timeoutMs: number): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const follow = request.signal && !request.finishInFlight ? request.signal : undefined;
    const onAbort = () => controller.abort();
    follow?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await doFetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        redirect: 'follow',
      });
      const body = await readCapped(response, settings.maxResponseBytes, () =>
        error(`${options.label} sent more than ${formatBytes(settings.maxResponseBytes)} while ${request.what}`, {
          transient: false,
          status: response.status,
        }),
      );
      return { kind: 'response', response: toHttpResponse(response, body) };
    } catch (failure) {
      if (failure instanceof ProviderError) throw failure;
      if (timedOut) return { kind: 'timeout' };
      if (follow?.aborted) throw abortReason(follow);
      return { kind: 'network', error: failure };
    } finally {
      clearTimeout(timer);
      follow?.removeEventListener('abort', onAbort);
    }
  }

  async function send(request: HttpRequest): Promise<HttpResponse> {
    const timeoutMs = request.timeoutMs ?? settings.requestTimeoutMs;
    const maxRetries = request.maxRetries ?? settings.maxRetries;
    for (let attempt = 0; ; attempt += 1) {
      throwIfAborted(request.signal);
      const result = await attemptOnce(request, timeoutMs);
      const retriesLeft = attempt < maxRetries;
      if (result.kind === 'response') {
        const { response } = result;
        const retryable = isRetryableStatus(response.status) && (request.retryable?.(response) ?? true);
        if (!retryable || !retriesLeft) return response;
        const asked = retryAfterMs(response.headers);
        // A provider asking for a longer pause than we allow: give up now and let the job decide, rather than stall.
        if (asked !== undefined && asked > settings.maxRetryDelayMs) return response;
        await wait(asked ?? backoffMs(attempt, settings.retryBaseDelayMs, settings.maxRetryDelayMs, random), request.signal);
        continue;
      }
      if (result.kind === 'timeout') {
        // A paid call that timed out may be running at the provider: repeating it could pay twice.
        if (request.startsPaidWork || !retriesLeft) {
          throw error(`${options.label} did not answer within ${formatDuration(timeoutMs)} while ${request.what}`, { transient: true });
        }
      } else {
        const safeToRepeat = !request.startsPaidWork || failedBeforeSending(result.error);
        if (!safeToRepeat || !retriesLeft) {
          const cause = networkErrorCode(result.error) ?? describe(result.error);
          throw error(`${options.label} could not be reached while ${request.what}: ${cause}`, { transient: true });
        }
      }
      await wait(backoffMs(attempt, settings.retryBaseDelayMs, settings.maxRetryDelayMs, random), request.signal);
    }
  }

  return { provider: options.provider, label: options.label, send, error, redact };
}

function toHttpResponse(response: Response, body: Buffer): HttpResponse {
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    body,
    text: () => body.toString('utf8'),
    json: () => {
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

/** Reads the whole body, refusing more than `limit` bytes so a misbehaving endpoint cannot exhaust memory. */
async function readCapped(response: Response, limit: number, tooLarge: () => ProviderError): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return Buffer.concat(chunks);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
