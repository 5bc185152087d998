// Keeps the title and description right while navigating in the browser; the first page's head
// comes prerendered from the server.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageHeadFor } from './page-heads';

export function useDocumentHead() {
  const { pathname } = useLocation();
  useEffect(() => {
    const head = pageHeadFor(pathname);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [pathname]);
}
