// System status (replaces the seed's debug panel): is each part of the product working right now?
// Database, file storage, mail (with a test send to the signed-in admin), the render queue, each AI
// engine's provider and model, and AI renders and estimated spend per provider against the daily budget.
// The server never sends a secret value here, only whether things are set and answer.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { SystemStatus } from '#shared/back-office.schema';
import { providerLabel } from '#shared/render-credit';
import { systemStatusQuery } from '../api/get-system-status';
import { sendTestEmail } from '../api/send-test-email';
import { Badge, DataTable, TabState } from '#web/components/ui/back-office';
import { FormMessage } from '#web/components/ui/form-field';
import { useAction } from '#web/components/ui/toast';
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
  const { error, run } = useAction();
  const data = status.data;

  async function sendTest() {
    await run(sendTestEmail, (result) => result.message);
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
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <section aria-labelledby="engines">
            <h2 id="engines" className="mb-3 text-lg font-semibold">
              AI engines
            </h2>
            <DataTable headers={['Engine', 'Provider', 'Configured', 'Reachable', 'Failures (24 h)', 'Median render']}>
              {data.engines.map((engine) => (
                <tr key={engine.engine} data-testid="engine-row">
                  <td className="px-3 py-2 font-semibold">{engine.label}</td>
                  <td className="px-3 py-2">
                    <p>
                      {providerLabel(engine.provider)} · <span data-testid="engine-model">{engine.model}</span>
                    </p>
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
          <AiSpend spend={data.aiSpend} />
          <Diagnostics />
        </div>
      )}
    </TabState>
  );
}

const usd = (amount: number) => `$${amount.toFixed(amount > 0 && amount < 1 ? 3 : 2)}`;
const failureRate = (row: { renders: number; failed: number; fellBack: number }) =>
  row.renders === 0 ? '—' : `${Math.round(((row.failed + row.fellBack) / row.renders) * 100)} %`;

/** AI renders per provider (where the attempt went), failures and fall-backs, and estimated spend, with the budget. */
function AiSpend({ spend }: { spend: SystemStatus['aiSpend'] }) {
  const { budget } = spend;
  const periods = [
    { label: 'Today', rows: spend.today },
    { label: 'Last 30 days', rows: spend.last30Days },
  ];
  return (
    <section aria-labelledby="ai-spend">
      <h2 id="ai-spend" className="mb-1 text-lg font-semibold">
        AI renders and spend
      </h2>
      <p className="mb-3 text-sm text-stone-700" data-testid="ai-budget">
        {budget.dailyBudgetUsd === null
          ? `Estimated spend today ${usd(budget.spentTodayUsd)}; no daily budget is set (AI_DAILY_BUDGET_USD).`
          : `Estimated spend today ${usd(budget.spentTodayUsd)} of a ${usd(budget.dailyBudgetUsd)} daily budget${
              budget.reached ? ': reached, new renders use the offline preview until midnight (Massachusetts time).' : '.'
            }`}{' '}
        Estimates use each model’s published price.
      </p>
      <DataTable headers={['Period', 'Provider', 'Renders', 'Failed or fell back', 'Failure rate', 'Estimated spend']}>
        {periods.flatMap(({ label, rows }) =>
          (rows.length > 0 ? rows : [null]).map((row) => (
            <tr key={`${label}-${row?.provider ?? 'none'}`} data-testid="spend-row">
              <td className="px-3 py-2">{label}</td>
              <td className="px-3 py-2">{row ? providerLabel(row.provider) : 'No renders'}</td>
              <td className="px-3 py-2 tabular-nums">{row?.renders ?? 0}</td>
              <td className="px-3 py-2 tabular-nums">{row ? `${row.failed} failed · ${row.fellBack} fell back` : '—'}</td>
              <td className="px-3 py-2 tabular-nums">{row ? failureRate(row) : '—'}</td>
              <td className="px-3 py-2 tabular-nums">{usd(row?.costUsd ?? 0)}</td>
            </tr>
          )),
        )}
      </DataTable>
    </section>
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
        const models = result.modelTests.map((test) => `${test.name} ${test.working ? 'works' : `does not answer (${test.detail})`}`);
        const stability = result.stabilityAiModels.length > 0 ? [`Stability AI engines: ${result.stabilityAiModels.join(', ')}.`] : [];
        return [result.message, ...(models.length > 0 ? [`${models.join('; ')}.`] : []), ...stability, result.recommendation].join(' ');
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
