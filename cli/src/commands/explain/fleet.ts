/**
 * The text output of many HPAs at once (`explain -A`, `-n NAMESPACE`, a dump of a cluster): the
 * most severe first, a cause the cluster shares (metrics-server down) said once before them, and
 * one summary line per state at the end.
 */
import { ExplainFinding, HpaExplanation, HpaHealth, plural, SharedCause } from 'cdk8s-hpa/lib/toolkit';

/** The states, most severe first. */
const STATE_ORDER: readonly HpaHealth[] = [HpaHealth.FAILING, HpaHealth.STUCK, HpaHealth.LIMITED, HpaHealth.UNKNOWN, HpaHealth.HEALTHY];

/** How many HPAs a summary line names. */
const NAMED = 10;

/** What a shared cause takes over of one HPA's short explanation. */
export interface SharedPart {
  /** `[1]`: the cause's number in the block above. */
  readonly label: string;
  /** The findings it explains. */
  readonly findings: readonly ExplainFinding[];
}

/** `items` by the severity of their HPA's state, most severe first; in input order within a state. */
export function bySeverity<T>(items: readonly T[], explanationOf: (item: T) => HpaExplanation): T[] {
  const rank = (item: T) => STATE_ORDER.indexOf(explanationOf(item).health);
  return items.map((item, i) => ({ item, i })).sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i).map(({ item }) => item);
}

/** The block of the causes the cluster shares, each with the HPAs it explains: before the HPAs. */
export function sharedCausesText(causes: readonly SharedCause[], names: readonly string[]): string {
  return causes.map((cause, i) => [
    `cluster-wide [${i + 1}]: ${cause.message} (${listNames(cause.members.map(m => names[m.index]))})`,
    `  next step: ${cause.fix}`,
    '',
  ].join('\n')).join('');
}

/** What each HPA's explanation leaves to a shared cause, by the HPA's index. */
export function sharedParts(causes: readonly SharedCause[]): Map<number, SharedPart> {
  const parts = new Map<number, SharedPart>();
  causes.forEach((cause, i) => {
    for (const member of cause.members) parts.set(member.index, { label: `[${i + 1}]`, findings: member.findings });
  });
  return parts;
}

/** One line per state, most severe first: how many HPAs, and which when they need a look. */
export function stateSummaryText(explanations: readonly HpaExplanation[]): string {
  return STATE_ORDER.map(state => {
    const inState = explanations.filter(e => e.health === state);
    if (inState.length === 0) return undefined;
    const which = state === HpaHealth.HEALTHY ? '' : ` (${listNames(inState.map(e => `${e.namespace}/${e.name}`))})`;
    return `${state}: ${plural(inState.length, 'HPA')}${which}\n`;
  }).filter((line): line is string => line !== undefined).join('');
}

function listNames(names: readonly string[]): string {
  const more = names.length - NAMED;
  return `${names.slice(0, NAMED).join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}
