// Turns a render row into the state the browser follows, with the seed's percent bands per phase.
import type { RenderPhaseName, RenderState } from '#shared/render.schema';
import type { Selectable } from 'kysely';
import type { RendersTable } from '#server/db/schema';
import { creditOf } from './render-credit';

/** Where each phase starts and ends on the seed's progress bar. */
export const PHASE_BANDS: Record<RenderPhaseName, [number, number]> = {
  analysis: [0, 15],
  architecture: [15, 35],
  generation: [35, 80],
  enhancement: [80, 95],
};

export function toRenderState(render: Selectable<RendersTable>, options: { canSeeResult: boolean }): RenderState {
  const phase = (render.phase as RenderPhaseName | null) ?? null;
  const done = render.status === 'succeeded';
  return {
    id: render.id,
    status: render.status,
    stage:
      render.status === 'failed'
        ? 'failed'
        : done
          ? 'complete'
          : phase === 'generation' || phase === 'enhancement'
            ? 'generating'
            : 'analyzing',
    phase,
    percent: done ? 100 : render.progress,
    engine: render.engine,
    fallback: render.fallback,
    ...creditOf(render),
    previewUrl: done ? `/api/renders/${render.id}/preview` : null,
    resultUrl: done && (render.released_at || options.canSeeResult) ? `/api/renders/${render.id}/result` : null,
    originalUrl: `/api/uploads/${render.upload_id}/image`,
    error: render.error,
  };
}

/** Maps an engine's overall fraction into its phase's band. */
export function percentFor(phase: RenderPhaseName, fraction: number): number {
  const [start, end] = PHASE_BANDS[phase];
  return Math.round(Math.min(end, Math.max(start, fraction * 95)));
}
