// The assignment rules on an in-memory store (tests/fakes/lead-business-store.ts): who may get a lead, whose
// turn it is, what is written and what is refused. The same service on SQLite and PostgreSQL, with its
// locks and emails, is tested in tests/integration/assignments.test.ts.
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, BACK_OFFICE_MESSAGES } from '#shared/messages';
import { createDomainEvents } from '#server/infra/domain-events';
import { FakeLeadBusiness, makeContractor, makeLead } from '#tests/fakes/lead-business-store';
import { assignLead, autoAssignOnQuote, previewAssignment, reassignOverdue, type AssignmentDeps } from './assignment.service';

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

describe('the lead business rules', () => {
  const five = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'].map((id) => makeContractor({ id, zips: ['01701'] }));

  it('sends a shared lead to at most the configured number of contractors', async () => {
    const { business, deps } = setUp({ contractors: five });
    const manual = (contractorIds: string[]) =>
      assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds, actorId: null });
    await expect(manual(['c-1', 'c-2', 'c-3', 'c-4', 'c-5'])).rejects.toThrow(ADMIN_MESSAGES.leadCapReached(4, 4));
    expect(business.state.assignments).toEqual([]);
    await manual(['c-1', 'c-2', 'c-3']);
    await expect(manual(['c-4', 'c-5'])).rejects.toThrow(ADMIN_MESSAGES.leadCapReached(4, 1));
    await manual(['c-4']);
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'next-in-line', contractorIds: [], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.leadCapReached(4, 0));
    expect(business.state.assignments).toHaveLength(4);
  });

  it('charges each contractor their price at that moment, once, in the ledger', async () => {
    const { business, deps } = setUp({
      contractors: [makeContractor({ id: 'c-1', price: 40 }), makeContractor({ id: 'c-2', price: 12.5 })],
    });
    await assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds: ['c-1', 'c-2'], actorId: null });
    expect(business.state.ledger.map((entry) => [entry.contractorId, entry.kind, entry.amountCents, entry.period])).toEqual([
      ['c-1', 'lead-charge', 4000, '2026-11'],
      ['c-2', 'lead-charge', 1250, '2026-11'],
    ]);
    expect(business.state.assignments.map((row) => [row.priceCents, row.respondBy])).toEqual([
      [4000, '2026-11-21T15:00:00.000Z'],
      [1250, '2026-11-21T15:00:00.000Z'],
    ]);
  });

  it('sells a lead exclusively to one contractor at the exclusive price, and to nobody after that', async () => {
    const { business, deps } = setUp({
      contractors: [makeContractor({ id: 'c-1', price: 30 }), makeContractor({ id: 'c-2', exclusivePrice: 90 })],
    });
    const exclusive = (contractorIds: string[]) =>
      assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds, actorId: null, exclusive: true });
    await expect(exclusive(['c-1', 'c-2'])).rejects.toThrow(ADMIN_MESSAGES.exclusiveNeedsOne);
    await exclusive(['c-1']);
    expect(business.state.ledger[0].amountCents).toBe(6000);
    expect(business.state.assignments[0].exclusive).toBe(true);
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds: ['c-2'], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.soldExclusive('Contractor c-1'));

    const other = setUp({ contractors: [makeContractor({ id: 'c-1' }), makeContractor({ id: 'c-2', exclusivePrice: 90 })] });
    await assignLead(other.business.assignments(), other.deps, {
      leadId: 'lead-1',
      method: 'manual',
      contractorIds: ['c-1'],
      actorId: null,
    });
    await expect(
      assignLead(other.business.assignments(), other.deps, {
        leadId: 'lead-1',
        method: 'manual',
        contractorIds: ['c-2'],
        actorId: null,
        exclusive: true,
      }),
    ).rejects.toThrow(ADMIN_MESSAGES.exclusiveAlreadyShared);
  });

  it('skips a contractor at a monthly lead or spend cap in the automatic methods, and names the cap to the admin', async () => {
    const contractors = [
      makeContractor({ id: 'c-1', leadsReceived: 0, monthlyLeadCap: 1 }),
      makeContractor({ id: 'c-2', leadsReceived: 1, monthlySpendCap: 30, price: 25 }),
      makeContractor({ id: 'c-3', leadsReceived: 5 }),
    ];
    const { business, deps } = setUp({ contractors, leads: ['l-1', 'l-2', 'l-3'].map((id) => makeLead({ id })) });
    const next = async (leadId: string) =>
      (await assignLead(business.assignments(), deps, { leadId, method: 'next-in-line', contractorIds: [], actorId: null })).assigned[0]
        .contractorId;
    expect(await next('l-1')).toBe('c-1');
    // c-1 is at its lead cap now, so next in line passes it by.
    expect(await next('l-2')).toBe('c-2');
    // c-2 spent $25 of $30: another $25 lead would exceed it.
    expect(await next('l-3')).toBe('c-3');
    business.state.leads.push(makeLead({ id: 'l-4' }));
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'l-4', method: 'manual', contractorIds: ['c-1'], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.notEligibleBecause('Contractor c-1', ADMIN_MESSAGES.monthlyLeadCapReached(1)));
    await expect(
      assignLead(business.assignments(), deps, { leadId: 'l-4', method: 'manual', contractorIds: ['c-2'], actorId: null }),
    ).rejects.toThrow(ADMIN_MESSAGES.notEligibleBecause('Contractor c-2', ADMIN_MESSAGES.monthlySpendCapReached(30)));
  });

  it('refuses a lead without the homeowner’s consent, and a deleted account’s lead, on every path', async () => {
    for (const lead of [
      makeLead({ id: 'lead-1', consent_at: null }),
      makeLead({ id: 'lead-1', email: 'deleted-user-x@anonymised.invalid' }),
    ]) {
      const { business, deps } = setUp({ leads: [lead], settings: { auto_assignment: 'round-robin' } });
      const message = lead.consent_at ? ADMIN_MESSAGES.accountDeleted : ADMIN_MESSAGES.noConsent;
      await expect(
        assignLead(business.assignments(), deps, { leadId: 'lead-1', method: 'manual', contractorIds: ['c-a'], actorId: null }),
      ).rejects.toThrow(message);
      expect(await autoAssignOnQuote(business.assignments(), 'lead-1', deps)).toEqual({
        assigned: false,
        reason: 'no-eligible-contractor',
      });
      expect(business.state.assignments).toEqual([]);
    }
  });

  it('previews who each automatic method would pick, and why a contractor is not eligible', async () => {
    const contractors = [
      makeContractor({ id: 'c-1', monthlyLeadCap: 0 }),
      makeContractor({ id: 'c-2', leadsReceived: 3 }),
      makeContractor({ id: 'c-3' }),
    ];
    const { business, deps } = setUp({ contractors, settings: { round_robin_last_contractor_id: 'c-2' } });
    const preview = await previewAssignment(business.assignments(), deps, 'lead-1', false);
    expect(preview).toMatchObject({
      problem: null,
      maxContractors: 4,
      activeCount: 0,
      roundRobin: { id: 'c-3' },
      nextInLine: { id: 'c-3' },
    });
    expect(preview.contractors.map((row) => [row.id, row.problem])).toEqual([
      ['c-1', ADMIN_MESSAGES.monthlyLeadCapReached(0)],
      ['c-2', null],
      ['c-3', null],
    ]);
    expect((await previewAssignment(business.assignments(), deps, 'lead-1', true)).contractors[1].priceCents).toBe(5000);
  });
});

describe('reassignOverdue', () => {
  it('gives a late contractor’s lead to the next in line and credits the late charge, with the setting on', async () => {
    const { business, deps, mailQueued } = setUp({ settings: { auto_reassign: true } });
    await assignLead(
      business.assignments(),
      { ...deps, now: () => new Date('2026-11-19T10:00:00.000Z') },
      {
        leadId: 'lead-1',
        method: 'manual',
        contractorIds: ['c-a'],
        actorId: null,
      },
    );
    const outcomes = await reassignOverdue(business.assignments(), deps);
    expect(outcomes).toEqual([{ assignmentId: business.state.assignments[0].id, leadId: 'lead-1', reassignedTo: 'c-b' }]);
    expect(business.state.assignments.map((row) => [row.contractorId, row.state])).toEqual([
      ['c-a', 'expired'],
      ['c-b', 'active'],
    ]);
    expect(business.state.ledger.map((entry) => [entry.contractorId, entry.kind, entry.amountCents])).toEqual([
      ['c-a', 'lead-charge', 2500],
      ['c-a', 'late-credit', -2500],
      ['c-b', 'lead-charge', 2500],
    ]);
    expect(business.lead('lead-1').assigned_contractor_id).toBe('c-b');
    // The new contractor's lead email, and the late one's notice that it was reassigned and credited.
    expect(business.state.notifications.map((row) => [row.contractorId, row.assignmentId.startsWith('reassigned:')])).toEqual([
      ['c-a', false],
      ['c-b', false],
      ['c-a', true],
    ]);
    expect(mailQueued).toHaveLength(2);
    // Nothing more is overdue: a second run changes nothing.
    expect(await reassignOverdue(business.assignments(), deps)).toEqual([]);
  });

  it('leaves overdue assignments alone with the setting off, and when nobody else may take the lead', async () => {
    const late = { ...setUp(), at: { now: () => new Date('2026-11-19T10:00:00.000Z') } };
    await assignLead(
      late.business.assignments(),
      { ...late.deps, ...late.at },
      { leadId: 'lead-1', method: 'manual', contractorIds: ['c-a'], actorId: null },
    );
    expect(await reassignOverdue(late.business.assignments(), late.deps)).toEqual([]);

    const alone = setUp({ contractors: [makeContractor({ id: 'c-a' })], settings: { auto_reassign: true } });
    await assignLead(
      alone.business.assignments(),
      { ...alone.deps, ...late.at },
      { leadId: 'lead-1', method: 'manual', contractorIds: ['c-a'], actorId: null },
    );
    const [outcome] = await reassignOverdue(alone.business.assignments(), alone.deps);
    expect(outcome.reassignedTo).toBeNull();
    expect(alone.business.state.assignments[0].state).toBe('active');
    expect(alone.business.state.ledger).toHaveLength(1);
  });
});
