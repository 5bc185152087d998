// Changing a lead's status (seed 001 §4). Admins may set any of the seven statuses on any lead; a
// contractor only on a lead assigned to them, and only to contacted, quoted, converted or dead. Every
// change goes into lead_status_changes with who and when. A contractor's first action on an assignment
// is their response (its time in hours since the assignment); a conversion counts for the contractor
// who has the lead, and an admin taking one back uncounts it.
import type { CurrentUser } from '#shared/api';
import type { LeadStatus } from '#shared/constants';
import type { UnitOfWork } from '#server/db/unit-of-work';
import { forbidden, notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';
import type { ContractorAssignment } from '#server/modules/assignments/assignments.repository';
import type { LeadStatusStore } from './lead-status.store';

export const CONTRACTOR_SETTABLE_STATUSES: readonly LeadStatus[] = ['contacted', 'quoted', 'converted', 'dead'];

export type StatusChange = { leadId: string; status: LeadStatus; note?: string | null };

/** Where status changes are read and written (leadStatusOn(db) in the app, an in-memory store in tests). */
export type LeadStatusChanges = UnitOfWork<LeadStatusStore>;

export async function updateLeadStatus(leads: LeadStatusChanges, actor: CurrentUser, change: StatusChange, now: Date): Promise<void> {
  const asContractor = actor.role === 'contractor';
  if (asContractor && !CONTRACTOR_SETTABLE_STATUSES.includes(change.status)) throw forbidden(ADMIN_MESSAGES.contractorStatusNotAllowed);
  const at = now.toISOString();
  await leads(async (store) => {
    // Held to the end, so two changes of one lead happen one after the other (SQLite serialises anyway).
    const lead = await store.lockLead(change.leadId);
    if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);

    let assignment: ContractorAssignment | undefined;
    if (asContractor) {
      const own = await store.findOwnAssignment(lead.id, actor.id);
      if (own === null) throw forbidden(ADMIN_MESSAGES.noContractorRecord);
      // Another contractor's lead answers exactly as a lead that does not exist, so ids cannot be probed.
      if (!own) throw notFound(ADMIN_MESSAGES.leadNotFound);
      assignment = own;
    }

    const note = change.note?.trim() || null;
    if (lead.status !== change.status || note) {
      // The contractor who converts a lead is the one who has it from now on.
      const holder = change.status === 'converted' && assignment ? assignment.contractor_id : lead.assigned_contractor_id;
      await store.changeLeadStatus({ lead, to: change.status, holder, byUserId: actor.id, note, at });
      if (change.status === 'converted' && lead.status !== 'converted' && holder) await store.countConversion(holder, 1, now);
      if (lead.status === 'converted' && change.status !== 'converted' && lead.assigned_contractor_id)
        await store.countConversion(lead.assigned_contractor_id, -1, now);
    }

    if (assignment) await store.recordContractorResponse(assignment, now);
  });
}
