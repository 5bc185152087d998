// Page views and time on site per path (seed 000 §3 and §4), sent in one batch with sendBeacon when
// the page is hidden or left, and when the path changes. The server keeps them for signed-in users only.
import { useEffect } from 'react';
import { useLocation } from '#web/lib/router';

type PendingEvent =
  { type: 'view'; page: string; timestamp: string } | { type: 'time_spent'; page: string; time_spent_ms: number; timestamp: string };

const pending: PendingEvent[] = [];

function flush() {
  if (!pending.length) return;
  const body = JSON.stringify({ events: pending.splice(0, pending.length) });
  const blob = new Blob([body], { type: 'application/json' });
  if (!navigator.sendBeacon?.('/api/events/batch', blob)) {
    void fetch('/api/events/batch', { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(
      () => undefined,
    );
  }
}

export function usePageTracking() {
  const { pathname } = useLocation();

  useEffect(() => {
    let visibleSince = document.visibilityState === 'visible' ? Date.now() : null;
    pending.push({ type: 'view', page: pathname, timestamp: new Date().toISOString() });

    const recordTime = () => {
      if (visibleSince === null) return;
      pending.push({ type: 'time_spent', page: pathname, time_spent_ms: Date.now() - visibleSince, timestamp: new Date().toISOString() });
      visibleSince = null;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        recordTime();
        flush();
      } else {
        visibleSince = Date.now();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onVisibilityChange);
      recordTime();
      flush();
    };
  }, [pathname]);
}
