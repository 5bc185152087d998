// Maps a provider's own notion of progress onto the render's four phases, as one overall fraction that never
// goes backwards: the render job turns that fraction into the seed's percent bands (render-state.ts PHASE_BANDS).
import type { RenderPhase, RenderProgress } from '#server/engines/engine';

const PHASE_ORDER: RenderPhase[] = ['analysis', 'architecture', 'generation', 'enhancement'];

/**
 * The overall fraction each phase spans. The job shows `fraction × 95` percent clamped to its band
 * (analysis 0–15, architecture 15–35, generation 35–80, enhancement 80–95), so these spans fill those bands.
 */
const PHASE_SPANS: Record<RenderPhase, [number, number]> = {
  analysis: [0, 0.15],
  architecture: [0.16, 0.37],
  generation: [0.37, 0.84],
  enhancement: [0.84, 1],
};

export type PhaseReporter = (phase: RenderPhase, withinPhase?: number) => void;

export function createPhaseReporter(onProgress: (progress: RenderProgress) => void): PhaseReporter {
  let lastPhase = -1;
  let lastFraction = -1;
  return (phase, withinPhase = 0) => {
    const index = PHASE_ORDER.indexOf(phase);
    const [start, end] = PHASE_SPANS[phase];
    const clamped = Number.isFinite(withinPhase) ? Math.min(1, Math.max(0, withinPhase)) : 0;
    const fraction = Math.round((start + (end - start) * clamped) * 1000) / 1000;
    // A provider may restart its own counter (a second sampler, a retried step); the bar must not jump back.
    if (index < lastPhase || (index === lastPhase && fraction <= lastFraction)) return;
    lastPhase = index;
    lastFraction = fraction;
    onProgress({ phase, fraction });
  };
}
