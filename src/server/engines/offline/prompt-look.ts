// Turns a homeowner's free-text prompt into colours and grade nudges ("navy cabinets", "white oak floors", "moody"),
// and combines them with a style preset, or with a neutral fallback when no preset was picked.
import type { StyleId } from '#shared/constants';
import { SWATCH_ROLES, type SwatchRole } from '#shared/styles';
import { hexToLab, type Lab } from './colour';
import type { FloorMaterialName } from './floor-materials';
import { NEUTRAL_GRADE, styleLook, type Grade, type StyleLook } from './style-palettes';

/** What a colour word is when no noun says where it goes: woods are floors, metals are accents, paints go by lightness. */
type Kind = 'paint' | 'wood' | 'metal';

type ColourWord = { hex: string; kind: Kind };

/** Longest phrases are matched first, so "white oak" wins over "white" and "navy blue" over "navy". */
const COLOUR_WORDS: Readonly<Record<string, ColourWord>> = {
  'navy blue': { hex: '#1F2A44', kind: 'paint' },
  navy: { hex: '#1F2A44', kind: 'paint' },
  'sage green': { hex: '#9CAF88', kind: 'paint' },
  sage: { hex: '#9CAF88', kind: 'paint' },
  'forest green': { hex: '#2F4A36', kind: 'paint' },
  'hunter green': { hex: '#355E3B', kind: 'paint' },
  'olive green': { hex: '#6B6B3A', kind: 'paint' },
  olive: { hex: '#6B6B3A', kind: 'paint' },
  emerald: { hex: '#1F6B4F', kind: 'paint' },
  green: { hex: '#5E7D5A', kind: 'paint' },
  'sky blue': { hex: '#A8C8DE', kind: 'paint' },
  'powder blue': { hex: '#B7CCDC', kind: 'paint' },
  'dusty blue': { hex: '#7F97AB', kind: 'paint' },
  blue: { hex: '#3E5F8A', kind: 'paint' },
  teal: { hex: '#2F7A78', kind: 'paint' },
  turquoise: { hex: '#3FA3A0', kind: 'paint' },
  terracotta: { hex: '#B5673E', kind: 'paint' },
  'terra cotta': { hex: '#B5673E', kind: 'paint' },
  rust: { hex: '#A0522D', kind: 'paint' },
  brick: { hex: '#9C5A40', kind: 'paint' },
  burgundy: { hex: '#6D2635', kind: 'paint' },
  red: { hex: '#9E3B33', kind: 'paint' },
  blush: { hex: '#E3C2BA', kind: 'paint' },
  pink: { hex: '#D9A6A6', kind: 'paint' },
  'dusty rose': { hex: '#C98E8E', kind: 'paint' },
  mustard: { hex: '#C9A03A', kind: 'paint' },
  yellow: { hex: '#E2C65C', kind: 'paint' },
  orange: { hex: '#D0793A', kind: 'paint' },
  lavender: { hex: '#B9A9C9', kind: 'paint' },
  purple: { hex: '#5E4B73', kind: 'paint' },
  plum: { hex: '#5A3550', kind: 'paint' },
  'off white': { hex: '#F0ECE3', kind: 'paint' },
  'off-white': { hex: '#F0ECE3', kind: 'paint' },
  white: { hex: '#F4F3EF', kind: 'paint' },
  cream: { hex: '#F1E8D6', kind: 'paint' },
  ivory: { hex: '#F3EEDF', kind: 'paint' },
  linen: { hex: '#E6DDCC', kind: 'paint' },
  beige: { hex: '#D8C8AE', kind: 'paint' },
  sand: { hex: '#D6C4A3', kind: 'paint' },
  greige: { hex: '#C9C0B2', kind: 'paint' },
  taupe: { hex: '#A39382', kind: 'paint' },
  'light grey': { hex: '#D3D3D0', kind: 'paint' },
  'light gray': { hex: '#D3D3D0', kind: 'paint' },
  'dark grey': { hex: '#4B4C4E', kind: 'paint' },
  'dark gray': { hex: '#4B4C4E', kind: 'paint' },
  grey: { hex: '#8E8E8C', kind: 'paint' },
  gray: { hex: '#8E8E8C', kind: 'paint' },
  charcoal: { hex: '#36383B', kind: 'paint' },
  slate: { hex: '#5A6270', kind: 'paint' },
  'matte black': { hex: '#232323', kind: 'paint' },
  black: { hex: '#1E1E1E', kind: 'paint' },
  'white oak': { hex: '#C8AE88', kind: 'wood' },
  'light oak': { hex: '#CDB38C', kind: 'wood' },
  oak: { hex: '#A9794D', kind: 'wood' },
  'light wood': { hex: '#CDB38C', kind: 'wood' },
  'dark wood': { hex: '#4E3526', kind: 'wood' },
  maple: { hex: '#D2B48C', kind: 'wood' },
  pine: { hex: '#C49A6C', kind: 'wood' },
  birch: { hex: '#DCC8A6', kind: 'wood' },
  bamboo: { hex: '#D2B98B', kind: 'wood' },
  teak: { hex: '#9A6A42', kind: 'wood' },
  cherry: { hex: '#8B4A33', kind: 'wood' },
  walnut: { hex: '#5D4333', kind: 'wood' },
  mahogany: { hex: '#5B2E22', kind: 'wood' },
  espresso: { hex: '#3B2A22', kind: 'wood' },
  marble: { hex: '#EDEBE7', kind: 'paint' },
  quartz: { hex: '#ECEAE6', kind: 'paint' },
  concrete: { hex: '#9C9892', kind: 'paint' },
  travertine: { hex: '#D9C7A8', kind: 'paint' },
  stone: { hex: '#B1A899', kind: 'paint' },
  brass: { hex: '#B5A04A', kind: 'metal' },
  gold: { hex: '#C39B58', kind: 'metal' },
  copper: { hex: '#B16E45', kind: 'metal' },
  bronze: { hex: '#7A5A3A', kind: 'metal' },
  chrome: { hex: '#C9CCCE', kind: 'metal' },
  nickel: { hex: '#A9A8A2', kind: 'metal' },
  'stainless steel': { hex: '#B4B6B5', kind: 'metal' },
};

/** What a floor named in these words is made of; any other wood is boards. Paint colours leave the material alone. */
const FLOOR_MATERIAL_WORDS: Readonly<Record<string, FloorMaterialName>> = {
  marble: 'marble',
  quartz: 'marble',
  concrete: 'concrete',
  terracotta: 'terracotta',
  'terra cotta': 'terracotta',
  travertine: 'large-tile',
  stone: 'large-tile',
};

/** Words for how a floor is laid, whatever its colour ("herringbone oak floor"). */
const FLOOR_PATTERN_WORDS: Readonly<Record<string, FloorMaterialName>> = {
  herringbone: 'herringbone',
  parquet: 'herringbone',
};

/** Nouns that say which part of the room a colour is for ("navy island", "brass hardware", "oak floors"). */
const ROLE_NOUNS: Readonly<Record<string, SwatchRole>> = {
  wall: 'walls',
  walls: 'walls',
  ceiling: 'walls',
  paint: 'walls',
  plaster: 'walls',
  shiplap: 'walls',
  floor: 'floor',
  floors: 'floor',
  flooring: 'floor',
  planks: 'floor',
  carpet: 'floor',
  cabinet: 'feature',
  cabinets: 'feature',
  cabinetry: 'feature',
  island: 'feature',
  counter: 'feature',
  counters: 'feature',
  countertop: 'feature',
  countertops: 'feature',
  backsplash: 'feature',
  tile: 'feature',
  tiles: 'feature',
  vanity: 'feature',
  shelves: 'feature',
  shelving: 'feature',
  sofa: 'feature',
  couch: 'feature',
  furniture: 'feature',
  rug: 'feature',
  beams: 'dark',
  frames: 'dark',
  windows: 'dark',
  hardware: 'accent',
  handles: 'accent',
  pulls: 'accent',
  knobs: 'accent',
  fixtures: 'accent',
  faucet: 'accent',
  faucets: 'accent',
  tap: 'accent',
  taps: 'accent',
  lighting: 'accent',
  lights: 'accent',
  pendant: 'accent',
  pendants: 'accent',
  accent: 'accent',
  accents: 'accent',
  details: 'accent',
  pillows: 'accent',
  cushions: 'accent',
  plants: 'accent',
};

type Mood = { grade?: Partial<Grade>; colours?: Partial<Record<SwatchRole, string>>; floorMaterial?: FloorMaterialName };

/** Grade fields in a mood are added to the base grade; a mood's colours fill parts no colour word named. */
const MOODS: Readonly<Record<string, Mood>> = {
  warm: { grade: { temperature: 0.25 } },
  cosy: { grade: { temperature: 0.2 } },
  cozy: { grade: { temperature: 0.2 } },
  cool: { grade: { temperature: -0.25 } },
  dark: { grade: { exposure: -4, contrast: 0.08 } },
  moody: { grade: { exposure: -4, contrast: 0.1, saturation: -0.05 } },
  dramatic: { grade: { contrast: 0.12 } },
  bright: { grade: { exposure: 3, lift: 1 } },
  airy: { grade: { exposure: 3, lift: 2, contrast: -0.03 } },
  light: { grade: { exposure: 2 } },
  soft: { grade: { contrast: -0.04, lift: 2 } },
  vibrant: { grade: { saturation: 0.15 } },
  bold: { grade: { saturation: 0.12, contrast: 0.06 } },
  muted: { grade: { saturation: -0.15 } },
  vintage: { grade: { lift: 3, saturation: -0.1, temperature: 0.1 } },
  coastal: {
    grade: { temperature: -0.1, exposure: 2 },
    colours: { walls: '#F7F5EF', floor: '#D8C8A8', feature: '#A9C4D4' },
    floorMaterial: 'wide-planks',
  },
  scandinavian: {
    grade: { exposure: 2, saturation: -0.1 },
    colours: { walls: '#F5F4F0', floor: '#D9C7A8', feature: '#B8B6B0' },
    floorMaterial: 'planks',
  },
  nordic: {
    grade: { exposure: 2, saturation: -0.1 },
    colours: { walls: '#F5F4F0', floor: '#D9C7A8', feature: '#B8B6B0' },
    floorMaterial: 'planks',
  },
  rustic: { grade: { temperature: 0.2 }, colours: { walls: '#EDE3D0', floor: '#8A5F3C' }, floorMaterial: 'wide-planks' },
  industrial: {
    grade: { contrast: 0.1, saturation: -0.1 },
    colours: { walls: '#BDB8B0', floor: '#86827C', dark: '#2A2A2B' },
    floorMaterial: 'concrete',
  },
  bohemian: { grade: { saturation: 0.1, temperature: 0.15 }, colours: { walls: '#E8DCC8', feature: '#C2703D' } },
  boho: { grade: { saturation: 0.1, temperature: 0.15 }, colours: { walls: '#E8DCC8', feature: '#C2703D' } },
  luxury: { grade: { contrast: 0.08 }, colours: { walls: '#E8E3DC', dark: '#1F1E21', accent: '#C39B58' } },
  luxurious: { grade: { contrast: 0.08 }, colours: { walls: '#E8E3DC', dark: '#1F1E21', accent: '#C39B58' } },
  minimal: { grade: { saturation: -0.08 } },
  minimalist: { grade: { saturation: -0.08 } },
  // "A dark moody library": deep walls, dark wood, warm lamplight.
  library: {
    grade: { temperature: 0.2, exposure: -2 },
    colours: { walls: '#34453B', floor: '#4E3526', feature: '#5B3A29' },
    floorMaterial: 'planks',
  },
  lamplight: { grade: { temperature: 0.3 } },
  candlelight: { grade: { temperature: 0.35, exposure: -2 } },
  sunny: { grade: { exposure: 3, temperature: 0.1 } },
  earthy: { grade: { temperature: 0.15, saturation: -0.05 }, colours: { walls: '#E3D5BE', feature: '#8A6A4A' } },
  calm: { grade: { contrast: -0.03, saturation: -0.08 } },
  serene: { grade: { contrast: -0.03, saturation: -0.08, exposure: 1 } },
  elegant: { grade: { contrast: 0.05 }, colours: { dark: '#26252A', accent: '#C39B58' } },
};

/**
 * Words that carry no design request of their own ("paint the walls in sage green, please"): never reported as
 * not understood. Role nouns are understood with the colour they place.
 */
const FILLER_WORDS = new Set(
  (
    'a an the and or but with without of in on to for from into onto by at as is are be it its this that these those ' +
    'my our your me we us i please want would like love make made paint painted painting swap swapped change changed ' +
    'use using add adding keep keeping give turn get put replace replaced instead more less very really bit little ' +
    'some all new room space area look looking feel feeling style styled vibe tone tones toned colour color colours ' +
    'colors coloured colored shade shades finish finished throughout everywhere also too just so then than like ' +
    'kitchen bathroom bedroom living dining office home house backyard interior design redesign'
  ).split(' '),
);

type RoleColours = Partial<Record<SwatchRole, Lab>>;

// Own keys only: a homeowner's "constructor" or "toString" is a word, not a property of every object.
const roleNoun = (word: string | undefined): SwatchRole | undefined =>
  word !== undefined && Object.hasOwn(ROLE_NOUNS, word) ? ROLE_NOUNS[word] : undefined;
const moodOf = (word: string): Mood | undefined => (Object.hasOwn(MOODS, word) ? MOODS[word] : undefined);

/** What the prompt asked for, before it meets a preset. */
export type PromptHints = {
  /** Colours the prompt named, by the part of the room they are for. */
  named: RoleColours;
  /** Colours implied by moods ("coastal"), weaker than named ones. */
  implied: RoleColours;
  gradeNudge: Partial<Grade>;
  /** The floor material its words name ("walnut floor": boards), and the one a mood implies ("rustic"). */
  floorMaterial: FloorMaterialName | null;
  impliedFloorMaterial: FloorMaterialName | null;
  /** The words it acted on, for telling the homeowner: "sage green (walls)", "coastal (mood)". */
  understood: string[];
  /** For each part a colour was named for, the words ("white") and their entry in `understood`. */
  understoodFor: Partial<Record<SwatchRole, { words: string; entry: string }>>;
  /** The words that asked for something it cannot do ("shaker", "pendant lights" are objects), once each, in order. */
  notUnderstood: string[];
};

/** Stands for punctuation between clauses in the word list. */
const BREAK = '|';

const PHRASES = Object.keys(COLOUR_WORDS).sort((x, y) => y.split(' ').length - x.split(' ').length || y.length - x.length);

export function readPrompt(prompt: string): PromptHints {
  // Punctuation ends a clause ("white cabinets, walnut floor"): kept as a BREAK word no noun is read across.
  // A colon joins a label to its value ("Floor: walnut"), so it is only a space.
  const words = prompt
    .toLowerCase()
    .replace(/[,.;!?()/]+/g, ` ${BREAK} `)
    .replace(/[^a-z\s|-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const named: RoleColours = {};
  const implied: RoleColours = {};
  const gradeNudge: Partial<Grade> = {};
  const understood: string[] = [];
  const understoodFor: PromptHints['understoodFor'] = {};
  let floorMaterial: FloorMaterialName | null = null;
  let impliedFloorMaterial: FloorMaterialName | null = null;
  let floorPattern: FloorMaterialName | null = null;
  /** Positions of words acted on: colour phrases, moods and the role nouns that placed a colour. */
  const used = new Set<number>();

  for (let i = 0; i < words.length;) {
    const phrase = PHRASES.find((candidate) => matchesAt(words, i, candidate));
    if (phrase) {
      const length = phrase.split(' ').length;
      const colour = hexToLab(COLOUR_WORDS[phrase].hex);
      const noun = roleBefore(words, i, used) ?? roleAfter(words, i + length);
      const role = noun?.role ?? defaultRole(COLOUR_WORDS[phrase].kind, colour, named);
      if (noun) used.add(noun.at);
      for (let offset = 0; offset < length; offset++) used.add(i + offset);
      if (!named[role]) {
        understoodFor[role] = { words: phrase, entry: `${phrase} (${ROLE_NAMES[role]})` };
        understood.push(understoodFor[role].entry);
        if (role === 'floor') floorMaterial = materialOf(phrase);
      }
      named[role] ??= colour;
      i += length;
      continue;
    }
    const pattern = Object.hasOwn(FLOOR_PATTERN_WORDS, words[i]) ? FLOOR_PATTERN_WORDS[words[i]] : undefined;
    // "Herringbone floor" or "parquet", but not a "herringbone backsplash".
    const patternFor = roleAfter(words, i + 1)?.role ?? 'floor';
    if (pattern && patternFor === 'floor') {
      used.add(i);
      understood.push(`${words[i]} (floor)`);
      floorPattern = pattern;
      i++;
      continue;
    }
    const mood = moodOf(words[i]);
    if (mood) {
      used.add(i);
      understood.push(`${words[i]} (mood)`);
      addGrade(gradeNudge, mood.grade ?? {});
      impliedFloorMaterial ??= mood.floorMaterial ?? null;
      for (const [role, hex] of Object.entries(mood.colours ?? {}) as [SwatchRole, string][]) implied[role] ??= hexToLab(hex);
    }
    i++;
  }
  // Everything else that asks for something: objects ("pendant lights"), door styles ("shaker"), actions ("remove").
  const notUnderstood = [
    ...new Set(words.filter((word, at) => !used.has(at) && word !== BREAK && !FILLER_WORDS.has(word) && word.replace(/-/g, '').length > 2)),
  ];
  return {
    named,
    implied,
    gradeNudge,
    floorMaterial: floorPattern ?? floorMaterial,
    impliedFloorMaterial,
    understood,
    understoodFor,
    notUnderstood,
  };
}

function materialOf(phrase: string): FloorMaterialName | null {
  if (Object.hasOwn(FLOOR_MATERIAL_WORDS, phrase)) return FLOOR_MATERIAL_WORDS[phrase];
  return COLOUR_WORDS[phrase].kind === 'wood' ? 'planks' : null;
}

/** The parts of a room each swatch role recolours, in a homeowner's words. */
export const ROLE_NAMES: Record<SwatchRole, string> = {
  walls: 'walls',
  floor: 'floor',
  feature: 'cabinets and furniture',
  dark: 'dark details',
  accent: 'accents and hardware',
};

function matchesAt(words: string[], start: number, phrase: string): boolean {
  const parts = phrase.split(' ');
  return parts.every((part, offset) => words[start + offset] === part);
}

/**
 * A role noun just before the colour, as edits put it: "paint the walls sage green", "the floor in light oak",
 * "swap the floor for walnut", "make the cabinets navy".
 */
function roleBefore(words: string[], start: number, used: ReadonlySet<number>): { role: SwatchRole; at: number } | null {
  // A noun that already placed an earlier colour ("navy cabinets walnut floor") is not this colour's.
  const free = (at: number) => !used.has(at) && roleNoun(words[at]);
  const previous = free(start - 1);
  if (previous) return { role: previous, at: start - 1 };
  const beforeThat = free(start - 2);
  if (['in', 'to', 'for'].includes(words[start - 1]) && beforeThat) return { role: beforeThat, at: start - 2 };
  return null;
}

/** The first role noun within three words, unless another colour word comes first ("navy and brass hardware"). */
function roleAfter(words: string[], start: number): { role: SwatchRole; at: number } | null {
  for (let i = start; i < Math.min(words.length, start + 3); i++) {
    if (words[i] === BREAK) return null;
    const role = roleNoun(words[i]);
    if (role) return { role, at: i };
    if (PHRASES.some((phrase) => matchesAt(words, i, phrase))) return null;
  }
  return null;
}

function defaultRole(kind: Kind, [l]: Lab, taken: RoleColours): SwatchRole {
  if (kind === 'metal') return 'accent';
  if (kind === 'wood' && !taken.floor) return 'floor';
  if (l >= 75 && !taken.walls) return 'walls';
  if (l < 30 && !taken.dark) return 'dark';
  return 'feature';
}

function addGrade(target: Partial<Grade>, nudge: Partial<Grade>): void {
  for (const key of ['temperature', 'tint', 'exposure', 'contrast', 'lift', 'saturation'] as const) {
    const value = nudge[key];
    if (value !== undefined) target[key] = (target[key] ?? 0) + value;
  }
}

/** Without a preset, walls not named in the prompt get a neutral warm white; other unnamed parts keep their colour. */
const FALLBACK_WALLS = '#F2EFE9';
/** How far a named colour pulls a preset's colour for that part of the room; mood colours pull less. */
const NAMED_PULL = 0.75;
const IMPLIED_PULL = 0.4;

/**
 * The look for a render: the preset as base with the prompt's colours pulling the matching parts toward themselves,
 * or, without a preset, the prompt's colours plus a neutral fallback.
 */
/**
 * A refinement of an earlier result: only the parts the words name change, with a neutral grade, so the rest
 * of the picture stays as it was.
 */
export function refinementLook(request: string): StyleLook {
  const { named, gradeNudge, floorMaterial } = readPrompt(request);
  const chosen: RoleColours = { ...named };
  const darkFollowsFeature = paintDarkAsFeature(chosen);
  const colours = Object.fromEntries(SWATCH_ROLES.map((role) => [role, chosen[role] ?? null])) as Record<SwatchRole, Lab | null>;
  return { colours, grade: applyGradeNudge(NEUTRAL_GRADE, gradeNudge), floorMaterial, darkFollowsFeature };
}

export function resolveLook(styleId: StyleId | null, customPrompt: string | null): StyleLook {
  const { named, implied, gradeNudge, floorMaterial, impliedFloorMaterial } = readPrompt(customPrompt ?? '');
  if (styleId) {
    const base = styleLook(styleId);
    const colours = Object.fromEntries(
      SWATCH_ROLES.map((role) => {
        const start = base.colours[role];
        const pulled = named[role] ? mix(start, named[role], NAMED_PULL) : implied[role] ? mix(start, implied[role], IMPLIED_PULL) : start;
        return [role, pulled];
      }),
    ) as Record<SwatchRole, Lab | null>;
    return {
      colours,
      grade: applyGradeNudge(base.grade, gradeNudge),
      floorMaterial: floorMaterial ?? base.floorMaterial,
      darkFollowsFeature: false,
    };
  }
  const chosen: RoleColours = { ...implied, ...named };
  const darkFollowsFeature = paintDarkAsFeature(chosen);
  const colours = Object.fromEntries(SWATCH_ROLES.map((role) => [role, chosen[role] ?? null])) as Record<SwatchRole, Lab | null>;
  colours.walls ??= hexToLab(FALLBACK_WALLS);
  return {
    colours,
    grade: applyGradeNudge(NEUTRAL_GRADE, gradeNudge),
    floorMaterial: floorMaterial ?? impliedFloorMaterial,
    darkFollowsFeature,
  };
}

/** "Navy cabinets": a dark cabinet colour is also what the room's darkest pieces become. True when it applies. */
function paintDarkAsFeature(chosen: RoleColours): boolean {
  if (chosen.dark || !chosen.feature || chosen.feature[0] >= 40) return false;
  chosen.dark = chosen.feature;
  return true;
}

function mix(from: Lab | null, to: Lab, amount: number): Lab {
  if (!from) return to;
  const at = (c: number) => from[c] + (to[c] - from[c]) * amount;
  return [at(0), at(1), at(2)];
}

function applyGradeNudge(base: Grade, nudge: Partial<Grade>): Grade {
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
  return {
    ...base,
    temperature: clamp(base.temperature + (nudge.temperature ?? 0), -0.6, 0.6),
    tint: clamp(base.tint + (nudge.tint ?? 0), -0.4, 0.4),
    exposure: clamp(base.exposure + (nudge.exposure ?? 0), -8, 8),
    contrast: clamp(base.contrast + (nudge.contrast ?? 0), 0, 0.4),
    lift: clamp(base.lift + (nudge.lift ?? 0), 0, 6),
    saturation: clamp(base.saturation + (nudge.saturation ?? 0), 0.6, 1.4),
  };
}
