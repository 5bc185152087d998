// The marketing claims the site may make, asked for once the page is up: null until the answer comes, and for as
// long as the counts do not bear them out (decision 069). Every page is prerendered without them.
import { useEffect, useState } from 'react';
import type { MarketingClaims } from '#shared/constants';
import { fetchMarketingClaims } from '../api/get-marketing-claims';

export function useMarketingClaims(): MarketingClaims | null {
  const [claims, setClaims] = useState<MarketingClaims | null>(null);
  useEffect(() => {
    let live = true;
    fetchMarketingClaims()
      .then((answer) => live && setClaims(answer.claims))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return claims;
}
