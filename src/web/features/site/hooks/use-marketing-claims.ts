// The marketing claims the site may make: null until the answer comes, and for as long as the counts do not bear
// them out (decision 069). Every page is prerendered without them.
import { useEffect, useState, type RefObject } from 'react';
import type { MarketingClaims } from '#shared/constants';

/** How far below the viewport a section may still be when its claims are asked for. */
const ASK_AHEAD = '400px';

/**
 * Asked for once `section` comes near the viewport, or at once without one. The API client is imported then too: it
 * brings the whole message catalogue with it, which the home page's first JavaScript does not otherwise need (its
 * 80 KB budget, issue 22), and a visitor who never scrolls to the claim costs no request.
 */
export function useMarketingClaims(section?: RefObject<Element | null>): MarketingClaims | null {
  const [claims, setClaims] = useState<MarketingClaims | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      import('../api/get-marketing-claims')
        .then(({ fetchMarketingClaims }) => fetchMarketingClaims())
        .then((answer) => live && setClaims(answer.claims))
        .catch(() => undefined);
    const element = section?.current;
    let observer: IntersectionObserver | undefined;
    if (element) {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          void ask();
        },
        { rootMargin: `0px 0px ${ASK_AHEAD} 0px` },
      );
      observer.observe(element);
    } else {
      void ask();
    }
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [section]);
  return claims;
}
