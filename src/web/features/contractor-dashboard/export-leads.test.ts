import { describe, expect, it } from 'vitest';
import type { ContractorLeadRow as ContractorLead } from '#shared/lead-row.schema';
import { leadsToCsv } from './export-leads';

// A lead as the server sends it, in its field order (src/shared/lead-row.schema.ts), without score factors.
const lead = (fields: Partial<ContractorLead>): ContractorLead =>
  ({
    id: 'l1',
    name: 'Ann Lee',
    email: 'ann@example.com',
    phone: null,
    zip: '01701',
    room_type: 'kitchen',
    style: 'Transitional',
    wants_quote: true,
    status: 'assigned',
    created_at: '2026-11-20T10:00:00.000Z',
    lead_score: 72,
    probability_to_close_score: 64,
    timeline: null,
    budget: '$25k - $50k',
    project_type: null,
    contact_method: null,
    notes: null,
    email_confirmed: true,
    assigned_at: '2026-11-20T11:00:00.000Z',
    image_url: null,
    ai_url: null,
    ...fields,
  }) as ContractorLead;

describe('leadsToCsv', () => {
  it("has the JSON export's fields as its header, one row per lead, CRLF line ends", () => {
    const csv = leadsToCsv([lead({}), lead({ id: 'l2', name: null })]);
    const [header, first, second, end] = csv.split('\r\n');
    expect(header).toBe(Object.keys(lead({})).join(','));
    expect(first).toBe(
      'l1,Ann Lee,ann@example.com,,01701,kitchen,Transitional,true,assigned,2026-11-20T10:00:00.000Z,72,64,,$25k - $50k,,,,true,2026-11-20T11:00:00.000Z,,',
    );
    expect(second.startsWith('l2,,')).toBe(true);
    expect(end).toBe('');
  });

  it('doubles quotes, keeps commas and line breaks inside the cell, and defuses formulas', () => {
    const csv = leadsToCsv([lead({ name: 'Ann "AJ" Lee, Jr.', notes: 'line one\nline two', style: '=HYPERLINK("x")' })]);
    expect(csv).toContain('"Ann ""AJ"" Lee, Jr."');
    expect(csv).toContain('"line one\nline two"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('writes nested values such as score explanations as JSON', () => {
    const csv = leadsToCsv([{ ...lead({}), score_factors: { intent: [{ label: 'Asked for a quote', points: 30 }] } } as ContractorLead]);
    expect(csv.split('\r\n')[0].endsWith(',score_factors')).toBe(true);
    expect(csv).toContain('"{""intent"":[{""label"":""Asked for a quote"",""points"":30}]}"');
  });
});
