// The date filter of the Dashboard, Leads, Users, Assignments and Feedback tabs (seed 001 §2):
// presets and custom dates; picking a custom date resets the preset to all time.
import type { DateWindow } from '../api/date-window';

const PRESETS = [
  { value: 'all', label: 'All Time' },
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
] as const;

export function DateFilterBar({ value, onChange }: { value: DateWindow; onChange: (next: DateWindow) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <div role="group" aria-label="Date range" className="flex flex-wrap gap-1">
        {PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            aria-pressed={value.preset === preset.value && !value.startDate && !value.endDate}
            onClick={() => onChange({ preset: preset.value, startDate: '', endDate: '' })}
            className={`rounded-lg px-3 py-1.5 text-sm ${value.preset === preset.value && !value.startDate && !value.endDate ? 'bg-teal-700 text-white' : 'bg-stone-100 hover:bg-stone-200'}`}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <label className="text-sm">
        <span className="block text-stone-600">Start date</span>
        <input
          type="date"
          value={value.startDate}
          onChange={(event) => onChange({ ...value, preset: 'all', startDate: event.target.value })}
          className="rounded-lg border border-stone-300 px-2 py-1"
        />
      </label>
      <label className="text-sm">
        <span className="block text-stone-600">End date</span>
        <input
          type="date"
          value={value.endDate}
          onChange={(event) => onChange({ ...value, preset: 'all', endDate: event.target.value })}
          className="rounded-lg border border-stone-300 px-2 py-1"
        />
      </label>
      {(value.startDate || value.endDate) && (
        <button
          type="button"
          onClick={() => onChange({ preset: 'all', startDate: '', endDate: '' })}
          className="rounded-lg px-3 py-1.5 text-sm text-teal-800 hover:bg-teal-50"
        >
          Clear
        </button>
      )}
    </div>
  );
}
