// Automatic assignment under load: many requests at once, as parallel app.inject calls. Round robin must
// give every turn exactly once and in order; next in line must keep the counts level; one lead asked for
// many times at once must never go twice to one contractor.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickNextInLine } from '#server/modules/assignments/contractor-selection';
import { byCodePoint, createBackOfficeApp, insertContractor, insertLead, type BackOfficeHarness } from './admin-harness';

let harness: BackOfficeHarness;
const assign = (payload: object) =>
  harness.app.inject({ method: 'POST', url: '/api/leads/assign-manually', headers: harness.admin.headers, payload });

beforeAll(async () => {
  harness = await createBackOfficeApp();
});
afterAll(() => harness.close());

describe('concurrent automatic assignment', () => {
  it('rotates 50 simultaneous round-robin requests over 3 contractors with no turn skipped or repeated', async () => {
    const { db } = harness;
    const contractors = [randomUUID(), randomUUID(), randomUUID()].sort(byCodePoint);
    for (const [index, id] of contractors.entries()) await insertContractor(db, { id, name: `Rotation ${index}`, zips: ['01701'] });
    // Not eligible: inactive, or serving other ZIP codes.
    await insertContractor(db, { zips: ['01701'], is_active_subscriber: false });
    await insertContractor(db, { zips: ['01702'] });
    const leads: string[] = [];
    for (let index = 0; index < 50; index += 1) leads.push(await insertLead(db, { zip: '01701' }));

    const responses = await Promise.all(leads.map((leadId) => assign({ leadId, assignmentMethod: 'round-robin' })));
    expect(responses.map((response) => response.statusCode)).toEqual(leads.map(() => 200));

    const rows = await db.selectFrom('assignments').select(['lead_id', 'contractor_id']).where('lead_id', 'in', leads).execute();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row.lead_id)).size).toBe(50);
    const perContractor = contractors.map((id) => rows.filter((row) => row.contractor_id === id).length);
    // ceil(50/3) for the first two in the rotation, floor(50/3) for the third.
    expect(perContractor).toEqual([17, 17, 16]);
    const counters = await db.selectFrom('contractors').select(['id', 'leads_received_count']).where('id', 'in', contractors).execute();
    expect(contractors.map((id) => counters.find((row) => row.id === id)!.leads_received_count)).toEqual([17, 17, 16]);

    // Each assignment's history line carries its turn number: turns 1..50 each once, in rotation order.
    const history = await db.selectFrom('lead_status_changes').select(['lead_id', 'note']).where('lead_id', 'in', leads).execute();
    const turns = history.map((change) => {
      const turn = Number(/round-robin turn (\d+)/.exec(change.note ?? '')![1]);
      return { turn, contractor: rows.find((row) => row.lead_id === change.lead_id)!.contractor_id };
    });
    turns.sort((a, b) => a.turn - b.turn);
    expect(turns.map((entry) => entry.turn)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(turns.map((entry) => entry.contractor)).toEqual(turns.map((_, index) => contractors[index % 3]));

    const settings = await db
      .selectFrom('assignment_settings')
      .select(['round_robin_last_contractor_id', 'round_robin_turn'])
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({ round_robin_last_contractor_id: contractors[49 % 3], round_robin_turn: 50 });

    // The rotation carries on from where it stopped.
    const next = await assign({ leadId: await insertLead(db, { zip: '01701' }), assignmentMethod: 'round-robin' });
    expect(next.json().assignments[0].contractorId).toBe(contractors[50 % 3]);
  });

  it('keeps next-in-line level under 30 simultaneous requests', async () => {
    const { db } = harness;
    const start = [5, 0, 2];
    const contractors = [randomUUID(), randomUUID(), randomUUID()].sort(byCodePoint);
    for (const [index, id] of contractors.entries())
      await insertContractor(db, { id, zips: ['01760'], leads_received_count: start[index] });
    const leads: string[] = [];
    for (let index = 0; index < 30; index += 1) leads.push(await insertLead(db, { zip: '01760' }));

    const responses = await Promise.all(leads.map((leadId) => assign({ leadId, assignmentMethod: 'next-in-line' })));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);

    // What 30 one-at-a-time picks give, whatever order the requests ran in.
    const expected = contractors.map((id, index) => ({ id, leads_received_count: start[index] }));
    for (let index = 0; index < 30; index += 1) pickNextInLine(expected)!.leads_received_count += 1;
    const counters = await db.selectFrom('contractors').select(['id', 'leads_received_count']).where('id', 'in', contractors).execute();
    expect(contractors.map((id) => counters.find((row) => row.id === id)!.leads_received_count)).toEqual(
      expected.map((entry) => entry.leads_received_count),
    );
    expect(expected.map((entry) => entry.leads_received_count)).toEqual([13, 12, 12]);
    const rows = await db.selectFrom('assignments').select('lead_id').where('lead_id', 'in', leads).execute();
    expect(rows).toHaveLength(30);
  });

  it('never gives one lead twice to a contractor, however many requests arrive at once', async () => {
    const { db } = harness;
    const contractors = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of contractors) await insertContractor(db, { id, zips: ['01745'] });
    const leadId = await insertLead(db, { zip: '01745' });

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        assign(index % 2 ? { leadId, assignmentMethod: 'round-robin' } : { leadId, contractorIds: [contractors[index % 3]] }),
      ),
    );
    const rows = await db.selectFrom('assignments').select('contractor_id').where('lead_id', '=', leadId).execute();
    expect(rows.map((row) => row.contractor_id).sort()).toEqual([...contractors].sort());
    expect(responses.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
    const assignedNow = responses.flatMap((response) => (response.statusCode === 200 ? response.json().assignments : []));
    expect(assignedNow).toHaveLength(3);
    expect(await db.selectFrom('mail_outbox').select('id').where('lead_id', '=', leadId).execute()).toHaveLength(3);
  });
});
