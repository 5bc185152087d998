// /admin: the access check (seed 001 §2, §4, §6), re-checked on every sign-in change, then the panel.
// The server enforces the same rule on every admin call.
import { BACK_OFFICE_MESSAGES } from '#shared/messages';
import { useCurrentUser } from '#web/features/auth/components/session-provider';
import { AdminPanel } from '#web/features/admin/components/admin-panel';
import { useWorkflow } from '#web/features/workflow/components/workflow-provider';

export function AdminPage() {
  const { user, isPending } = useCurrentUser();
  const { showSignIn } = useWorkflow();
  if (isPending) return <p className="p-8 text-center text-stone-600">Loading ...</p>;
  if (!user) {
    return (
      <main className="mx-auto max-w-lg p-8 text-center">
        <h1 className="text-2xl font-bold">Admin Panel</h1>
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-700">
          {BACK_OFFICE_MESSAGES.accessDeniedSignIn}
        </p>
        <button type="button" onClick={showSignIn} className="mt-4 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white">
          Sign In
        </button>
      </main>
    );
  }
  if (user.role !== 'admin') {
    return (
      <main className="mx-auto max-w-lg p-8 text-center">
        <h1 className="text-2xl font-bold">Admin Panel</h1>
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-700">
          {BACK_OFFICE_MESSAGES.accessDeniedNotAdmin}
        </p>
        <a href="/" className="mt-4 inline-block text-teal-800 underline">
          Back to the home page
        </a>
      </main>
    );
  }
  return <AdminPanel />;
}
