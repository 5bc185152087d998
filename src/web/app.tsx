// The client application: session, the workflow layer and the pages. The browser and the prerenderer
// wrap it in their own router and session provider. TanStack Query's provider comes with the screens
// that use it (lib/lazy.tsx), so public pages load without it.
import { Suspense, useEffect, type ReactNode } from 'react';
import { AppRoutes } from './app-routes';
import { usePageTracking } from '#web/features/analytics/hooks/use-page-tracking';
import { WorkflowProvider } from '#web/features/workflow/components/workflow-provider';
import { useDocumentHead } from '#web/seo/use-document-head';

export function App({ sessionProvider: SessionProvider }: { sessionProvider: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <SessionProvider>
      <WorkflowProvider>
        {/* Reached only by a link to a page whose code is still loading; the router's transition keeps
            the current page on screen meanwhile (lib/lazy.tsx). */}
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </WorkflowProvider>
    </SessionProvider>
  );
}

/** Browser-only effects: the head on navigation and page tracking. */
export function BrowserEffects() {
  useDocumentHead();
  usePageTracking();
  useHydratedMark();
  return null;
}

/**
 * Marks <html data-hydrated> once React has taken over the prerendered page: until then its buttons do
 * nothing, so end-to-end tests wait for the mark before they click (tests/e2e/test.ts).
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
