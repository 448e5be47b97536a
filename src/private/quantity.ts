/**
 * A quantity as users give it: a number or a Kubernetes quantity string (`'500m'`, `'1Gi'`).
 * Rendered as the quantity string the API server would write back; the value itself is not
 * changed, so the validator sees exactly what the user wrote.
 */
export function renderQuantity(quantity: number | string): string {
  return typeof quantity === 'number' ? numberToQuantityString(quantity) : quantity;
}

function numberToQuantityString(n: number): string {
  // JavaScript writes 1e21 as "1e+21" and 1e-7 as "1e-7"; both are valid quantity strings.
  return String(n);
}
