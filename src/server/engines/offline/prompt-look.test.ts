// Free-text prompts become colours for parts of the room and nudges to the grade.
import { describe, expect, it } from 'vitest';
import { deltaE2000, hexToLab } from './colour';
import { readPrompt, resolveLook } from './prompt-look';
import { NEUTRAL_GRADE, styleLook } from './style-palettes';

describe('readPrompt', () => {
  it('puts each colour word on the part its noun names', () => {
    const { named } = readPrompt('Navy cabinets with brass hardware and white oak floors!');
    expect(named.feature).toEqual(hexToLab('#1F2A44'));
    expect(named.accent).toEqual(hexToLab('#B5A04A'));
    expect(named.floor).toEqual(hexToLab('#C8AE88'));
    expect(named.walls).toBeUndefined();
  });

  it('places colours without a noun by kind: woods on the floor, metals as accents, paints by lightness', () => {
    const { named } = readPrompt('sage green, walnut and black with gold');
    expect(named.floor).toEqual(hexToLab('#5D4333'));
    expect(named.accent).toEqual(hexToLab('#C39B58'));
    expect(named.dark).toEqual(hexToLab('#1E1E1E'));
    expect(named.feature).toEqual(hexToLab('#9CAF88'));
  });

  it('reads moods as grade nudges and their colours as weaker suggestions', () => {
    const { gradeNudge, implied } = readPrompt('a warm, moody coastal retreat');
    expect(gradeNudge.temperature).toBeCloseTo(0.25 - 0.1);
    expect(gradeNudge.exposure).toBeCloseTo(-4 + 2);
    expect(implied.walls).toEqual(hexToLab('#F7F5EF'));
  });

  it('lays the floor material its words name: any wood as boards, stone and concrete as themselves', () => {
    expect(readPrompt('a walnut floor').floorMaterial).toBe('planks');
    expect(readPrompt('marble floors and navy cabinets').floorMaterial).toBe('marble');
    expect(readPrompt('polished concrete floor').floorMaterial).toBe('concrete');
    expect(readPrompt('terracotta floor tiles').floorMaterial).toBe('terracotta');
    // A painted floor is a colour, not a material; a marble island is not the floor.
    expect(readPrompt('grey floor').floorMaterial).toBeNull();
    expect(readPrompt('marble island').floorMaterial).toBeNull();
    expect(readPrompt('a rustic cabin').impliedFloorMaterial).toBe('wide-planks');
    expect(readPrompt('herringbone white oak floor')).toMatchObject({
      floorMaterial: 'herringbone',
      understood: ['herringbone (floor)', 'white oak (floor)'],
      notUnderstood: [],
    });
    expect(readPrompt('parquet').floorMaterial).toBe('herringbone');
    expect(readPrompt('a herringbone backsplash')).toMatchObject({ floorMaterial: null, notUnderstood: ['herringbone', 'backsplash'] });
    expect(resolveLook(null, 'dark moody library with brass lamps').floorMaterial).toBe('planks');
    expect(resolveLook('industrial-loft', 'white oak floors').floorMaterial).toBe('planks');
    expect(resolveLook('industrial-loft', 'sage green walls').floorMaterial).toBe('concrete');
    expect(resolveLook(null, 'sage green walls').floorMaterial).toBeNull();
  });

  it('reads edits the way homeowners phrase them, and says which words it understood', () => {
    expect(readPrompt('paint the walls sage green').understood).toEqual(['sage green (walls)']);
    expect(readPrompt('make the cabinets navy').understood).toEqual(['navy (cabinets and furniture)']);
    expect(readPrompt('swap the floor for walnut').understood).toEqual(['walnut (floor)']);
    expect(readPrompt('white oak floor with brass hardware').understood).toEqual(['white oak (floor)', 'brass (accents and hardware)']);
    expect(readPrompt('remove the rug').understood).toEqual([]);
  });

  it('gives each colour its own noun, across commas and without them', () => {
    const floorAndCabinets = ['navy (cabinets and furniture)', 'walnut (floor)'];
    expect(readPrompt('navy cabinets, walnut floor').understood).toEqual(floorAndCabinets);
    expect(readPrompt('navy cabinets walnut floor').understood).toEqual(floorAndCabinets);
    expect(readPrompt('Cabinets: navy. Floor: walnut').understood).toEqual(floorAndCabinets);
    expect(readPrompt('walnut floor with sage green walls').understood).toEqual(['walnut (floor)', 'sage green (walls)']);
  });

  it('says which words it could not apply: objects, door styles and actions, once each', () => {
    expect(readPrompt('white shaker cabinets')).toMatchObject({
      understood: ['white (cabinets and furniture)'],
      notUnderstood: ['shaker'],
    });
    expect(readPrompt('Remove the rug and add pendant lights, remove it!').notUnderstood).toEqual(['remove', 'rug', 'pendant', 'lights']);
    expect(readPrompt('paint the walls in sage green, please').notUnderstood).toEqual([]);
    // A colour placed by its noun uses the noun; the same noun alone asks for an object.
    expect(readPrompt('walnut floor').notUnderstood).toEqual([]);
    expect(readPrompt('a new floor').notUnderstood).toEqual(['floor']);
  });

  it('reads a mood scene: a dark moody library is deep walls, dark wood and warm light', () => {
    const { understood, notUnderstood, implied, gradeNudge } = readPrompt('a dark moody library');
    expect(understood).toEqual(['dark (mood)', 'moody (mood)', 'library (mood)']);
    expect(notUnderstood).toEqual([]);
    expect(implied.walls![0]).toBeLessThan(40);
    expect(implied.floor).toEqual(hexToLab('#4E3526'));
    expect(gradeNudge.temperature).toBeGreaterThan(0);
  });

  it('treats words that name built-in object properties as words', () => {
    expect(readPrompt('constructor toString hasOwnProperty __proto__ walls')).toMatchObject({
      understood: [],
      notUnderstood: ['constructor', 'tostring', 'hasownproperty', 'proto', 'walls'],
    });
  });
});

describe('resolveLook', () => {
  it('lets a prompt pull a preset part most of the way toward its colour', () => {
    const navy = hexToLab('#1F2A44');
    const base = styleLook('farmhouse-chic');
    const nudged = resolveLook('farmhouse-chic', 'navy island');
    expect(deltaE2000(nudged.colours.feature!, navy)).toBeLessThan(deltaE2000(base.colours.feature!, navy) / 2);
    expect(nudged.colours.walls).toEqual(base.colours.walls);
  });

  it('without a preset uses the prompt colours, a neutral wall and leaves unnamed parts alone', () => {
    const look = resolveLook(null, 'terracotta floor');
    expect(look.colours.floor).toEqual(hexToLab('#B5673E'));
    expect(look.colours.walls).toEqual(hexToLab('#F2EFE9'));
    expect(look.colours.feature).toBeNull();
    expect(look.grade).toEqual(NEUTRAL_GRADE);
  });

  it('keeps grade nudges within safe limits', () => {
    const look = resolveLook('industrial-loft', 'dark dark dark moody moody dramatic bold');
    expect(look.grade.exposure).toBeGreaterThanOrEqual(-8);
    expect(look.grade.contrast).toBeLessThanOrEqual(0.4);
  });
});
