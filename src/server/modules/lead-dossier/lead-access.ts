// Who may see one lead: an admin any lead, a contractor only a lead assigned to them. Every dossier,
// PDF, image and insight route starts here. Another contractor's lead answers 404, as if it did not
// exist, so a contractor cannot even learn which lead ids are real.
import type { CurrentUser } from '#shared/api';
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import { forbidden, notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';
import { findLead, findLeadAssignedToUser } from '#server/modules/leads/leads.repository';

export async function leadForViewer(db: Db, viewer: CurrentUser, leadId: string): Promise<Lead> {
  if (viewer.role !== 'admin' && viewer.role !== 'contractor') throw forbidden();
  const lead = viewer.role === 'admin' ? await findLead(db, leadId) : await findLeadAssignedToUser(db, leadId, viewer.id);
  if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
  return lead;
}
