// Code that loads when it is used, not with the page (docs/decisions/015-client-code-splitting.md).
import { use, useEffect, useState, type ComponentType } from 'react';

/** The line private pages show while the session loads; also what they show while their code loads. */
export function PageLoading() {
  return <p className="p-8 text-center text-stone-600">Loading ...</p>;
}

/**
 * A private page whose code loads on first visit. Not React.lazy: renderToString cannot wait for it,
 * and a Suspense boundary the prerenderer could not finish makes hydration report a recoverable error.
 * So the page renders <PageLoading /> until its code is in, both prerendered and on the first browser
 * render (hydration matches); later visits in the same tab render it at once.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then((Page) => {
      loaded = Page;
      return Page;
    }));

  return function LazyPage(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Page) return;
      let cancelled = false;
      void start().then((next) => {
        if (!cancelled) setPage(() => next);
      });
      return () => {
        cancelled = true;
      };
    }, [Page]);
    return Page ? <Page {...props} /> : <PageLoading />;
  };
}

/** Wraps a lazily loaded component in TanStack Query's provider, loading both together. */
export async function withQueries<P extends object>(component: Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [{ QueryProvider }, Component] = await Promise.all([import('./query-client'), component]);
  return function WithQueries(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  };
}

export type PreloadablePage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A public page whose code is not in the home page's bundle, yet renders complete and without a loading
 * state: the prerenderer preloads every page before rendering, and the browser preloads the page it
 * opens on before hydrating (main.tsx), so the HTML and the first render match. A page reached by a
 * link suspends until its code is in, while the router's transition keeps the current page on screen.
 */
export function preloadablePage<P extends object>(load: () => Promise<ComponentType<P>>): PreloadablePage<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((Page) => {
      Loaded = Page;
    }));

  function PreloadablePage(props: P) {
    if (!Loaded) use(preload());
    const Page = Loaded!;
    return <Page {...props} />;
  }
  return Object.assign(PreloadablePage, { preload });
}
