// The header on every public page: brand, the upload button, and the account controls of the
// seed's landing hero (welcome line, Contractor Dashboard for contractors and admins, /admin, Sign Out).
import { Link } from '#web/lib/router';
import { MY_DESIGNS_ANCHOR, MY_DESIGNS_PATH } from '#shared/pages';
import { signOut, useCurrentUser } from '#web/features/auth';
import { useWorkflow } from '#web/features/workflow';

export function SiteHeader({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { user } = useCurrentUser();
  const { startWorkflow, showSignIn } = useWorkflow();
  const canSeeContractorDashboard = user?.role === 'contractor' || user?.role === 'admin';
  const text = tone === 'dark' ? 'text-white' : 'text-stone-900';
  const subtle = tone === 'dark' ? 'hover:bg-white/10 border-white/30' : 'hover:bg-stone-100 border-stone-300';

  return (
    <header className={`mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 ${text}`}>
      <Link to="/" className="text-lg font-bold tracking-tight">
        MetroWest <span className={tone === 'dark' ? 'text-teal-300' : 'text-teal-700'}>AI</span> Renovations
      </Link>
      <nav className="flex flex-wrap items-center gap-2 text-sm" aria-label="Account">
        {user ? (
          <>
            <span data-testid="welcome" className="mr-1">
              Welcome, {user.name || user.email}
            </span>
            {canSeeContractorDashboard && (
              <a href="/contractor-dashboard" className={`rounded-lg px-3 py-2 ${subtle}`}>
                Contractor Dashboard
              </a>
            )}
            <a href={`${MY_DESIGNS_PATH}#${MY_DESIGNS_ANCHOR}`} className={`rounded-lg px-3 py-2 ${subtle}`}>
              My Designs
            </a>
            <a href="/account" className={`rounded-lg px-3 py-2 ${subtle}`}>
              My Account
            </a>
            <a href="/admin" className={`rounded-lg px-3 py-2 ${subtle}`}>
              Admin
            </a>
            <button type="button" onClick={() => void signOut()} className={`rounded-lg border px-3 py-2 ${subtle}`}>
              Sign Out
            </button>
          </>
        ) : (
          <button type="button" onClick={showSignIn} className={`rounded-lg border px-4 py-2 font-semibold ${subtle}`}>
            Sign In
          </button>
        )}
        <button
          type="button"
          onClick={startWorkflow}
          className="rounded-lg bg-teal-500 px-4 py-2 font-semibold text-stone-950 hover:bg-teal-400"
        >
          Upload a Photo
        </button>
      </nav>
    </header>
  );
}
