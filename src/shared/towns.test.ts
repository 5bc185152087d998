// Checks the town landing-page content: every town page has complete content, real ZIP codes and existing images.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import zips from './data/metrowest-zips.json' with { type: 'json' };
import { TOWN_SLUGS } from './pages';
import { getTown, styleIllustrationAlt, TOWN_LIST, TOWNS } from './towns';

const publicDir = fileURLToPath(new URL('../web/public', import.meta.url));
const approvedZips = new Map(zips.zips.map((entry) => [entry.zip, entry.town]));

const SEED_ZIPS = {
  framingham: ['01701', '01702'],
  natick: ['01760'],
  wellesley: ['02481', '02482'],
} as const;

describe('town content', () => {
  it('has content for every slug in TOWN_SLUGS, and TOWN_LIST follows the slug order', () => {
    expect(Object.keys(TOWNS).sort()).toEqual([...TOWN_SLUGS].sort());
    expect(TOWN_LIST.map((town) => town.slug)).toEqual([...TOWN_SLUGS]);
    for (const slug of TOWN_SLUGS) {
      expect(TOWNS[slug].slug).toBe(slug);
      expect(getTown(slug)).toBe(TOWNS[slug]);
    }
  });

  it('returns undefined for unknown slugs', () => {
    expect(getTown('boston')).toBeUndefined();
    expect(getTown('')).toBeUndefined();
    expect(getTown('constructor')).toBeUndefined();
    expect(getTown('Framingham')).toBeUndefined();
  });

  describe.each(TOWN_SLUGS)('%s', (slug) => {
    const town = TOWNS[slug];
    const filled = (text: string) => expect(text.trim()).not.toBe('');

    it('fills every field', () => {
      filled(town.name);
      expect(town.state).toBe('MA');
      expect(town.population).toBeGreaterThan(0);
      expect(town.avgHomeValue).toBeGreaterThan(0);
      expect(town.popularStyles.length).toBeGreaterThan(0);
      town.popularStyles.forEach(filled);
      filled(town.headlines.main);
      filled(town.headlines.sub);
      expect(town.faqData.length).toBeGreaterThanOrEqual(5);
      expect(town.faqData.length).toBeLessThanOrEqual(6);
      town.faqData.forEach(({ question, answer }) => [question, answer].forEach(filled));
      expect(town.uniqueSellingPoints).toHaveLength(4);
      town.uniqueSellingPoints.forEach(filled);
      expect(town.localArchitecturalStyles).toHaveLength(3);
      town.localArchitecturalStyles.forEach(({ name, description, imageUrl }) => [name, description, imageUrl].forEach(filled));
      expect(town.localRenovationTrends.length).toBeGreaterThanOrEqual(4);
      expect(town.localRenovationTrends.length).toBeLessThanOrEqual(5);
      town.localRenovationTrends.forEach(filled);
      // No invented testimonials: town pages show approved quotes from real feedback (GET /api/testimonials).
      expect(town).not.toHaveProperty('localTestimonials');
      filled(town.metaTitle);
      filled(town.metaDescription);
      expect(town.neighbourhoods.length).toBeGreaterThan(0);
      town.neighbourhoods.forEach(filled);
    });

    it('lists 5-digit ZIP codes of this town from the approved MetroWest list, the seed ones first', () => {
      expect(town.zipCodes.length).toBeGreaterThan(0);
      expect(new Set(town.zipCodes).size).toBe(town.zipCodes.length);
      for (const zip of town.zipCodes) {
        expect(zip).toMatch(/^\d{5}$/);
        expect(approvedZips.get(zip)).toBe(town.name);
      }
      expect(town.zipCodes.slice(0, SEED_ZIPS[slug].length)).toEqual([...SEED_ZIPS[slug]]);
    });

    it('keeps the meta description within 160 characters', () => {
      expect(town.metaDescription.length).toBeLessThanOrEqual(160);
    });

    it("describes every style's illustration without a doubled word", () => {
      for (const style of town.localArchitecturalStyles) {
        const alt = styleIllustrationAlt(style);
        expect(alt).toContain(style.name);
        expect(alt, alt).not.toMatch(/\b(\w+) \1\b/i);
      }
    });

    it('points every architectural style at an existing illustration', () => {
      for (const style of town.localArchitecturalStyles) {
        expect(style.imageUrl).toMatch(new RegExp(`^/images/towns/${slug}-[a-z0-9-]+\\.svg$`));
        expect(existsSync(`${publicDir}${style.imageUrl}`), style.imageUrl).toBe(true);
      }
    });
  });
});

describe('styleIllustrationAlt', () => {
  const style = (name: string) => ({ name, description: '', imageUrl: '' });
  it('names the style as a home, with the right article, once', () => {
    expect(styleIllustrationAlt(style('Cape Cod'))).toBe('Illustration of a Cape Cod home');
    expect(styleIllustrationAlt(style('Italianate'))).toBe('Illustration of an Italianate home');
    expect(styleIllustrationAlt(style('Saxonville Mill-Era Home'))).toBe('Illustration of a Saxonville Mill-Era Home');
    expect(styleIllustrationAlt(style('Farm House'))).toBe('Illustration of a Farm House');
  });
});
