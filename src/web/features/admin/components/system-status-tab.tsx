// System status (replaces the seed's debug panel): is each part of the product working right now?
// Database, file storage, mail (with a test send to the signed-in admin), the render queue, and each AI
// engine's provider. The server never sends a secret value here, only whether things are set and answer.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { systemStatusQuery } from '../api/get-system-status';
import { sendTestEmail } from '../api/send-test-email';
import { Badge, DataTable, TabState } from '#web/components/ui/back-office';
import { useCurrentUser } from '#web/features/auth';
import { checkFeedbackTable, deleteTestLead, insertTestLead, listImageEngines, testDatabaseConnection } from '../api/run-diagnostics';

const ok = (healthy: boolean, label = healthy ? 'OK' : 'Down') => (
  <Badge className={healthy ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}>{label}</Badge>
);

function StatusCard({ title, status, children }: { title: string; status: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="mb-1 flex items-center justify-between">
        <h3 className="font-semibold">{title}</h3>
        {status}
      </div>
      <div className="space-y-0.5 text-sm text-stone-700">{children}</div>
    </div>
  );
}

export function SystemStatusTab() {
  const status = useQuery(systemStatusQuery());
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const data = status.data;

  async function sendTest() {
    try {
      setNotice({ ok: true, text: (await sendTestEmail()).message });
    } catch (error) {
      setNotice({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <TabState loading={status.isPending} error={status.error} empty={false} emptyText="">
      {data && (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-stone-600">Checked {new Date(data.checkedAt).toLocaleTimeString('en-US')}</p>
            <button
              type="button"
              onClick={() => void status.refetch()}
              className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Check again
            </button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <StatusCard title="Database" status={ok(data.database.reachable)}>
              <p>{data.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}</p>
              <p>{data.database.latencyMs} ms to answer</p>
            </StatusCard>
            <StatusCard title="Storage" status={ok(data.storage.healthy)}>
              <p>{data.storage.kind === 's3' ? 'S3-compatible bucket' : 'Local folder'}</p>
            </StatusCard>
            <StatusCard title="Mail" status={ok(data.mail.failed === 0, data.mail.failed === 0 ? 'OK' : `${data.mail.failed} failed`)}>
              <p>
                Transport:{' '}
                {data.mail.transport === 'smtp'
                  ? 'SMTP'
                  : data.mail.transport === 'eml-files'
                    ? 'Files (no SMTP set)'
                    : data.mail.transport}
              </p>
              <p>
                {data.mail.pending} waiting · {data.mail.sent} sent
              </p>
              <button
                type="button"
                onClick={() => void sendTest()}
                className="mt-2 rounded-lg bg-stone-800 px-3 py-1.5 text-white hover:bg-stone-900"
              >
                Send test email
              </button>
            </StatusCard>
            <StatusCard title="Render queue" status={ok(data.queue.healthy)}>
              <p>{data.queue.kind === 'bullmq' ? 'Redis (BullMQ workers)' : 'Database (in-process worker)'}</p>
              <p>
                {data.queue.waiting} waiting · {data.queue.active} running · {data.queue.failed} failed
              </p>
            </StatusCard>
          </div>
          {notice && (
            <p
              role={notice.ok ? 'status' : 'alert'}
              className={`rounded-lg px-3 py-2 text-sm ${notice.ok ? 'bg-teal-50 text-teal-900' : 'bg-red-50 text-red-700'}`}
            >
              {notice.text}
            </p>
          )}
          <section aria-labelledby="engines">
            <h2 id="engines" className="mb-3 text-lg font-semibold">
              AI engines
            </h2>
            <DataTable headers={['Engine', 'Provider', 'Configured', 'Reachable', 'Failures (24 h)', 'Median render']}>
              {data.engines.map((engine) => (
                <tr key={engine.engine} data-testid="engine-row">
                  <td className="px-3 py-2 font-semibold">{engine.label}</td>
                  <td className="px-3 py-2">
                    <p>{engine.provider}</p>
                    <p className="text-xs text-stone-600">{engine.detail}</p>
                  </td>
                  <td className="px-3 py-2">{ok(engine.configured, engine.configured ? 'Yes' : 'No')}</td>
                  <td className="px-3 py-2">{ok(engine.reachable, engine.reachable ? 'Yes' : 'No')}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {engine.failedLast24h} failed · {engine.fallbacksLast24h} fell back
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {engine.medianRenderMs === null ? '—' : `${(engine.medianRenderMs / 1000).toFixed(1)} s`}
                  </td>
                </tr>
              ))}
            </DataTable>
          </section>
          <Diagnostics />
        </div>
      )}
    </TabState>
  );
}

/** The seed's debug panel as buttons: each runs a real check on the server and shows what it answered. */
function Diagnostics() {
  const { user } = useCurrentUser();
  const [results, setResults] = useState<{ label: string; ok: boolean; text: string }[]>([]);
  const [testLeadId, setTestLeadId] = useState<string | null>(null);

  async function run(label: string, check: () => Promise<string>) {
    try {
      const text = await check();
      setResults((current) => [{ label, ok: true, text }, ...current]);
    } catch (error) {
      setResults((current) => [{ label, ok: false, text: error instanceof Error ? error.message : String(error) }, ...current]);
    }
  }

  const checks: { label: string; check: () => Promise<string>; disabled?: boolean }[] = [
    {
      label: 'Test database connection',
      check: async () => {
        const result = await testDatabaseConnection();
        return `${result.message} ${result.database.latencyMs} ms; storage ${result.storage ? 'OK' : 'down'}; ${Object.entries(
          result.tables,
        )
          .map(([table, count]) => `${count} ${table}`)
          .join(', ')}.`;
      },
    },
    {
      label: 'List image engines',
      check: async () => {
        const result = await listImageEngines();
        return `${result.message} ${result.recommendation}`;
      },
    },
    { label: 'Check the feedback table', check: async () => (await checkFeedbackTable()).message },
    {
      label: 'Insert a test lead',
      check: async () => {
        const result = await insertTestLead(user?.email ?? 'admin@example.com');
        setTestLeadId(result.id);
        const assignment = result.assignment.assigned
          ? `assigned (${result.assignment.method}, free)`
          : `not assigned (${result.assignment.reason})`;
        return `Test lead ${result.id} scored ${result.score}; ${assignment}.`;
      },
    },
    {
      label: 'Delete the test lead',
      disabled: testLeadId === null,
      check: async () => {
        await deleteTestLead(testLeadId!);
        setTestLeadId(null);
        return 'Test lead deleted.';
      },
    },
  ];

  return (
    <section aria-labelledby="diagnostics">
      <h2 id="diagnostics" className="mb-3 text-lg font-semibold">
        Diagnostics
      </h2>
      <div className="flex flex-wrap gap-2">
        {checks.map(({ label, check, disabled }) => (
          <button
            key={label}
            type="button"
            disabled={disabled}
            onClick={() => void run(label, check)}
            className="rounded-lg px-3 py-1.5 text-sm ring-1 ring-stone-300 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {label}
          </button>
        ))}
      </div>
      <ul className="mt-3 space-y-1 text-sm" aria-label="Diagnostic results">
        {results.map((result, index) => (
          <li key={`${index}-${result.label}`} className={result.ok ? 'text-teal-900' : 'text-red-700'} data-testid="diagnostic-result">
            <strong>{result.label}:</strong> {result.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
