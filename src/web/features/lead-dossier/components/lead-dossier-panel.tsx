// A real lead's dossier card: loads the dossier and wires the buttons to the server. Export PDF for
// admins and the assigned contractor; Email Contractor and Assign Partner for admins only (the server
// checks the same); insight notes for both.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useAction } from '#web/components/ui/toast';
import type { LeadDossier } from '#shared/lead-dossier';
import { AssignLeadDialog, type AssignableLead } from '#web/features/admin';
import type { AdminLeadRow as AdminLead } from '#shared/lead-row.schema';
import { useCurrentUser } from '#web/features/auth';
import { addInsight } from '../api/add-insight';
import { downloadDossierPdf } from '../api/download-dossier-pdf';
import { emailDossier } from '../api/email-dossier';
import { dossierQuery } from '../api/get-dossier';
import { DossierActionBar, LeadDossierCard, type DossierActions } from './lead-dossier-card';

/** What the assign dialog needs, from the admin table's row when there is one, else from the dossier. */
function assignableLead(dossier: LeadDossier, row?: AdminLead): AssignableLead {
  if (row) return row;
  return {
    id: dossier.id,
    name: dossier.name,
    email: dossier.email,
    phone: dossier.phone,
    zip: dossier.zipCode,
    room_type: dossier.roomType,
    style: dossier.style,
    wants_quote: dossier.wantsQuote,
    created_at: dossier.createdAt ?? new Date().toISOString(),
    probability_to_close_score: dossier.probabilityToCloseScore,
    assigned_contractor_id: dossier.assignedContractorId,
  };
}

type Props = {
  leadId: string;
  adminRow?: AdminLead;
  onChanged?: () => void;
  /**
   * Puts the dossier in a frame that shows the card's buttons itself (the dialog's sticky footer). The
   * action bar is null while the dossier loads or failed. Without a frame the card shows its own buttons.
   */
  frame?: (dossier: ReactNode, actionBar: ReactNode) => ReactNode;
};

export function LeadDossierPanel({ leadId, adminRow, onChanged, frame }: Props) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const dossier = useQuery(dossierQuery(leadId));
  const { error, run } = useAction();
  const [busy, setBusy] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const isAdmin = user?.role === 'admin';
  const reload = () => queryClient.invalidateQueries({ queryKey: dossierQuery(leadId).queryKey });

  const framed = (content: ReactNode, actionBar: ReactNode) => (frame ? frame(content, actionBar) : content);
  if (dossier.isPending) return framed(<p className="py-6 text-center text-stone-600">Loading ...</p>, null);
  if (dossier.error)
    return framed(
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-700">
        {dossier.error.message}
      </p>,
      null,
    );

  async function emailContractor() {
    setBusy(true);
    await run(
      () => emailDossier(leadId),
      (result) => result.message,
    );
    setBusy(false);
  }

  const actions: DossierActions = {
    busy,
    error,
    onExportPdf: () => downloadDossierPdf(leadId),
    onAddInsight: async (body) => {
      await addInsight(leadId, body);
      await reload();
    },
    ...(isAdmin ? { onEmailContractor: () => void emailContractor(), onAssignPartner: () => setAssigning(true) } : {}),
  };
  return framed(
    <>
      <LeadDossierCard dossier={dossier.data} actions={actions} showActions={!frame} />
      {assigning && (
        <AssignLeadDialog
          lead={assignableLead(dossier.data, adminRow)}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            void reload();
            onChanged?.();
          }}
        />
      )}
    </>,
    <DossierActionBar actions={actions} />,
  );
}
