// What the assignment rules read and write, as one store bound to one transaction (db/unit-of-work.ts).
// The database store below calls the repositories; the service's tests use an in-memory one
// (tests/fakes/lead-business-store.ts), so every rule is checked without a database.
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import { transactional, type UnitOfWork } from '#server/db/unit-of-work';
import { monthBounds } from '#server/http/date-window';
import { changeLeadStatus, findLead, lockLead, type StatusChangeRecord } from '#server/modules/leads/leads.repository';
import { countLeadReceived } from '#server/modules/contractors/contractor-counters';
import { findContractor } from '#server/modules/contractors/contractors.repository';
import { appendLedgerEntry, monthlyLeadSpend, type NewLedgerEntry } from '#server/modules/ledger/ledger.repository';
import { lockAssignmentSettings, recordRoundRobinTurn } from './assignment-settings.repository';
import {
  countLeadsReceived,
  expireAssignment,
  findLeadAssignments,
  findOverdueAssignments,
  insertAssignment,
  type LeadAssignment,
  type NewAssignment,
  type OverdueAssignment,
} from './assignments.repository';
import { findEligibleContractors, type EligibleContractor, type MonthlyUsage } from './contractor-selection';
import { loadLeadContext, queueLeadNotification, queueReassignedNotice, type NotificationDeps } from './lead-notification';

export type AssignmentSettings = Awaited<ReturnType<typeof lockAssignmentSettings>>;

export type AssignmentStore = {
  /** Reads the settings row and holds it until the transaction ends: every assignment takes it first. */
  lockSettings: () => Promise<AssignmentSettings>;
  recordRoundRobinTurn: (contractorId: string, turn: number, now: Date) => Promise<void>;
  findLead: (leadId: string) => Promise<Lead | undefined>;
  /** Reads the lead and holds it, as a status change does, so both lock the lead before contractor rows. */
  lockLead: (leadId: string) => Promise<Lead | undefined>;
  /** Everyone who has or had the lead (an expired assignment included). */
  leadAssignments: (leadId: string) => Promise<LeadAssignment[]>;
  eligibleContractors: (zip: string) => Promise<EligibleContractor[]>;
  /** What each contractor took in the month ('YYYY-MM'): active leads and net spend on leads. */
  monthlyUsage: (contractorIds: string[], period: string) => Promise<Map<string, MonthlyUsage>>;
  contractorName: (contractorId: string) => Promise<string | undefined>;
  addAssignment: (assignment: NewAssignment) => Promise<void>;
  countLeadReceived: (contractorId: string, now: Date) => Promise<void>;
  /** Queues the new-lead emails of one assignment call, one per contractor; answers each one's outbox id. */
  queueNotifications: (
    lead: Lead,
    notices: Array<{ contractor: EligibleContractor; assignmentId: string }>,
    now: Date,
  ) => Promise<string[]>;
  changeLeadStatus: (change: StatusChangeRecord) => Promise<void>;
  appendLedgerEntry: (entry: NewLedgerEntry) => Promise<boolean>;
  overdueAssignments: (now: string) => Promise<OverdueAssignment[]>;
  /** Takes a late assignment's lead away if it is still active and not contacted; true when it did. */
  expireAssignment: (assignmentId: string) => Promise<boolean>;
  /** Tells the late contractor their lead was reassigned and credited. */
  queueReassignedNotice: (late: OverdueAssignment, now: Date) => Promise<void>;
};

function databaseAssignmentStore(trx: Db, notification: NotificationDeps): AssignmentStore {
  return {
    lockSettings: () => lockAssignmentSettings(trx),
    recordRoundRobinTurn: (contractorId, turn, now) => recordRoundRobinTurn(trx, contractorId, turn, now),
    findLead: (leadId) => findLead(trx, leadId),
    lockLead: (leadId) => lockLead(trx, leadId),
    leadAssignments: (leadId) => findLeadAssignments(trx, leadId),
    eligibleContractors: (zip) => findEligibleContractors(trx, zip),
    async monthlyUsage(contractorIds, period) {
      const bounds = monthBounds(period)!;
      const [leads, spend] = await Promise.all([
        countLeadsReceived(trx, contractorIds, bounds.start.toISOString(), bounds.end.toISOString()),
        monthlyLeadSpend(trx, contractorIds, period),
      ]);
      return new Map(contractorIds.map((id) => [id, { leads: leads.get(id) ?? 0, spendCents: spend.get(id) ?? 0 }]));
    },
    contractorName: async (contractorId) => (await findContractor(trx, contractorId))?.name,
    addAssignment: (assignment) => insertAssignment(trx, assignment),
    countLeadReceived: (contractorId, now) => countLeadReceived(trx, contractorId, now),
    async queueNotifications(lead, notices, now) {
      // Read once for all of them: the lead's town and its before/after images.
      const context = await loadLeadContext(trx, lead);
      const ids: string[] = [];
      for (const { contractor, assignmentId } of notices)
        ids.push(await queueLeadNotification(trx, notification, { lead, context, contractor, assignmentId, now }));
      return ids;
    },
    changeLeadStatus: (change) => changeLeadStatus(trx, change),
    appendLedgerEntry: (entry) => appendLedgerEntry(trx, entry),
    overdueAssignments: (now) => findOverdueAssignments(trx, now),
    expireAssignment: (assignmentId) => expireAssignment(trx, assignmentId),
    queueReassignedNotice: (late, now) =>
      queueReassignedNotice(trx, notification, {
        contractorId: late.contractor_id,
        leadId: late.lead_id,
        roomType: late.room_type,
        zip: late.zip,
        respondBy: late.respond_by,
        creditCents: late.price_cents,
        now,
      }),
  };
}

/** Assignments on the database, one transaction per call. */
export const assignmentsOn = (db: Db, notification: NotificationDeps): UnitOfWork<AssignmentStore> =>
  transactional(db, (trx) => databaseAssignmentStore(trx, notification));
