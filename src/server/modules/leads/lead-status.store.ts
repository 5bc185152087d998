// What a status change reads and writes, as one store bound to one transaction (db/unit-of-work.ts). The
// database store calls the repositories; the service's tests use an in-memory one (tests/fakes).
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import { transactional, type UnitOfWork } from '#server/db/unit-of-work';
import { countConversion } from '#server/modules/contractors/contractor-counters';
import { findOwnAssignment, recordContractorResponse, type ContractorAssignment } from '#server/modules/assignments/assignments.repository';
import { changeLeadStatus, lockLead, type StatusChangeRecord } from './leads.repository';

export type LeadStatusStore = {
  /** Reads the lead and holds it, so two changes of one lead happen one after the other. */
  lockLead: (leadId: string) => Promise<Lead | undefined>;
  /** The contractor's own assignment of the lead: null without a contractor record, undefined without an assignment. */
  findOwnAssignment: (leadId: string, contractorUserId: string) => Promise<ContractorAssignment | null | undefined>;
  changeLeadStatus: (change: StatusChangeRecord) => Promise<void>;
  countConversion: (contractorId: string, change: 1 | -1, now: Date) => Promise<void>;
  /** The contractor's first action on an assignment is their response; later ones change nothing. */
  recordContractorResponse: (assignment: ContractorAssignment, now: Date) => Promise<void>;
};

/** Status changes on the database, one transaction per call. */
export const leadStatusOn = (db: Db): UnitOfWork<LeadStatusStore> =>
  transactional(db, (trx) => ({
    lockLead: (leadId) => lockLead(trx, leadId),
    findOwnAssignment: (leadId, contractorUserId) => findOwnAssignment(trx, leadId, contractorUserId),
    changeLeadStatus: (change) => changeLeadStatus(trx, change),
    countConversion: (contractorId, change, now) => countConversion(trx, contractorId, change, now),
    recordContractorResponse: (assignment, now) => recordContractorResponse(trx, assignment, now),
  }));
