// The assign-lead dialog (seed 001 §2): the lead's details and priority, three methods (Manual
// Selection, Round Robin, Next in Line), the eligible contractors, and the seed's texts and timers. The lead
// business (docs/lead-business.md) shows here before the admin confirms: why a lead cannot be assigned, how
// many more contractors it may go to, each contractor's price and cap, an exclusive sale, and whom each
// automatic method would pick.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { roomTypeLabel, TIMERS_MS, type AssignmentMethod } from '#shared/constants';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { Modal } from '#web/components/ui/modal';
import type { AdminLeadRow } from '#shared/lead-row.schema';
import { eligibleContractorsQuery } from '../api/get-eligible-contractors';
import { assignmentOptionsQuery } from '../api/get-assignment-options';
import { formatCents } from '#shared/money';
import { assignLead } from '../api/assign-lead';
import { Badge, formatDateTime, formatMoney, leadEmailText, priorityBand } from '#web/components/ui/back-office';

const METHODS: { value: AssignmentMethod; label: string; help: string }[] = [
  { value: 'manual', label: 'Manual Selection', help: 'Choose the contractors yourself.' },
  { value: 'round-robin', label: 'Round Robin', help: 'The next eligible contractor in rotation.' },
  { value: 'next-in-line', label: 'Next in Line', help: 'The eligible contractor with the fewest leads received.' },
];

/** What the dialog shows of a lead: a row of the Leads tab has it, and so does a lead dossier. */
export type AssignableLead = Pick<
  AdminLeadRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'zip'
  | 'room_type'
  | 'style'
  | 'wants_quote'
  | 'created_at'
  | 'probability_to_close_score'
  | 'assigned_contractor_id'
>;

export function AssignLeadDialog({ lead, onClose, onAssigned }: { lead: AssignableLead; onClose: () => void; onAssigned: () => void }) {
  const [method, setMethod] = useState<AssignmentMethod>('manual');
  const [selected, setSelected] = useState<string[]>(lead.assigned_contractor_id ? [lead.assigned_contractor_id] : []);
  const [state, setState] = useState<'idle' | 'assigning' | 'done'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exclusive, setExclusive] = useState(false);
  const eligible = useQuery(eligibleContractorsQuery(lead.zip));
  const options = useQuery(assignmentOptionsQuery(lead.id, exclusive));
  const standing = new Map((options.data?.contractors ?? []).map((option) => [option.id, option]));
  const priority = priorityBand(lead.probability_to_close_score);
  const count = method === 'manual' ? selected.length : 1;
  const remaining = options.data ? options.data.maxContractors - options.data.activeCount : null;
  const automaticPick =
    method === 'round-robin' ? options.data?.roundRobin : method === 'next-in-line' ? options.data?.nextInLine : undefined;
  const blocked =
    Boolean(options.data?.problem) ||
    (method !== 'manual' && options.data !== undefined && !automaticPick) ||
    (exclusive && method === 'manual' && selected.length !== 1);

  useEffect(() => {
    if (state !== 'done') return;
    const timer = window.setTimeout(() => {
      onAssigned();
      onClose();
    }, TIMERS_MS.assignDialogClose);
    return () => window.clearTimeout(timer);
  }, [state, onAssigned, onClose]);

  async function assign() {
    if (method === 'manual' && selected.length === 0) return setError(BACK_OFFICE_MESSAGES.selectContractor);
    setState('assigning');
    setError(null);
    try {
      const result = await assignLead(lead.id, method === 'manual' ? selected : [], method, exclusive);
      setMessage(`${result.message || 'Lead assigned.'} (${METHODS.find((entry) => entry.value === method)?.label})`);
      setState('done');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : BACK_OFFICE_MESSAGES.assignFailed);
      setState('idle');
    }
  }

  const contractors = eligible.data ?? [];
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Assign Lead"
      width="max-w-2xl"
      footer={
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2 hover:bg-stone-100">
            Cancel
          </button>
          <button
            type="button"
            disabled={state !== 'idle' || blocked || (method === 'manual' && selected.length === 0)}
            onClick={() => void assign()}
            className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {state === 'assigning' ? 'Assigning Lead...' : `Assign to ${count} Contractor(s)`}
          </button>
        </div>
      }
    >
      <div className="grid gap-2 rounded-xl bg-stone-50 p-4 text-sm sm:grid-cols-2">
        <p>
          <strong>{lead.name || 'Anonymous'}</strong> · {leadEmailText(lead.email)}
        </p>
        <p>Phone: {lead.phone || 'N/A'}</p>
        <p>
          ZIP {lead.zip} · {roomTypeLabel(lead.room_type)} · {lead.style}
        </p>
        <p>
          {lead.wants_quote ? 'Wants Quote' : 'Browsing'} · {formatDateTime(lead.created_at)}
        </p>
        <p>
          <Badge className={priority.className}>{priority.label}</Badge> Close probability {lead.probability_to_close_score}%
        </p>
      </div>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-stone-700">Assignment method</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {METHODS.map((entry) => (
            <label
              key={entry.value}
              className={`cursor-pointer rounded-xl border-2 p-3 text-sm ${method === entry.value ? 'border-teal-600 bg-teal-50' : 'border-stone-200'}`}
            >
              <input
                type="radio"
                name="assign-method"
                value={entry.value}
                checked={method === entry.value}
                onChange={() => setMethod(entry.value)}
                className="sr-only"
              />
              <span className="block font-semibold">{entry.label}</span>
              <span className="text-stone-600">{entry.help}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {options.data?.problem ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
          {options.data.problem}
        </p>
      ) : (
        remaining !== null && (
          <p className="mt-4 text-sm text-stone-700">
            This lead can go to {remaining} more {remaining === 1 ? 'contractor' : 'contractors'} (at most {options.data?.maxContractors}{' '}
            share one lead).
          </p>
        )
      )}
      <label className="mt-3 flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={exclusive}
          onChange={(event) => setExclusive(event.target.checked)}
          className="mt-1 accent-teal-700"
        />
        <span>
          <span className="font-semibold">Sell exclusively</span>
          <span className="block text-stone-600">One contractor only, at their exclusive price; nobody else gets this lead.</span>
        </span>
      </label>

      {method !== 'manual' && options.data && !options.data.problem && (
        <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm" data-testid="automatic-pick">
          {automaticPick ? (
            <>
              Will go to <strong>{automaticPick.name}</strong>
              {standing.get(automaticPick.id) && ` for ${formatCents(standing.get(automaticPick.id)!.priceCents)}`}.
            </>
          ) : (
            'No eligible contractor can take this lead now.'
          )}
        </p>
      )}

      {method === 'manual' && (
        <div className="mt-4">
          {eligible.isPending ? (
            <p className="text-stone-600">Loading ...</p>
          ) : contractors.length === 0 ? (
            <div className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
              <p className="font-semibold">{BACK_OFFICE_MESSAGES.noEligibleContractorsForZip(lead.zip)}</p>
              <p>{BACK_OFFICE_MESSAGES.eligibleContractorsHint}</p>
            </div>
          ) : (
            <ul className="max-h-64 space-y-2 overflow-y-auto" aria-label="Eligible contractors">
              {contractors.map((contractor) => {
                const option = standing.get(contractor.id);
                const unavailable = Boolean(option?.problem) && !option?.hadLead;
                return (
                  <li key={contractor.id}>
                    <label
                      className={`flex items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm ${unavailable ? 'opacity-60' : ''}`}
                    >
                      <input
                        type="checkbox"
                        disabled={unavailable}
                        checked={selected.includes(contractor.id)}
                        onChange={(event) =>
                          setSelected(event.target.checked ? [...selected, contractor.id] : selected.filter((id) => id !== contractor.id))
                        }
                        className="mt-1 accent-teal-700"
                      />
                      <span>
                        <span className="block font-semibold">{contractor.name}</span>
                        <span className="block text-stone-600">
                          {contractor.serves_all_zipcodes
                            ? 'All MetroWest'
                            : `${contractor.assigned_zip_codes.slice(0, 3).join(', ')}${contractor.assigned_zip_codes.length > 3 ? '...' : ''}`}{' '}
                          · {option ? formatCents(option.priceCents) : formatMoney(contractor.price_per_lead, 0)}
                          {exclusive ? ' exclusive' : ' per lead'} · {Number(contractor.conversion_rate).toFixed(1)}% conversion
                        </span>
                        {option?.hadLead && <span className="block text-stone-600">Already has this lead.</span>}
                        {unavailable && <span className="block font-medium text-amber-800">Not eligible: {option?.problem}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}

      <p className="mt-4 text-sm text-stone-600">
        Selected contractors get an email notification with the lead&apos;s details and images, and the lead status becomes
        &apos;assigned&apos;.
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {message && (
        <p role="status" className="mt-3 rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-900">
          {message}
        </p>
      )}
    </Modal>
  );
}
