/**
 * The query templates of `cdk8s-hpa tune --all`: PromQL with `{{variable}}`s that each HPA of the
 * cluster fills in with its own names. A template is checked when the command line is read, so an
 * unknown variable stops the run before the cluster is read.
 */
import { closestName } from 'cdk8s-hpa/lib/toolkit';
import { UsageError } from '../../errors';

/** The variables a template may use, and what each holds (the help and docs/tune.md list them). */
export const TEMPLATE_VARIABLES = {
  namespace: 'the HPA\'s namespace',
  hpa: 'the HPA\'s name',
  kind: 'its target\'s kind (spec.scaleTargetRef.kind: Deployment)',
  workload: 'its target\'s name (spec.scaleTargetRef.name)',
  selector: 'its target\'s pod label selector, from the scale subresource (app=web)',
} as const;

export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;

/** One HPA's value of each variable; one it has none of is left out. */
export type TemplateValues = { readonly [V in TemplateVariable]?: string };

const VARIABLES = Object.keys(TEMPLATE_VARIABLES) as TemplateVariable[];
/** Names people reach for that are no variable's, and the variables they mean. */
const MEANT: { readonly [name: string]: readonly TemplateVariable[] } = {
  name: ['hpa', 'workload'], deployment: ['workload'], target: ['workload'], ns: ['namespace'], labels: ['selector'],
};
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const isVariable = (name: string): name is TemplateVariable => (VARIABLES as string[]).includes(name);

/** Refuses a template with a variable that is not one of `TEMPLATE_VARIABLES`, or a `{{` left open; `flag` names it. */
export function checkTemplate(flag: string, template: string): void {
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (isVariable(m[1])) continue;
    const alias = m[1].toLowerCase();
    const meant = Object.prototype.hasOwnProperty.call(MEANT, alias) ? MEANT[alias] : [closestName(m[1], VARIABLES)].filter(v => v !== undefined);
    throw new UsageError(`${flag}: unknown variable {{${m[1]}}}${meant.length > 0 ? `: did you mean ${meant.map(v => `{{${v}}}`).join(' or ')}?` : ''}`
      + ` (the variables: ${VARIABLES.map(v => `{{${v}}}`).join(', ')})`);
  }
  if (template.replace(PLACEHOLDER, '').includes('{{')) throw new UsageError(`${flag}: a {{ is not closed by }} (variables are written {{namespace}})`);
}

/** The query of one HPA: the template with each variable replaced, or the first variable the HPA has no value for. */
export function expandTemplate(template: string, values: TemplateValues): { readonly query: string } | { readonly missing: TemplateVariable } {
  const missing = [...template.matchAll(PLACEHOLDER)].map(m => m[1] as TemplateVariable).find(v => values[v] === undefined);
  if (missing !== undefined) return { missing };
  return { query: template.replace(PLACEHOLDER, (_, name: TemplateVariable) => values[name]!) };
}
