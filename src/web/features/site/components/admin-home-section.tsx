// The admin-only home section (seed 000 §2): shown only to admins, with today's live counts. Its code
// (and TanStack Query) loads only for an admin.
import { lazy, Suspense } from 'react';
import { withQueries } from '#web/lib/lazy';
import { useCurrentUser } from '#web/features/auth';

const AdminOverview = lazy(() =>
  withQueries(import('./admin-overview').then((module) => module.AdminOverview)).then((component) => ({ default: component })),
);

export function AdminHomeSection() {
  const { user } = useCurrentUser();
  if (user?.role !== 'admin') return null;
  return (
    <Suspense fallback={null}>
      <AdminOverview />
    </Suspense>
  );
}
