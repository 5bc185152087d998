// The home page: header and the landing hero in its signed-out and signed-in variants
// (seed 000 §2 "Landing hero"). The upload workflow and the other sections are added by later work.
import { useState } from 'react';
import { Link } from 'react-router';
import { MARKETING_CLAIMS } from '../../shared/constants';
import { AuthDialog } from '../features/auth/components/auth-dialog';
import { signOut, useCurrentUser } from '../features/auth/hooks/use-current-user';

export function HomePage() {
  const { user, isPending } = useCurrentUser();
  const [authOpen, setAuthOpen] = useState(false);
  const canSeeContractorDashboard = user?.role === 'contractor' || user?.role === 'admin';

  return (
    <div className="min-h-screen bg-gradient-to-br from-stone-900 via-teal-950 to-stone-900 text-white">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5">
        <Link to="/" className="text-lg font-bold tracking-tight">
          MetroWest <span className="text-teal-300">AI</span> Renovations
        </Link>
        <nav className="flex flex-wrap items-center gap-3 text-sm" aria-label="Account">
          {isPending ? null : user ? (
            <>
              <span data-testid="welcome">Welcome, {user.name || user.email}</span>
              {canSeeContractorDashboard && (
                <a href="/contractor-dashboard" className="rounded-lg px-3 py-2 hover:bg-white/10">
                  Contractor Dashboard
                </a>
              )}
              <a href="/admin" className="rounded-lg px-3 py-2 hover:bg-white/10">
                Admin
              </a>
              <button type="button" onClick={() => void signOut()} className="rounded-lg border border-white/30 px-3 py-2 hover:bg-white/10">
                Sign Out
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setAuthOpen(true)} className="rounded-lg bg-white px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100">
              Sign In
            </button>
          )}
        </nav>
      </header>

      <main className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-16 pt-8 md:grid-cols-2 md:pt-16">
        <section>
          <p className="text-sm font-semibold uppercase tracking-widest text-teal-300">Exclusively for MetroWest homeowners</p>
          <h1 className="mt-3 text-4xl font-bold leading-tight md:text-5xl">See your own room, reimagined by AI</h1>
          <p className="mt-4 max-w-prose text-lg text-stone-200">
            Photograph a kitchen, a living room or any space in your MetroWest, Massachusetts home, pick a style, and see it
            redesigned in seconds. Join {MARKETING_CLAIMS.homeowners} homeowners and {MARKETING_CLAIMS.transformations}{' '}
            transformations.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {user ? (
              <a href="#upload" className="rounded-xl bg-teal-500 px-6 py-3.5 text-lg font-semibold text-stone-950 hover:bg-teal-400">
                Upload Your Space
              </a>
            ) : (
              <button
                type="button"
                onClick={() => setAuthOpen(true)}
                className="rounded-xl bg-teal-500 px-6 py-3.5 text-lg font-semibold text-stone-950 hover:bg-teal-400"
              >
                Sign In to Upload
              </button>
            )}
          </div>
          {!user && !isPending && (
            <p className="mt-4 text-sm text-stone-300">This service is exclusively for homeowners in the MetroWest area of Massachusetts.</p>
          )}
        </section>
        <section aria-label="Before and after" className="grid grid-cols-2 gap-4">
          {(['Before', 'After'] as const).map((label) => (
            <figure key={label} className="flex aspect-[3/4] flex-col justify-end rounded-2xl border border-white/15 bg-white/5 p-4">
              <figcaption className="text-sm font-semibold uppercase tracking-wide text-stone-200">{label}</figcaption>
            </figure>
          ))}
        </section>
      </main>
      <AuthDialog open={authOpen} onOpenChange={setAuthOpen} />
    </div>
  );
}
