// What the assignment rules read and write, as one store bound to one transaction (db/unit-of-work.ts).
// The database store below calls the repositories; the service's tests use an in-memory one
// (tests/fakes/assignment-store.ts), so every rule is checked without a database.
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import { transactional, type UnitOfWork } from '#server/db/unit-of-work';
import { changeLeadStatus, findLead, lockLead, type StatusChangeRecord } from '#server/modules/leads/leads.repository';
import { countLeadReceived } from '#server/modules/contractors/contractor-counters';
import { findContractor } from '#server/modules/contractors/contractors.repository';
import { lockAssignmentSettings, recordRoundRobinTurn } from './assignment-settings.repository';
import { findAssignedContractorIds, insertAssignment, type NewAssignment } from './assignments.repository';
import { findEligibleContractors, type EligibleContractor } from './contractor-selection';
import { loadLeadContext, queueLeadNotification, type NotificationDeps } from './lead-notification';

export type AssignmentSettings = Awaited<ReturnType<typeof lockAssignmentSettings>>;

export type AssignmentStore = {
  /** Reads the settings row and holds it until the transaction ends: every assignment takes it first. */
  lockSettings: () => Promise<AssignmentSettings>;
  recordRoundRobinTurn: (contractorId: string, turn: number, now: Date) => Promise<void>;
  findLead: (leadId: string) => Promise<Lead | undefined>;
  /** Reads the lead and holds it, as a status change does, so both lock the lead before contractor rows. */
  lockLead: (leadId: string) => Promise<Lead | undefined>;
  assignedContractorIds: (leadId: string) => Promise<string[]>;
  eligibleContractors: (zip: string) => Promise<EligibleContractor[]>;
  contractorName: (contractorId: string) => Promise<string | undefined>;
  addAssignment: (assignment: NewAssignment) => Promise<void>;
  countLeadReceived: (contractorId: string, now: Date) => Promise<void>;
  /** Queues the new-lead emails of one assignment call, one per contractor, in this transaction. */
  queueNotifications: (lead: Lead, notices: Array<{ contractor: EligibleContractor; assignmentId: string }>, now: Date) => Promise<void>;
  changeLeadStatus: (change: StatusChangeRecord) => Promise<void>;
};

function databaseAssignmentStore(trx: Db, notification: NotificationDeps): AssignmentStore {
  return {
    lockSettings: () => lockAssignmentSettings(trx),
    recordRoundRobinTurn: (contractorId, turn, now) => recordRoundRobinTurn(trx, contractorId, turn, now),
    findLead: (leadId) => findLead(trx, leadId),
    lockLead: (leadId) => lockLead(trx, leadId),
    assignedContractorIds: (leadId) => findAssignedContractorIds(trx, leadId),
    eligibleContractors: (zip) => findEligibleContractors(trx, zip),
    contractorName: async (contractorId) => (await findContractor(trx, contractorId))?.name,
    addAssignment: (assignment) => insertAssignment(trx, assignment),
    countLeadReceived: (contractorId, now) => countLeadReceived(trx, contractorId, now),
    async queueNotifications(lead, notices, now) {
      // Read once for all of them: the lead's town and its before/after images.
      const context = await loadLeadContext(trx, lead);
      for (const { contractor, assignmentId } of notices)
        await queueLeadNotification(trx, notification, { lead, context, contractor, assignmentId, now });
    },
    changeLeadStatus: (change) => changeLeadStatus(trx, change),
  };
}

/** Assignments on the database, one transaction per call. */
export const assignmentsOn = (db: Db, notification: NotificationDeps): UnitOfWork<AssignmentStore> =>
  transactional(db, (trx) => databaseAssignmentStore(trx, notification));
