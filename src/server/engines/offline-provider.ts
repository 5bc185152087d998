// The offline preview engine as a render provider: CPU only, no network, deterministic per seed. A refinement
// recolours only the surfaces its words name. When the homeowner wrote words (their own style or a change),
// the result's note says which words it applied and which it could not.
import type { SwatchRole } from '#shared/styles';
import { readPrompt, ROLE_NAMES } from '#server/engines/offline/prompt-look';
import { renderOfflineInThread } from '#server/engines/offline/render-thread';
import { OFFLINE_DISPLAY_NAME, OFFLINE_MODEL_KEY } from './ai-models';
import type { RenderProvider } from './engine';

export const OFFLINE_PROVIDER_NAME = 'offline-preview';

/** The words of a refinement the offline preview can act on (colours, materials, moods); empty when none. */
export const offlineUnderstands = (refinement: string): string[] => readPrompt(refinement).understood;

/**
 * The note on a result rendered from the homeowner's own words: what was applied, what was not understood, and
 * what it understood but could not apply: the photo does not show that part (`partsNotFound`: no cabinets), or shows
 * none but a dark piece, which the preview keeps (`partsKeptDark`: black cabinets asked for white).
 */
export function offlineWordsNote(
  words: string,
  partsNotFound: readonly SwatchRole[] = [],
  partsKeptDark: readonly SwatchRole[] = [],
): string {
  const { understood, understoodFor, notUnderstood } = readPrompt(words);
  const namedAmong = (roles: readonly SwatchRole[]) =>
    roles.flatMap((role) => {
      const named = understoodFor[role];
      return named ? [{ part: ROLE_NAMES[role], ...named }] : [];
    });
  const absent = namedAmong(partsNotFound);
  const dark = namedAmong(partsKeptDark);
  const applied = understood.filter((entry) => ![...absent, ...dark].some((named) => named.entry === entry));
  const asked = (parts: typeof absent) => parts.map(({ words: said }) => said).join(' and ');
  // Each clause completes "The offline preview …" or "It …".
  const unapplied = [
    absent.length ? `found no ${absent.map(({ part }) => part).join(' or ')} in this photo, so ${asked(absent)} changed nothing.` : '',
    dark.length
      ? `kept this photo's dark pieces as they are (it cannot tell a dark cabinet from other dark things), so ${asked(dark)} changed nothing.`
      : '',
  ].filter(Boolean);
  const sentences = applied.length
    ? [`The offline preview applied: ${applied.join(', ')}.`, ...unapplied.map((clause) => `It ${clause}`)]
    : unapplied.length
      ? unapplied.map((clause, index) => `${index === 0 ? 'The offline preview' : 'It'} ${clause}`)
      : ['The offline preview found no colour, material or mood words to apply.'];
  if (notUnderstood.length) sentences.push(`It did not understand: ${notUnderstood.join(', ')}.`);
  return `${sentences.join(' ')} It changes colours and materials, not objects.`;
}

export const offlineProvider: RenderProvider = {
  name: OFFLINE_PROVIDER_NAME,
  model: { key: OFFLINE_MODEL_KEY, displayName: OFFLINE_DISPLAY_NAME },
  async render({ image, styleId, customPrompt, seed, onProgress, refinement, signal }) {
    const output = await renderOfflineInThread({ image, styleId, customPrompt, seed, onProgress, refinement }, signal);
    const words = refinement ?? customPrompt;
    const note = words?.trim() ? offlineWordsNote(words, output.partsNotFound, output.partsKeptDark) : undefined;
    return { image: output.image, provider: OFFLINE_PROVIDER_NAME, model: OFFLINE_MODEL_KEY, costUsd: 0, note };
  },
};
