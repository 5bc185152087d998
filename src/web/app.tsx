// The client application: session, the workflow layer and the pages. The browser and the prerenderer
// wrap it in their own router and session provider. TanStack Query's provider comes with the screens
// that use it (lib/lazy.tsx), so public pages load without it.
import { Suspense, useEffect, type ReactNode } from 'react';
import { AppRoutes } from './app-routes';
import { usePageTracking } from '#web/features/analytics/hooks/use-page-tracking';
import { WorkflowProvider } from '#web/features/workflow/components/workflow-provider';
import { useDocumentHead } from '#web/seo/use-document-head';
import { markPageHydrated } from '#web/lib/page-hydration';

export function App({ sessionProvider: SessionProvider }: { sessionProvider: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <SessionProvider>
      <WorkflowProvider>
        {/* Reached only by a link to a page whose code is still loading; the router's transition keeps
            the current page on screen meanwhile (lib/lazy.tsx). */}
        <Suspense fallback={null}>
          <AppRoutes />
          <PageHydratedMark />
        </Suspense>
      </WorkflowProvider>
    </SessionProvider>
  );
}

/** Browser-only effects: the head on navigation and page tracking. */
export function BrowserEffects() {
  useDocumentHead();
  usePageTracking();
  return null;
}

/**
 * Inside the page's <Suspense>, so its effect runs once React has hydrated the page itself, not only the
 * shell around it: then the stores may change (lib/page-hydration.ts), and <html data-hydrated> tells
 * end-to-end tests the buttons work (tests/e2e/test.ts).
 */
function PageHydratedMark() {
  useEffect(() => {
    markPageHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
