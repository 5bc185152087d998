// Settings: automatic assignment of quote requests (off, round robin, next in line), the lead business's rules
// (contractors per lead, response deadline, automatic reassignment; docs/lead-business.md) and the service area
// (the ZIP codes the ZIP gate approves and contractors can serve). A removed ZIP is switched off, not
// deleted, because leads and contractors refer to it; adding it again switches it back on.
import { HeroSettings } from './hero-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LEAD_BUSINESS, type AutoAssignmentMode } from '#shared/constants';
import { FormMessage, TextInput } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
import { settingsQuery } from '../api/get-settings';
import { saveSettings } from '../api/save-settings';
import { serviceAreaQuery } from '../api/get-service-area';
import { addServiceAreaZip } from '../api/add-service-area-zip';
import { removeServiceAreaZip } from '../api/remove-service-area-zip';
import { TabState } from '#web/components/ui/back-office';
import { useConfirmDialog } from '#web/components/ui/confirm-dialog';

const MODES: { value: AutoAssignmentMode; label: string; hint: string }[] = [
  { value: 'off', label: 'Off', hint: 'Quote requests wait for an admin to assign them.' },
  { value: 'round-robin', label: 'Round Robin', hint: 'Each quote request goes to the next eligible contractor in turn.' },
  { value: 'next-in-line', label: 'Next in Line', hint: 'Each quote request goes to the eligible contractor with the fewest leads.' },
];

export function SettingsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AutoAssignmentSettings />
      <LeadRulesSettings />
      <ServiceAreaSettings />
      <HeroSettings />
    </div>
  );
}

function AutoAssignmentSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const { error, run } = useAction();
  // The choice shows at once; a failed save puts back what the server has.
  const [chosen, setChosen] = useState<AutoAssignmentMode | null>(null);
  const current = chosen ?? settings.data?.autoAssignment;

  async function choose(mode: AutoAssignmentMode) {
    setChosen(mode);
    if (!(await run(() => saveSettings({ autoAssignment: mode }), 'Automatic assignment saved.')).ok) return setChosen(null);
    await queryClient.invalidateQueries({ queryKey: settingsQuery().queryKey });
  }

  return (
    <section aria-labelledby="auto-assignment" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="auto-assignment" className="text-lg font-semibold">
        Automatic assignment
      </h2>
      <p className="mb-3 text-sm text-stone-600">When a homeowner asks for a quote, assign the lead automatically.</p>
      <TabState loading={settings.isPending} error={settings.error} empty={false} emptyText="">
        <fieldset className="space-y-2">
          <legend className="sr-only">Automatic assignment on quote request</legend>
          {MODES.map((mode) => (
            <label key={mode.value} className="flex cursor-pointer items-start gap-2 rounded-lg p-2 hover:bg-stone-50">
              <input
                type="radio"
                name="auto-assignment"
                value={mode.value}
                checked={current === mode.value}
                onChange={() => void choose(mode.value)}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{mode.label}</span>
                <span className="block text-sm text-stone-600">{mode.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </TabState>
      {error && (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </section>
  );
}

function LeadRulesSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const [draft, setDraft] = useState<{ max: string; hours: string; reassign: boolean } | null>(null);
  const { error, run } = useAction();
  const shown = draft ?? {
    max: String(settings.data?.maxContractorsPerLead ?? ''),
    hours: String(settings.data?.responseDeadlineHours ?? ''),
    reassign: settings.data?.autoReassign ?? false,
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const rules = { maxContractorsPerLead: Number(shown.max), responseDeadlineHours: Number(shown.hours), autoReassign: shown.reassign };
    if (!(await run(() => saveSettings(rules), 'Lead rules saved.')).ok) return;
    setDraft(null);
    await queryClient.invalidateQueries({ queryKey: settingsQuery().queryKey });
  }

  return (
    <section aria-labelledby="lead-rules" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="lead-rules" className="text-lg font-semibold">
        Lead rules
      </h2>
      <p className="mb-3 text-sm text-stone-600">How many contractors share a lead, and how fast they must answer.</p>
      <TabState loading={settings.isPending} error={settings.error} empty={false} emptyText="">
        <form onSubmit={save} className="space-y-3">
          <TextInput
            label="Contractors per lead (at most)"
            id="max-contractors"
            type="number"
            min={1}
            max={LEAD_BUSINESS.maxContractorsPerLeadLimit}
            value={shown.max}
            onChange={(event) => setDraft({ ...shown, max: event.target.value })}
          />
          <TextInput
            label="Response deadline (hours to mark a lead contacted)"
            id="deadline-hours"
            type="number"
            min={1}
            max={336}
            value={shown.hours}
            onChange={(event) => setDraft({ ...shown, hours: event.target.value })}
          />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={shown.reassign}
              onChange={(event) => setDraft({ ...shown, reassign: event.target.checked })}
              className="mt-1 accent-teal-700"
            />
            <span>
              <span className="font-medium">Reassign overdue leads automatically</span>
              <span className="block text-stone-600">The next eligible contractor gets the lead; the late one is not charged for it.</span>
            </span>
          </label>
          <button type="submit" className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800">
            Save lead rules
          </button>
        </form>
      </TabState>
      {error && (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </section>
  );
}

function ServiceAreaSettings() {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const area = useQuery(serviceAreaQuery());
  const [zip, setZip] = useState('');
  const [town, setTown] = useState('');
  const { error, run: runAction } = useAction();
  const active = (area.data ?? []).filter((row) => row.active);
  const reload = () => queryClient.invalidateQueries({ queryKey: serviceAreaQuery().queryKey });

  /** True when the change was saved (the list then reloads). */
  async function run(action: () => Promise<unknown>, success: string) {
    const { ok } = await runAction(action, success);
    if (ok) await reload();
    return ok;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => addServiceAreaZip(zip.trim(), town.trim()), `ZIP code ${zip.trim()} added.`)) {
      setZip('');
      setTown('');
    }
  }

  return (
    <section aria-labelledby="service-area" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      {dialog}
      <h2 id="service-area" className="text-lg font-semibold">
        Service area
      </h2>
      <p className="mb-3 text-sm text-stone-600">{active.length} ZIP codes served.</p>
      <form onSubmit={(event) => void add(event)} className="mb-3 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium">ZIP code</span>
          <input
            value={zip}
            onChange={(event) => setZip(event.target.value)}
            inputMode="numeric"
            maxLength={5}
            className="w-24 rounded-lg border border-stone-300 px-2 py-1.5"
          />
        </label>
        <label className="flex-1 text-sm">
          <span className="block font-medium">Town</span>
          <input
            value={town}
            onChange={(event) => setTown(event.target.value)}
            className="w-full rounded-lg border border-stone-300 px-2 py-1.5"
          />
        </label>
        <button type="submit" className="rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          Add ZIP
        </button>
      </form>
      {error && (
        <div className="mb-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
      <TabState loading={area.isPending} error={area.error} empty={active.length === 0} emptyText="No ZIP codes are served.">
        <ul className="max-h-96 divide-y divide-stone-100 overflow-y-auto rounded-lg ring-1 ring-stone-200" aria-label="Served ZIP codes">
          {active.map((row) => (
            <li key={row.zip} className="flex items-center justify-between px-3 py-1.5 text-sm">
              <span>
                <span className="font-mono">{row.zip}</span> <span className="text-stone-600">{row.town}</span>
              </span>
              <button
                type="button"
                aria-label={`Remove ${row.zip}`}
                onClick={async () => {
                  if (await confirm(`Stop serving ZIP code ${row.zip} (${row.town})?`, 'Stop serving'))
                    void run(() => removeServiceAreaZip(row.zip), `ZIP code ${row.zip} removed.`);
                }}
                className="rounded px-2 py-0.5 text-red-700 hover:bg-red-50"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </TabState>
    </section>
  );
}
