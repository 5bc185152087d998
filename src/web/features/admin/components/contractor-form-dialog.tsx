// The Add Contractor and Edit Contractor modals (seed 001 §2, §5): name, email, the ZIP checklist
// (hidden when serving all ZIPs), price per lead, monthly fee, active subscriber and tier; success
// shows for 2 s, then the modal closes.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { CONTRACTOR_DEFAULTS, SUBSCRIPTION_TIERS, TIMERS_MS, type SubscriptionTier } from '#shared/constants';
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { inputClass, TextInput } from '#web/components/ui/form-field';
import { Modal } from '#web/components/ui/modal';
import type { ContractorView } from '#shared/back-office.schema';
import { serviceAreaQuery } from '../api/get-service-area';
import { addContractor, type ContractorForm } from '../api/add-contractor';
import { updateContractor } from '../api/update-contractor';

export function ContractorFormDialog({
  contractor,
  onClose,
  onSaved,
}: {
  contractor: ContractorView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<ContractorForm>(
    contractor
      ? {
          name: contractor.name,
          email: contractor.email,
          assignedZipCodes: contractor.assigned_zip_codes,
          servesAllZipcodes: contractor.serves_all_zipcodes,
          pricePerLead: Number(contractor.price_per_lead),
          monthlySubscriptionFee: Number(contractor.monthly_subscription_fee),
          isActiveSubscriber: contractor.is_active_subscriber,
          subscriptionTier: contractor.subscription_tier,
          exclusivePrice: contractor.exclusive_price,
          monthlyLeadCap: contractor.monthly_lead_cap,
          monthlySpendCap: contractor.monthly_spend_cap,
        }
      : { name: '', email: '', assignedZipCodes: [], servesAllZipcodes: false, ...CONTRACTOR_DEFAULTS },
  );
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const area = useQuery(serviceAreaQuery());

  useEffect(() => {
    if (state !== 'saved') return;
    const timer = window.setTimeout(() => {
      onSaved();
      onClose();
    }, TIMERS_MS.adminModalSuccess);
    return () => window.clearTimeout(timer);
  }, [state, onSaved, onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setState('saving');
    try {
      if (contractor) {
        await updateContractor(contractor.id, {
          name: form.name,
          email: form.email,
          assigned_zip_codes: form.assignedZipCodes,
          serves_all_zipcodes: form.servesAllZipcodes,
          price_per_lead: form.pricePerLead,
          monthly_subscription_fee: form.monthlySubscriptionFee,
          is_active_subscriber: form.isActiveSubscriber,
          subscription_tier: form.subscriptionTier,
          exclusive_price: form.exclusivePrice ?? null,
          monthly_lead_cap: form.monthlyLeadCap ?? null,
          monthly_spend_cap: form.monthlySpendCap ?? null,
        });
      } else {
        await addContractor(form);
      }
      setState('saved');
    } catch (failure) {
      const fallback = contractor ? BACK_OFFICE_MESSAGES.updateContractorFailed : BACK_OFFICE_MESSAGES.addContractorFailed;
      setError(failure instanceof Error && failure.message ? failure.message : fallback);
      setState('idle');
    }
  }

  const toggleZip = (zip: string) =>
    setForm({
      ...form,
      assignedZipCodes: form.assignedZipCodes.includes(zip)
        ? form.assignedZipCodes.filter((entry) => entry !== zip)
        : [...form.assignedZipCodes, zip],
    });
  const zips = area.data?.filter((entry) => entry.active) ?? [];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={contractor ? 'Edit Contractor' : 'Add New Contractor'}
      width="max-w-2xl"
      footer={
        state === 'saved' ? undefined : (
          <button
            type="submit"
            form="contractor-form"
            disabled={state === 'saving'}
            className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
          >
            {state === 'saving' ? 'Saving...' : contractor ? 'Save Changes' : 'Add Contractor'}
          </button>
        )
      }
    >
      {state === 'saved' ? (
        <p role="status" className="rounded-lg bg-teal-50 px-3 py-3 text-teal-900">
          {contractor ? 'Contractor updated.' : 'Contractor added. An invitation email is on its way.'}
        </p>
      ) : (
        <form id="contractor-form" onSubmit={submit} className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput
              label="Name"
              id="contractor-name"
              required
              value={form.name}
              onChange={(event) => setForm({ ...form, name: event.target.value })}
            />
            <TextInput
              label="Email"
              id="contractor-email"
              type="email"
              required
              value={form.email}
              onChange={(event) => setForm({ ...form, email: event.target.value })}
            />
            <TextInput
              label="Price per lead"
              id="contractor-price"
              type="number"
              min={0}
              step={0.01}
              required
              value={form.pricePerLead}
              onChange={(event) => setForm({ ...form, pricePerLead: Number(event.target.value) })}
            />
            <TextInput
              label="Monthly subscription fee"
              id="contractor-fee"
              type="number"
              min={0}
              step={0.01}
              required
              value={form.monthlySubscriptionFee}
              onChange={(event) => setForm({ ...form, monthlySubscriptionFee: Number(event.target.value) })}
            />
            <TextInput
              label="Exclusive price (empty: twice the lead price)"
              id="contractor-exclusive-price"
              type="number"
              min={0}
              step={0.01}
              value={form.exclusivePrice ?? ''}
              onChange={(event) => setForm({ ...form, exclusivePrice: optionalNumber(event.target.value) })}
            />
            <TextInput
              label="Monthly lead cap (empty: none)"
              id="contractor-lead-cap"
              type="number"
              min={0}
              step={1}
              value={form.monthlyLeadCap ?? ''}
              onChange={(event) => setForm({ ...form, monthlyLeadCap: optionalNumber(event.target.value) })}
            />
            <TextInput
              label="Monthly spend cap (empty: none)"
              id="contractor-spend-cap"
              type="number"
              min={0}
              step={0.01}
              value={form.monthlySpendCap ?? ''}
              onChange={(event) => setForm({ ...form, monthlySpendCap: optionalNumber(event.target.value) })}
            />
            <div>
              <label htmlFor="contractor-tier" className="mb-1 block text-sm font-medium text-stone-700">
                Subscription tier
              </label>
              <select
                id="contractor-tier"
                required
                className={inputClass}
                value={form.subscriptionTier}
                onChange={(event) => setForm({ ...form, subscriptionTier: event.target.value as SubscriptionTier })}
              >
                {SUBSCRIPTION_TIERS.map((tier) => (
                  <option key={tier} value={tier}>
                    {tier}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-2 pt-6 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={form.isActiveSubscriber}
                  onChange={(event) => setForm({ ...form, isActiveSubscriber: event.target.checked })}
                  className="accent-teal-700"
                />
                Active subscriber
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={form.servesAllZipcodes}
                  onChange={(event) => setForm({ ...form, servesAllZipcodes: event.target.checked })}
                  className="accent-teal-700"
                />
                Serves all ZIP codes
              </label>
            </div>
          </div>
          {!form.servesAllZipcodes && (
            <fieldset>
              <legend className="text-sm font-medium text-stone-700">Assigned ZIP codes</legend>
              <div className="mt-2 grid max-h-48 grid-cols-2 gap-1 overflow-y-auto rounded-lg border border-stone-200 p-2 text-sm sm:grid-cols-3">
                {zips.map((entry) => (
                  <label key={entry.zip} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={form.assignedZipCodes.includes(entry.zip)}
                      onChange={() => toggleZip(entry.zip)}
                      className="accent-teal-700"
                    />
                    {entry.zip} {entry.town}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}

/** An empty number field means 'not set' (the default price, no cap). */
const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));
