const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** US cents as dollars, without cents when there are none: $24, $19.20. */
export function formatCents(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : dollars).format(cents / 100);
}

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => count.format(value);
