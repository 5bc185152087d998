// The admin's leads search through its index (FTS5 trigram on SQLite, pg_trgm on PostgreSQL) finds exactly
// the leads whose email, name, ZIP or style contains the term, ignoring case, as a plain scan would: for
// letters, digits, quotes, % and _, accents, terms too short for the index, and terms in more than 10,000
// leads. The index follows inserts, edits and deletions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database';
import { findLeadPage, LEAD_COUNT_LIMIT } from '#server/modules/leads/lead-lists.repository';
import { allMatchingLeads } from '#server/modules/leads/lead-export';
import { createBackOfficeApp, insertLead, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
let db: Db;
const tag = randomUUID().slice(0, 6);

const PEOPLE = [
  { name: 'José Álvarez', email: `jose.alvarez-${tag}@example.com`, zip: '01701', style: 'Farmhouse Chic' },
  { name: "Maeve O'Brien", email: `maeve-${tag}@obrien.example`, zip: '01760', style: 'Modern Minimalist' },
  { name: 'Sam "The Builder" Lee', email: `sam_lee-${tag}@example.org`, zip: '02482', style: 'Transitional' },
  { name: 'Priya 50% Patel', email: `priya-${tag}@example.net`, zip: '01702', style: 'Modern Zen' },
  { name: null, email: `no.name-${tag}@framingham.example`, zip: '01701', style: 'Industrial Loft' },
  { name: 'FRAMINGHAM Family', email: `family-${tag}@example.com`, zip: '01702', style: 'Cottage Garden' },
];

beforeAll(async () => {
  harness = await createBackOfficeApp();
  db = harness.db;
  for (const person of PEOPLE) await insertLead(db, person);
});
afterAll(() => harness.close());

/** The Leads tab's query for a term, all time, newest first. */
const listQuery = (term: string, pageSize: number) =>
  ({ window: { from: null, before: null }, page: 1, pageSize, search: term, sort: 'created_at', order: 'desc' }) as const;

async function search(term: string): Promise<string[]> {
  const { leads } = await findLeadPage(db, listQuery(term, 1000));
  return leads.map((lead) => lead.email).sort();
}

/** What "contains, ignoring case" means, computed in JavaScript over every lead. */
async function expected(term: string): Promise<string[]> {
  const rows = await db.selectFrom('leads').select(['email', 'name', 'zip', 'style']).execute();
  const needle = term.toLowerCase();
  return rows
    .filter((row) => [row.email, row.name, row.zip, row.style].some((value) => value?.toLowerCase().includes(needle)))
    .map((row) => row.email)
    .sort();
}

describe('the leads search', () => {
  it.each([
    'framingham',
    'FRAMINGHAM',
    `alvarez-${tag}`,
    'josé',
    'JOSÉ ÁL',
    "o'brien",
    '"the builder"',
    '50%',
    'sam_lee',
    `${tag}@example.com`,
    // Whole emails: the index is asked for the part up to the '@', and the rest is checked on what it finds.
    `jose.alvarez-${tag}@example.com`,
    `MAEVE-${tag}@OBRIEN.example`,
    `sam_lee-${tag}@example.org`,
    `sam_lee-${tag}@example.com`,
    `priya-${tag}@`,
    `jose.alvarez-${tag}@example.com.au`,
    'no@example.com',
    '@example.com',
    `${tag}@example`,
    '0170',
    'modern',
    'farmhouse chic',
    'no such person anywhere',
    // FTS5 query syntax and odd characters are matched as text, never parsed.
    'NEAR(a b)',
    'x" OR "y',
    '*^:-()',
    '🏠 kitchen',
    // Too short for a trigram: scanned.
    'le',
    '7',
  ])('finds what a case-insensitive scan finds for %j', async (term) => {
    expect(await search(term)).toEqual(await expected(term));
  });

  it('follows new leads, edits and deletions', async () => {
    const id = await insertLead(db, { name: 'Quincy Newlead', email: `quincy-${tag}@example.com` });
    expect(await search('newlead')).toEqual([`quincy-${tag}@example.com`]);
    await db.updateTable('leads').set({ name: 'Quincy Renamed' }).where('id', '=', id).execute();
    expect(await search('newlead')).toEqual([]);
    expect(await search('renamed')).toEqual([`quincy-${tag}@example.com`]);
    // A change to other columns (scores, status) leaves the index as it is.
    await db.updateTable('leads').set({ lead_score: 77, status: 'contacted' }).where('id', '=', id).execute();
    expect(await search('renamed')).toEqual([`quincy-${tag}@example.com`]);
    await db.deleteFrom('leads').where('id', '=', id).execute();
    expect(await search('renamed')).toEqual([]);
  });

  it('finds the same for a term in more than 10,000 leads, which SQLite scans for along the list when it is ASCII', async () => {
    const many = 10_050;
    const spellings = ['Commonplace', 'COMMONPLACE', 'commonPlace'];
    const accented = ['Ñandú', 'ÑANDÚ', 'ñandú'];
    for (let start = 0; start < many; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, many - start) }, (_, offset) => {
        const index = start + offset;
        return {
          id: `many-${tag}-${index}`,
          email: `many${index}-${tag}@example.com`,
          zip: '01701',
          name: `${spellings[index % 3]} ${accented[index % 3]} ${index}`,
        };
      });
      await db.insertInto('leads').values(rows).execute();
    }
    const everyMatch = async (term: string) => {
      const emails: string[] = [];
      for await (const leads of allMatchingLeads(db, listQuery(term, 1000), 1000)) emails.push(...leads.map((lead) => lead.email));
      return emails.sort();
    };
    for (const term of ['commonplace', 'COMMONPLACE ñ', 'ñandú', 'monpl', 'commonplace ñandú 100']) {
      const found = await everyMatch(term);
      expect(found).toEqual(await expected(term));
      const { total, totalCapped } = await findLeadPage(db, listQuery(term, 50));
      expect({ total, totalCapped }).toEqual({
        total: Math.min(found.length, LEAD_COUNT_LIMIT),
        totalCapped: found.length > LEAD_COUNT_LIMIT,
      });
    }
  });
});
