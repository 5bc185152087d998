// The seeds are the contract for what people read. Every message and option the code attributes to a seed is
// checked against the seed files themselves (../shared/seeds/*.txt), word for word, so a typo in our own
// constants cannot pass the tests that read those constants. Templated messages are checked part by part
// around their placeholders.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AI_ENGINES,
  FEED_FILTERS,
  ASSIGNMENT_METHODS,
  LEAD_STATUSES,
  MARKETING_CLAIMS,
  QUOTE_BUDGETS,
  QUOTE_PROJECT_TYPES,
  QUOTE_TIMELINES,
  RATING_CAPTIONS,
  ROOM_TYPES,
  SUBSCRIPTION_TIERS,
} from './constants';
import { BACK_OFFICE_MESSAGES, HOMEOWNER_MESSAGES, UPLOAD_ERRORS } from './messages';
import { STYLE_PRESETS } from './styles';

const SEEDS_DIR = path.resolve('../shared/seeds');
const seeds = readdirSync(SEEDS_DIR)
  .filter((file) => file.endsWith('.txt'))
  .map((file) => readFileSync(path.join(SEEDS_DIR, file), 'utf8'))
  .join('\n');

/** A placeholder no seed contains, put where a templated message takes its argument. */
const HOLE = '\u0000';

/** The literal parts of a message: the whole text, or a template's text around its arguments. */
function literalParts(message: string | ((...args: never[]) => string)): string[] {
  const text = typeof message === 'function' ? (message as (...args: unknown[]) => string)(HOLE, HOLE, HOLE) : message;
  return text
    .split(HOLE)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

const missingFromSeeds = (messages: Record<string, string | ((...args: never[]) => string)>) =>
  Object.entries(messages).flatMap(([key, message]) =>
    literalParts(message)
      .filter((part) => !seeds.includes(part))
      .map((part) => `${key}: ${part}`),
  );

describe('texts attributed to the seeds', () => {
  it('finds the seed files', () => {
    expect(seeds.length).toBeGreaterThan(10_000);
  });

  it.each([
    ['HOMEOWNER_MESSAGES', HOMEOWNER_MESSAGES],
    ['UPLOAD_ERRORS', UPLOAD_ERRORS],
    ['BACK_OFFICE_MESSAGES', BACK_OFFICE_MESSAGES],
  ] as const)('%s appear in the seeds word for word', (_name, messages) => {
    expect(missingFromSeeds(messages)).toEqual([]);
  });

  it('the option lists appear in the seeds word for word', () => {
    const options = [
      ...ROOM_TYPES.map((room) => room.label),
      // The seed names engines and styles by id (the display names are ours) and gives each engine's summary.
      ...AI_ENGINES.flatMap((engine) => [engine.id, engine.endpoint, `(${engine.summary.toLowerCase()})`]),
      'StructuralDesign AI',
      ...STYLE_PRESETS.map((style) => style.id),
      ...FEED_FILTERS,
      ...QUOTE_PROJECT_TYPES,
      ...QUOTE_TIMELINES,
      ...QUOTE_BUDGETS,
      ...Object.values(RATING_CAPTIONS),
      ...LEAD_STATUSES,
      ...ASSIGNMENT_METHODS,
      ...SUBSCRIPTION_TIERS,
    ];
    expect(options.filter((option) => !seeds.includes(option))).toEqual([]);
  });

  it("the marketing claims are the seed's, word for word (shown only once they are true, decision 069)", () => {
    const { homeowners, transformations } = MARKETING_CLAIMS;
    expect(seeds).toContain(`${homeowners.text} homeowners and ${transformations.text} transformations`);
  });

  it('would catch a typo', () => {
    expect(missingFromSeeds({ typo: HOMEOWNER_MESSAGES.zipNotApproved.replace('MetroWest', 'Metrowest') })).toHaveLength(1);
  });
});
