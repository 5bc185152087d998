// Money on the wire and on screen. The ledger counts whole cents (no rounding drift on either database);
// contractor prices are dollars with cents, as the seed's forms enter them.

/** '$1,234.50', or '−$25.00' for a credit. */
export function formatCents(cents: number): string {
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.abs(cents) / 100);
  return cents < 0 ? `−${dollars}` : dollars;
}

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
