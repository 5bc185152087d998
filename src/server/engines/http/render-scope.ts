// One render's lifetime: the homeowner's abort signal plus the provider's overall deadline, as one signal.
// The deadline aborts with a transient ProviderError as its reason, so waits and requests end with that error.
import { formatDuration } from './format';
import { ProviderError } from './provider-error';

export type RenderScope = {
  signal: AbortSignal;
  /** Stops the deadline timer; call when the render settles. */
  dispose: () => void;
};

export function createRenderScope(options: { provider: string; label: string; timeoutMs: number; signal?: AbortSignal }): RenderScope {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new ProviderError(options.provider, `${options.label} did not finish the render within ${formatDuration(options.timeoutMs)}`, {
        transient: true,
      }),
    );
  }, options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}
