// The client application: data cache, session, the workflow layer and the pages. The browser and the
// prerenderer wrap it in their own router and session provider.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppRoutes } from './app-routes';
import { usePageTracking } from './features/analytics/hooks/use-page-tracking';
import { WorkflowProvider } from './features/workflow/components/workflow-provider';
import { useDocumentHead } from './seo/use-document-head';

export function App({ sessionProvider: SessionProvider }: { sessionProvider: (props: { children: ReactNode }) => ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <WorkflowProvider>
          <AppRoutes />
        </WorkflowProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** Browser-only effects: the head on navigation and page tracking. */
export function BrowserEffects() {
  useDocumentHead();
  usePageTracking();
  return null;
}
