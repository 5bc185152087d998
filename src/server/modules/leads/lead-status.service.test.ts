// The status rules on an in-memory store (tests/fakes/lead-business-store.ts): who may set which status,
// what a contractor may not see, how conversions and first responses are counted. The same service on
// SQLite and PostgreSQL is tested through the API in tests/integration.
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/api';
import { ADMIN_MESSAGES } from '#shared/messages';
import { FakeLeadBusiness, makeContractor, makeLead } from '#tests/fakes/lead-business-store';
import { updateLeadStatus } from './lead-status.service';

const NOW = new Date('2026-11-02T15:00:00.000Z');
const admin: CurrentUser = { id: 'admin-1', email: 'admin@example.com', name: 'Admin', role: 'admin' };
const pro = (id: string): CurrentUser => ({ id, email: `${id}@example.com`, name: id, role: 'contractor' });

function setUp() {
  const business = new FakeLeadBusiness({
    leads: [makeLead({ id: 'lead-1', status: 'assigned', assigned_contractor_id: 'c-a' })],
    contractors: [makeContractor({ id: 'c-a', userId: 'user-a' }), makeContractor({ id: 'c-b', userId: 'user-b' })],
  });
  // Assigned a day before NOW: the first response comes 27 hours later.
  business.assign('lead-1', 'c-a', '2026-11-01T12:00:00.000Z');
  return business;
}

describe('updateLeadStatus', () => {
  it('lets an admin set any status on any lead, with who, when and the note in the history', async () => {
    const business = setUp();
    await updateLeadStatus(business.statusChanges(), admin, { leadId: 'lead-1', status: 'unqualified', note: '  Out of area  ' }, NOW);
    expect(business.lead('lead-1').status).toBe('unqualified');
    expect(business.state.history).toEqual([
      {
        lead: expect.objectContaining({ id: 'lead-1', status: 'assigned' }),
        to: 'unqualified',
        holder: 'c-a',
        byUserId: 'admin-1',
        note: 'Out of area',
        at: NOW.toISOString(),
      },
    ]);
  });

  it('lets a contractor set contacted, quoted, converted or dead only', async () => {
    const business = setUp();
    for (const status of ['new', 'assigned', 'unqualified'] as const) {
      await expect(updateLeadStatus(business.statusChanges(), pro('user-a'), { leadId: 'lead-1', status }, NOW)).rejects.toThrow(
        ADMIN_MESSAGES.contractorStatusNotAllowed,
      );
    }
    expect(business.state.history).toEqual([]);
  });

  it("answers another contractor's lead exactly like a lead that does not exist, and an unlinked account with its own message", async () => {
    const business = setUp();
    await expect(updateLeadStatus(business.statusChanges(), pro('user-b'), { leadId: 'lead-1', status: 'contacted' }, NOW)).rejects.toThrow(
      ADMIN_MESSAGES.leadNotFound,
    );
    await expect(
      updateLeadStatus(business.statusChanges(), pro('user-b'), { leadId: 'missing', status: 'contacted' }, NOW),
    ).rejects.toThrow(ADMIN_MESSAGES.leadNotFound);
    await expect(updateLeadStatus(business.statusChanges(), pro('user-x'), { leadId: 'lead-1', status: 'contacted' }, NOW)).rejects.toThrow(
      ADMIN_MESSAGES.noContractorRecord,
    );
    expect(business.lead('lead-1').status).toBe('assigned');
  });

  it("records the contractor's first action as their response, once", async () => {
    const business = setUp();
    await updateLeadStatus(business.statusChanges(), pro('user-a'), { leadId: 'lead-1', status: 'contacted' }, NOW);
    await updateLeadStatus(
      business.statusChanges(),
      pro('user-a'),
      { leadId: 'lead-1', status: 'quoted' },
      new Date('2026-11-05T00:00:00Z'),
    );
    expect(business.state.assignments[0]).toMatchObject({ responded: true, respondedAt: NOW.toISOString() });
    expect(business.state.history.map((change) => change.to)).toEqual(['contacted', 'quoted']);
  });

  it('writes no history for an unchanged status without a note, but keeps one with a note', async () => {
    const business = setUp();
    await updateLeadStatus(business.statusChanges(), admin, { leadId: 'lead-1', status: 'assigned' }, NOW);
    expect(business.state.history).toEqual([]);
    await updateLeadStatus(business.statusChanges(), admin, { leadId: 'lead-1', status: 'assigned', note: 'Called, no answer' }, NOW);
    expect(business.state.history).toHaveLength(1);
  });

  it('counts a conversion for the contractor who converts, and uncounts it when an admin takes it back', async () => {
    const business = setUp();
    await updateLeadStatus(business.statusChanges(), pro('user-a'), { leadId: 'lead-1', status: 'converted' }, NOW);
    expect(business.contractor('c-a').conversions).toBe(1);
    expect(business.lead('lead-1').assigned_contractor_id).toBe('c-a');
    // Converting again changes nothing.
    await updateLeadStatus(business.statusChanges(), pro('user-a'), { leadId: 'lead-1', status: 'converted' }, NOW);
    expect(business.contractor('c-a').conversions).toBe(1);
    await updateLeadStatus(business.statusChanges(), admin, { leadId: 'lead-1', status: 'quoted' }, NOW);
    expect(business.contractor('c-a').conversions).toBe(0);
  });

  it('gives a converted lead to the converting contractor when another held it', async () => {
    const business = setUp();
    business.assign('lead-1', 'c-b');
    await updateLeadStatus(business.statusChanges(), pro('user-b'), { leadId: 'lead-1', status: 'converted' }, NOW);
    expect(business.lead('lead-1').assigned_contractor_id).toBe('c-b');
    expect([business.contractor('c-a').conversions, business.contractor('c-b').conversions]).toEqual([0, 1]);
  });
});
