// The dossier over another screen (the admin Leads tab opens it): a Modal around the live dossier card,
// given a lead id or a lead row. The card's buttons live in the Modal's footer, so Export PDF, Email
// Contractor and Assign Partner stay on screen on a phone while the dossier scrolls.
import type { AdminLeadRow as AdminLead } from '#shared/lead-row.schema';
import { Modal } from '#web/components/ui/modal';
import { LeadDossierPanel } from './lead-dossier-panel';

type Props = {
  /** A lead id, or the admin table's row (then Assign Partner opens with that row as it is). */
  lead: string | AdminLead;
  onClose: () => void;
  /** Called after an assignment from the dossier, so the opening screen can reload. */
  onChanged?: () => void;
};

export function LeadDossierDialog({ lead, onClose, onChanged }: Props) {
  const leadId = typeof lead === 'string' ? lead : lead.id;
  const row = typeof lead === 'string' ? undefined : lead;
  return (
    <LeadDossierPanel
      leadId={leadId}
      adminRow={row}
      onChanged={onChanged}
      frame={(dossier, actionBar) => (
        <Modal open onOpenChange={(open) => !open && onClose()} title="Lead Dossier" width="max-w-3xl" footer={actionBar}>
          {dossier}
        </Modal>
      )}
    />
  );
}
