// A lead's details for its contractor: contact, project, score, quote wish, before and after images,
// 'Send Email' and 'Call Now' links, the status update with an optional note, the response deadline, a
// dispute of a bad lead (issue 21), and the lead's dossier card.
import { useState } from 'react';
import { FormMessage, TextArea } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
import { Modal } from '#web/components/ui/modal';
import { priorityBand, Badge, EmailConfirmationBadge, formatDateTime } from '#web/components/ui/back-office';
import { LeadDossierPanel } from '#web/features/lead-dossier';
import type { ContractorLeadRow as ContractorLead } from '#shared/lead-row.schema';
import { updateLeadStatus } from '../api/update-lead-status';
import { DISPUTE_REASON_LABELS, DISPUTE_REASONS, LEAD_BUSINESS, roomTypeLabel, type DisputeReason } from '#shared/constants';
import { formatCents } from '#shared/money';
import { disputeLead } from '../api/dispute-lead';

const CONTRACTOR_STATUSES = ['contacted', 'quoted', 'converted', 'dead'] as const;

export function LeadDetailsDialog({
  lead,
  onClose,
  onChanged,
}: {
  lead: ContractorLead;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const { error, run } = useAction();
  const [note, setNote] = useState('');
  const priority = priorityBand(lead.lead_score, 'Low Priority');
  const subject = encodeURIComponent(`Your ${lead.room_type ?? 'renovation'} project in ${lead.zip}`);
  const body = encodeURIComponent(
    `Hi ${lead.name ?? 'there'},\n\nThank you for your interest in a ${lead.style ?? ''} ${lead.room_type ?? 'renovation'}. I'd be glad to talk about your project.\n\n`,
  );

  async function setStatus(status: (typeof CONTRACTOR_STATUSES)[number]) {
    if (!(await run(() => updateLeadStatus(lead.id, status, note.trim() || undefined), `Marked as ${status}.`)).ok) return;
    // The dialog closes once the list shows the change, so an export right after it is never stale.
    await onChanged();
    onClose();
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={lead.name || 'Homeowner'}
      width="max-w-3xl"
      // Reaching the homeowner is the point of the lead: those actions stay on screen however long the details.
      footer={
        <div className="flex flex-wrap gap-2">
          <a
            href={`mailto:${lead.email}?subject=${subject}&body=${body}`}
            className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
          >
            Send Email
          </a>
          {lead.phone && (
            <a
              href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}
              className="rounded-lg border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50"
            >
              Call Now
            </a>
          )}
        </div>
      }
    >
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <div className="space-y-1">
          <p>
            <strong>Email:</strong> {lead.email} <EmailConfirmationBadge confirmed={lead.email_confirmed} />
          </p>
          <p>
            <strong>Phone:</strong> {lead.phone || 'N/A'}
          </p>
          <p>
            <strong>Location:</strong> ZIP {lead.zip}
          </p>
          <p>
            <strong>Project:</strong> {roomTypeLabel(lead.room_type)} - {lead.style}
          </p>
          {lead.timeline && (
            <p>
              <strong>Timeline:</strong> {lead.timeline}
            </p>
          )}
          {lead.budget && (
            <p>
              <strong>Budget:</strong> {lead.budget}
            </p>
          )}
          <p>
            <strong>Wants quote:</strong> {lead.wants_quote ? 'Yes' : 'No'}
          </p>
          <p>
            <Badge className={priority.className}>{priority.label}</Badge> Score {lead.lead_score}
          </p>
          {lead.notes && (
            <p>
              <strong>Notes:</strong> {lead.notes}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2">
          {lead.image_url && (
            <figure>
              <img src={lead.image_url} alt="Before" className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-contain" />
              <figcaption>Before</figcaption>
            </figure>
          )}
          {lead.ai_url && (
            <figure>
              <img
                src={lead.ai_url}
                alt={`The redesign: ${lead.ai_label}`}
                className="aspect-[4/3] w-full rounded-lg bg-stone-100 object-contain"
              />
              <figcaption>{lead.ai_label}</figcaption>
            </figure>
          )}
        </div>
      </div>
      <p className={`mt-4 text-sm ${lead.overdue ? 'font-semibold text-red-700' : 'text-stone-600'}`} data-testid="respond-by">
        {lead.overdue ? 'Overdue: ' : ''}
        {/* The deadline matters until the first status change, which is the response. */}
        {lead.respond_by && (lead.status === 'new' || lead.status === 'assigned')
          ? `Mark it contacted by ${formatDateTime(lead.respond_by)}.`
          : ''}{' '}
        This lead cost {formatCents(lead.price_cents)}
        {lead.exclusive ? ' (exclusive)' : ''}.
      </p>
      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-stone-700">Update status (now: {lead.status})</legend>
        <div className="mt-2">
          <TextArea
            label="Note (optional)"
            id={`status-note-${lead.id}`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={2000}
          />
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          {CONTRACTOR_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              aria-label={`Mark as ${status}`}
              onClick={() => void setStatus(status)}
              className="rounded-lg px-3 py-1.5 capitalize ring-1 ring-stone-300 hover:bg-stone-100"
            >
              {status}
            </button>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {lead.status_notes.length > 0 && (
        <section aria-labelledby={`notes-${lead.id}`} className="mt-4 text-sm">
          <h3 id={`notes-${lead.id}`} className="font-medium text-stone-700">
            Your notes
          </h3>
          <ul className="mt-1 space-y-1" data-testid="status-notes">
            {lead.status_notes.map((entry) => (
              <li key={`${entry.at}-${entry.status}`}>
                <span className="text-stone-600">
                  {new Date(entry.at).toLocaleString('en-US')} · <span className="capitalize">{entry.status}</span>:
                </span>{' '}
                {entry.note}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DisputeSection lead={lead} onChanged={onChanged} />
      <div className="mt-6">
        <LeadDossierPanel leadId={lead.id} />
      </div>
    </Modal>
  );
}

function DisputeSection({ lead, onChanged }: { lead: ContractorLead; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DisputeReason>('duplicate');
  const [details, setDetails] = useState('');
  const { error, run } = useAction();
  if (lead.dispute)
    return (
      <p className="mt-4 text-sm text-stone-700" data-testid="dispute-status">
        Disputed ({DISPUTE_REASON_LABELS[lead.dispute.reason]}): {lead.dispute.status}.
      </p>
    );

  async function submit() {
    const disputed = await run(
      () => disputeLead(lead.id, reason, details),
      (result) => result.message,
    );
    if (disputed.ok) await onChanged();
  }

  return (
    <div className="mt-4 text-sm">
      {!open ? (
        <button type="button" onClick={() => setOpen(true)} className="text-teal-800 underline">
          Dispute this lead
        </button>
      ) : (
        <fieldset className="space-y-2 rounded-lg bg-stone-50 p-3">
          <legend className="font-medium">Dispute this lead (within {LEAD_BUSINESS.disputeWindowDays} days of assignment)</legend>
          <label className="block" htmlFor={`dispute-reason-${lead.id}`}>
            Reason
            <select
              id={`dispute-reason-${lead.id}`}
              value={reason}
              onChange={(event) => setReason(event.target.value as DisputeReason)}
              className="mt-1 block w-full rounded-lg border border-stone-300 px-2 py-1"
            >
              {DISPUTE_REASONS.map((option) => (
                <option key={option} value={option}>
                  {DISPUTE_REASON_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <TextArea
            label="What is wrong (optional)"
            id={`dispute-details-${lead.id}`}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            maxLength={2000}
          />
          <button
            type="button"
            onClick={() => void submit()}
            className="rounded-lg bg-teal-700 px-3 py-1.5 font-semibold text-white hover:bg-teal-800"
          >
            Send dispute
          </button>
        </fieldset>
      )}
      {error && (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </div>
  );
}
