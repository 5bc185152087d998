// Keeps the title and description right while navigating in the browser; the first page's head
// comes prerendered from the server, so the heads (with the towns' content) load only on navigation or
// for a page served without one (the phone page).
import { useEffect, useRef } from 'react';
import { useLocation } from '#web/lib/router';

const hasPrerenderedHead = () => document.querySelector('meta[name="description"]') !== null;

export function useDocumentHead() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    const first = firstRender.current;
    firstRender.current = false;
    if (first && hasPrerenderedHead()) return;
    let cancelled = false;
    void import('./page-heads').then(({ pageHeadFor }) => {
      if (cancelled) return;
      const head = pageHeadFor(pathname);
      document.title = head.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}
