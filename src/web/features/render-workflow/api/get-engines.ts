// GET /api/engines: what renders each engine now (an AI model, or the offline preview) and whether AI designs
// are paused for the day. Fetched when the engine step opens, kept for a minute, shared with the progress overlay.
import { useEffect, useState } from 'react';
import type { EnginesResponse, EngineRenderer } from '#shared/engines.schema';
import { OFFLINE_RENDERER_LABEL } from '#shared/render-credit';
import { apiRequest } from '#web/lib/api-client';

const KEEP_MS = 60_000;
let cached: { at: number; answer: Promise<EnginesResponse> } | null = null;

export function fetchEngines(): Promise<EnginesResponse> {
  if (cached && Date.now() - cached.at < KEEP_MS) return cached.answer;
  const answer = apiRequest<EnginesResponse>('GET', '/api/engines');
  cached = { at: Date.now(), answer };
  // A failed answer is not kept: the next step asks again.
  answer.catch(() => (cached = null));
  return answer;
}

/** The engines' renderers once `active` (null until they arrive, or when the call failed: the cards then say less). */
export function useEngines(active: boolean): EnginesResponse | null {
  const [engines, setEngines] = useState<EnginesResponse | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = true;
    fetchEngines()
      .then((answer) => current && setEngines(answer))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [active]);
  return engines;
}

/** What a card or the overlay says renders an engine: its model, or the offline preview (today, when AI is paused). */
export function rendererLabel(engines: EnginesResponse | null, engineId: string): string | null {
  const renderer: EngineRenderer | undefined = engines?.engines.find((engine) => engine.id === engineId)?.renderer;
  if (!renderer) return null;
  if (renderer.kind === 'ai' && engines?.aiPaused) return `${OFFLINE_RENDERER_LABEL}: AI designs are paused for the rest of today`;
  return renderer.label;
}
