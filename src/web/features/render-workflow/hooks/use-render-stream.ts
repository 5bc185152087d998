// Follows a render's state over server-sent events. A dropped stream reconnects after 1, 2, 5, then
// every 10 s, and picks up from the render's current state (the server sends it on connect).
import { useEffect, useState } from 'react';
import type { RenderState } from '#shared/render.schema';

const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

export function useRenderStream(initial: RenderState | null): RenderState | null {
  const [state, setState] = useState<RenderState | null>(initial);
  const renderId = initial?.id ?? null;

  useEffect(() => {
    if (!renderId) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    let failures = 0;
    let finished = false;

    const connect = () => {
      source = new EventSource(`/api/renders/${renderId}/events`);
      source.addEventListener('state', (event) => {
        failures = 0;
        const next = JSON.parse((event as MessageEvent<string>).data) as RenderState;
        setState(next);
        if (next.status === 'succeeded' || next.status === 'failed') {
          finished = true;
          source?.close();
        }
      });
      source.onerror = () => {
        source?.close();
        if (finished) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures += 1;
        retry = window.setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      finished = true;
      source?.close();
      window.clearTimeout(retry);
    };
  }, [renderId]);

  return state;
}
