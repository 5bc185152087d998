// The assignment rules on an in-memory store (tests/fakes/lead-business-store.ts): who may get a lead, whose
// turn it is, what is written and what is refused. The same service on SQLite and PostgreSQL, with its
// locks and emails, is tested in tests/integration/assignments.test.ts.
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import { createDomainEvents } from '#server/infra/domain-events';
import { FakeLeadBusiness, makeContractor, makeLead } from '#tests/fakes/lead-business-store';
import { assignLead, autoAssignOnQuote, type AssignmentDeps } from './assignment.service';

const NOW = new Date('2026-11-20T15:00:00.000Z');

function setUp(seed: ConstructorParameters<typeof FakeLeadBusiness>[0] = {}) {
  const business = new FakeLeadBusiness({
    leads: [makeLead({ id: 'lead-1', zip: '01701' })],
    contractors: [
      makeContractor({ id: 'c-a', zips: ['01701'], leadsReceived: 5 }),
      makeContractor({ id: 'c-b', zips: ['01701'], leadsReceived: 2 }),
      makeContractor({ id: 'c-c', servesAllZips: true, zips: [], leadsReceived: 9 }),
      makeContractor({ id: 'c-inactive', active: false, zips: ['01701'] }),
      makeContractor({ id: 'c-elsewhere', zips: ['02481'] }),
    ],
    ...seed,
  });
  const mailQueued: unknown[] = [];
  const domainEvents = createDomainEvents();
  domainEvents.on('mail.queued', async (payload) => void mailQueued.push(payload));
  const deps: AssignmentDeps = { domainEvents, now: () => NOW };
  return { business, deps, mailQueued };
}

describe('assignLead', () => {
  it('assigns the chosen eligible contractors: one row, one count and one email each, the lead assigned to the first', async () => {
    const { business, deps, mailQueued } = setUp();
    const result = await assignLead(business.assignments(), deps, {
      leadId: 'lead-1',
      method: 'manual',
      contractorIds: ['c-b', 'c-a', 'c-b'],
      actorId: 'admin-1',
    });

    expect(result.message).toBe(ADMIN_MESSAGES.assigned('Contractor c-b, Contractor c-a', 'manual'));
    expect(result.assigned.map((row) => row.contractorId)).toEqual(['c-b', 'c-a']);
    expect(business.state.assignments.map((row) => [row.contractorId, row.method, row.actorId, row.at])).toEqual([
      ['c-b', 'manual', 'admin-1', NOW.toISOString()],
      ['c-a', 'manual', 'admin-1', NOW.toISOString()],
    ]);
    expect(business.state.notifications.map((row) => row.contractorId)).toEqual(['c-b', 'c-a']);
    expect([business.contractor('c-a').leadsReceived, business.contractor('c-b').leadsReceived]).toEqual([6, 3]);
    expect(business.lead('lead-1')).toMatchObject({ status: 'assigned', assigned_contractor_id: 'c-b' });
    expect(business.state.history).toHaveLength(1);
    expect(business.state.history[0]).toMatchObject({
      to: 'assigned',
      byUserId: 'admin-1',
      note: 'Assigned to Contractor c-b, Contractor c-a (manual).',
    });
    expect(mailQueued).toHaveLength(1);
  });

  it('refuses a manual assignment without contractors, before anything is read', async () => {
    const { business, deps } = setUp();
    const request = { leadId: 'lead-1', method: 'manual' as const, contractorIds: [], actorId: 'admin-1' };
    await expect(assignLead(business.assignments(), deps, request)).rejects.toThrow(BACK_OFFICE_MESSAGES.selectContractor);
  });

  it('names a contractor who does not serve the ZIP or is inactive, and writes nothing', async () => {
    const { business, deps, mailQueued } = setUp();
    for (const id of ['c-elsewhere', 'c-inactive']) {
      await expect(
        assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds: ['c-a', id], actorId: null }),
      ).rejects.toThrow(ADMIN_MESSAGES.contractorNotEligible(`Contractor ${id}`, '01701'));
    }
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds: ['nobody'], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.contractorNotFound);
    expect(business.state.assignments).toEqual([]);
    expect(business.state.notifications).toEqual([]);
    expect(business.lead('lead-1').status).toBe('new');
    expect(mailQueued).toEqual([]);
  });

  it('answers an unknown lead and a ZIP nobody serves with their messages', async () => {
    const { business, deps } = setUp();
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'missing', method: 'next-in-line', contractorIds: [], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.leadNotFound);
    business.state.leads.push(makeLead({ id: 'lead-far', zip: '90210' }));
    business.contractor('c-c').active = false;
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'lead-far', method: 'next-in-line', contractorIds: [], actorId: null }),
    ).rejects.toThrow(BACK_OFFICE_MESSAGES.noEligibleContractors);
  });

  it('gives no second assignment or email to a contractor who already has the lead, and says so', async () => {
    const { business, deps, mailQueued } = setUp();
    business.assign('lead-1', 'c-a');
    const result = await assignLead(business.assignments(), deps, {
      leadId: 'lead-1',
      method: 'manual',
      contractorIds: ['c-a'],
      actorId: null,
    });
    expect(result).toMatchObject({
      assigned: [],
      alreadyAssigned: ['Contractor c-a'],
      message: ADMIN_MESSAGES.alreadyAssigned('Contractor c-a'),
    });
    expect(business.state.assignments).toHaveLength(1);
    expect(business.state.notifications).toEqual([]);
    expect(mailQueued).toEqual([]);
  });

  it('next in line picks the eligible contractor with the fewest leads received', async () => {
    const { business, deps } = setUp();
    const result = await assignLead(business.assignments(), deps, {
      leadId: 'lead-1',
      method: 'next-in-line',
      contractorIds: [],
      actorId: null,
    });
    expect(result.assigned.map((row) => row.contractorId)).toEqual(['c-b']);
  });

  it('round robin takes turns by id after the last contractor served, wrapping around, and records each turn', async () => {
    const { business, deps } = setUp({ settings: { round_robin_last_contractor_id: 'c-b', round_robin_turn: 7 } });
    const picks: string[] = [];
    for (const id of ['l-1', 'l-2', 'l-3', 'l-4']) {
      business.state.leads.push(makeLead({ id, zip: '01701' }));
      const result = await assignLead(business.assignments(), deps, {
        leadId: id,
        method: 'round-robin',
        contractorIds: [],
        actorId: null,
      });
      picks.push(result.assigned[0].contractorId);
    }
    expect(picks).toEqual(['c-c', 'c-a', 'c-b', 'c-c']);
    expect(business.state.settings).toMatchObject({ round_robin_last_contractor_id: 'c-c', round_robin_turn: 11 });
    expect(business.state.history.at(-1)?.note).toBe('Assigned to Contractor c-c (round-robin turn 11).');
  });

  it('refuses an automatic method when every eligible contractor already has the lead', async () => {
    const { business, deps } = setUp();
    for (const id of ['c-a', 'c-b', 'c-c']) business.assign('lead-1', id);
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'round-robin', contractorIds: [], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.allEligibleAssigned);
    expect(business.state.settings.round_robin_turn).toBe(0);
  });

  it('moves new, dead and unqualified leads to assigned, and leaves a lead further along where it is', async () => {
    for (const [from, to] of [
      ['new', 'assigned'],
      ['dead', 'assigned'],
      ['unqualified', 'assigned'],
      ['contacted', 'contacted'],
      ['quoted', 'quoted'],
      ['converted', 'converted'],
    ] as const) {
      const { business, deps } = setUp({ leads: [makeLead({ id: 'lead-1', status: from })] });
      await assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds: ['c-a'], actorId: null });
      expect(business.lead('lead-1').status, `from ${from}`).toBe(to);
    }
  });
});

describe('autoAssignOnQuote', () => {
  it('does nothing while automatic assignment is off', async () => {
    const { business, deps } = setUp();
    expect(await autoAssignOnQuote(business.assignments(), 'lead-1', deps)).toEqual({ assigned: false, reason: 'off' });
    expect(business.state.assignments).toEqual([]);
  });

  it('assigns by the configured method, once', async () => {
    const { business, deps, mailQueued } = setUp({ settings: { auto_assignment: 'next-in-line' } });
    const outcome = await autoAssignOnQuote(business.assignments(), 'lead-1', deps);
    expect(outcome).toMatchObject({ assigned: true, contractorId: 'c-b', method: 'next-in-line' });
    expect(await autoAssignOnQuote(business.assignments(), 'lead-1', deps)).toEqual({ assigned: false, reason: 'already-assigned' });
    expect(business.state.assignments).toHaveLength(1);
    expect(mailQueued).toHaveLength(1);
  });

  it('reports an unknown lead and a lead nobody may take as outcomes, not errors', async () => {
    const { business, deps } = setUp({ settings: { auto_assignment: 'round-robin' } });
    expect(await autoAssignOnQuote(business.assignments(), 'missing', deps)).toEqual({ assigned: false, reason: 'not-found' });
    business.state.leads.push(makeLead({ id: 'lead-far', zip: '90210' }));
    business.contractor('c-c').active = false;
    expect(await autoAssignOnQuote(business.assignments(), 'lead-far', deps)).toEqual({
      assigned: false,
      reason: 'no-eligible-contractor',
    });
    expect(business.state.settings.round_robin_turn).toBe(0);
  });
});
