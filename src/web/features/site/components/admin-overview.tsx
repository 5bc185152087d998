// The admin-only home section's content (seed 000 §2): today's live counts. Loaded for admins only,
// by admin-home-section.tsx.
import { useQuery } from '@tanstack/react-query';
import { adminHomeSummaryQuery } from '../api/get-admin-home-summary';

export function AdminOverview() {
  const summary = useQuery(adminHomeSummaryQuery());

  const figures = [
    { label: "Today's renders", value: summary.data?.rendersToday },
    { label: 'New leads today', value: summary.data?.newLeadsToday },
    { label: 'Leads awaiting assignment', value: summary.data?.leadsAwaitingAssignment },
  ];
  return (
    <section aria-labelledby="admin-section-title" className="bg-amber-50 px-4 py-12">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="admin-section-title" className="text-2xl font-bold">
            Admin overview
          </h2>
          <a href="/admin" className="font-semibold text-teal-800 hover:underline">
            Open the Admin Panel
          </a>
        </div>
        {summary.isError ? (
          <p role="alert" className="mt-4 text-red-700">
            {summary.error.message}
          </p>
        ) : (
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            {figures.map((figure) => (
              <div key={figure.label} className="rounded-xl bg-white p-5 shadow-sm">
                <dt className="text-sm text-stone-600">{figure.label}</dt>
                <dd className="mt-1 text-3xl font-bold" data-testid={`admin-${figure.label}`}>
                  {figure.value ?? '…'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
