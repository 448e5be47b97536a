/**
 * A `LabelSelector` object as the query string the HPA controller sends with it
 * (apimachinery's `LabelSelectorAsSelector(...).String()`): requirements sorted by key, the
 * values of `in` and `notin` sorted.
 */

/** `app=web,tier in (a,b),!canary`; `''` selects everything. Throws on an operator the API does not know. */
export function labelSelectorString(selector: any): string {
  if (selector === undefined || selector === null) return '';
  const requirements: Array<{ key: string; text: string }> = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    requirements.push({ key, text: `${key}=${value}` });
  }
  for (const expression of selector.matchExpressions ?? []) {
    const key = String(expression.key);
    const values = [...(expression.values ?? [])].map(String).sort();
    switch (expression.operator) {
      case 'In':
        requirements.push({ key, text: `${key} in (${values.join(',')})` });
        break;
      case 'NotIn':
        requirements.push({ key, text: `${key} notin (${values.join(',')})` });
        break;
      case 'Exists':
        requirements.push({ key, text: key });
        break;
      case 'DoesNotExist':
        requirements.push({ key, text: `!${key}` });
        break;
      default:
        throw new Error(`"${expression.operator}" is not a valid label selector operator`);
    }
  }
  // A stable sort by key, as labels.internalSelector's Sort.
  return requirements.map((r, i) => ({ ...r, i }))
    .sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i)
    .map(r => r.text).join(',');
}
