// Who may see one lead: an admin any lead, a contractor only a lead assigned to them. Every dossier,
// PDF, image and insight route starts here. Another contractor's lead answers 404, as if it did not
// exist, so a contractor cannot even learn which lead ids are real.
import type { CurrentUser } from '#shared/api';
import type { Db } from '#server/db/database';
import type { Lead } from '#server/db/schema';
import { forbidden, notFound } from '#server/http/errors';
import { ADMIN_MESSAGES } from '#shared/messages';

export async function leadForViewer(db: Db, viewer: CurrentUser, leadId: string): Promise<Lead> {
  if (viewer.role === 'admin') {
    const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst();
    if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
    return lead;
  }
  if (viewer.role !== 'contractor') throw forbidden();
  const lead = await db
    .selectFrom('leads')
    .selectAll('leads')
    .where('leads.id', '=', leadId)
    // The ownership check is part of the query: no row, no lead.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('assignments')
          .innerJoin('contractors', 'contractors.id', 'assignments.contractor_id')
          .select('assignments.id')
          .whereRef('assignments.lead_id', '=', 'leads.id')
          .where('contractors.user_id', '=', viewer.id),
      ),
    )
    .executeTakeFirst();
  if (!lead) throw notFound(ADMIN_MESSAGES.leadNotFound);
  return lead;
}
