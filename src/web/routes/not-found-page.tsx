// Shown for any path the client has no page for; the server answers those with status 404.
import { Link } from '#web/lib/router';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-teal-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-6 rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800">
        Back to the home page
      </Link>
    </main>
  );
}
