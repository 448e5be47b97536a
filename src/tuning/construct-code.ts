/**
 * An HPA manifest as the construct code that synthesizes it, in each language the library ships
 * in: one description of the code (calls, option structs, lists, enums, durations), written out
 * by one writer per language with jsii's names and conventions (Python's keyword arguments,
 * Java's builders, Go's pointers). `cdk8s-hpa tune` prints the recommendation so; the bindings
 * run synthesizes each language's code and compares the manifest.
 */

import { ExternalFallbackFormat } from '../external-fallback';
import { goDurationSeconds } from '../model/duration';
import { CLUSTER_ANNOTATION } from '../private/constants';
import { annotatedCluster } from '../validation/cluster-annotation';

/** The languages construct code is written in. */
export const CODE_LANGUAGES = ['typescript', 'python', 'java', 'go'] as const;
export type CodeLanguage = typeof CODE_LANGUAGES[number];

/** The language's name as its users write it. */
export const LANGUAGE_NAMES: { readonly [L in CodeLanguage]: string } = { typescript: 'TypeScript', python: 'Python', java: 'Java', go: 'Go' };

/** Where a type comes from: this library, cdk8s or cdk8s-plus-27. */
type Module = 'hpa' | 'cdk8s' | 'kplus';

type Code =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'call'; readonly module: Module; readonly type: string; readonly method: string; readonly args: Code[] }
  /** An options struct; `last` when it is a call's last parameter (Python spreads it as keywords). */
  | { readonly kind: 'struct'; readonly module: Module; readonly type: string; readonly fields: Array<[string, Code]> }
  | { readonly kind: 'list'; readonly module: Module; readonly of: string; readonly items: Code[] }
  | { readonly kind: 'strings'; readonly items: string[] }
  | { readonly kind: 'map'; readonly entries: Array<[string, string]> }
  | { readonly kind: 'flags'; readonly entries: Array<[string, boolean]> }
  | { readonly kind: 'enum'; readonly type: string; readonly member: string };

const str = (value: string): Code => ({ kind: 'string', value });
const num = (value: number): Code => ({ kind: 'number', value });
const call = (type: string, method: string, ...args: Code[]): Code => ({ kind: 'call', module: 'hpa', type, method, args });
const struct = (type: string, fields: Array<[string, Code | undefined]>, module: Module = 'hpa'): Code =>
  ({ kind: 'struct', module, type, fields: fields.filter((f): f is [string, Code] => f[1] !== undefined) });
const seconds = (s: number): Code => ({ kind: 'call', module: 'cdk8s', type: 'Duration', method: 'seconds', args: [num(s)] });
/** A quantity as the manifest gives it: a number stays one, a string (`500m`) stays a string. */
const quantity = (v: unknown): Code => (typeof v === 'number' ? num(v) : str(String(v)));

function target(t: any): Code {
  if (t?.type === 'Utilization') return call('MetricTarget', 'averageUtilization', num(t.averageUtilization));
  if (t?.type === 'AverageValue') return call('MetricTarget', 'averageValue', quantity(t.averageValue));
  return call('MetricTarget', 'value', quantity(t?.value));
}

function selector(s: any): Code | undefined {
  if (!s || (!s.matchLabels && !s.matchExpressions)) return undefined;
  const expressions = (s.matchExpressions ?? []).map((e: any): Code => {
    const method = ({ In: 'in', NotIn: 'notIn', Exists: 'exists', DoesNotExist: 'doesNotExist' } as { [op: string]: string })[e.operator];
    if (method === undefined) throw new Error(`constructCode: matchExpressions operator "${e.operator}" is not In, NotIn, Exists or DoesNotExist`);
    const args = method === 'in' || method === 'notIn' ? [str(e.key), { kind: 'strings', items: e.values ?? [] } as Code] : [str(e.key)];
    return { kind: 'call', module: 'kplus', type: 'LabelExpression', method, args };
  });
  return {
    kind: 'call',
    module: 'kplus',
    type: 'LabelSelector',
    method: 'of',
    args: [struct('LabelSelectorOptions', [
      ['labels', s.matchLabels ? { kind: 'map', entries: Object.entries(s.matchLabels).map(([k, v]) => [k, String(v)]) } : undefined],
      ['expressions', expressions.length ? { kind: 'list', module: 'kplus', of: 'LabelExpression', items: expressions } : undefined],
    ], 'kplus')],
  };
}

function reference(r: any): Code {
  return struct('CrossVersionObjectReference', [['apiVersion', str(r?.apiVersion)], ['kind', str(r?.kind)], ['name', str(r?.name)]]);
}

function metric(m: any): Code {
  switch (m?.type) {
    case 'Resource':
      if (m.resource.name === 'cpu') return call('Metric', 'resourceCpu', target(m.resource.target));
      if (m.resource.name === 'memory') return call('Metric', 'resourceMemory', target(m.resource.target));
      return call('Metric', 'resource', str(m.resource.name), target(m.resource.target));
    case 'ContainerResource':
      return call('Metric', 'containerResource', struct('ContainerResourceMetricOptions', [
        ['container', str(m.containerResource.container)], ['resource', str(m.containerResource.name)], ['target', target(m.containerResource.target)],
      ]));
    case 'Pods':
      return call('Metric', 'pods', struct('PodsMetricOptions', [
        ['name', str(m.pods.metric.name)], ['selector', selector(m.pods.metric.selector)], ['target', target(m.pods.target)],
      ]));
    case 'External': {
      const fb = m.external.fallback;
      const failureDuration = fb?.failureDuration !== undefined ? durationCode(fb.failureDuration)
        : fb?.failureDurationSeconds !== undefined ? seconds(fb.failureDurationSeconds) : undefined;
      const fallback = fb && (failureDuration === undefined ? call('ExternalFallback', 'replicas', num(fb.replicas))
        : call('ExternalFallback', 'replicas', num(fb.replicas), struct('ExternalFallbackOptions', [['failureDuration', failureDuration]])));
      return call('Metric', 'external', struct('ExternalMetricOptions', [
        ['name', str(m.external.metric.name)], ['selector', selector(m.external.metric.selector)], ['target', target(m.external.target)], ['fallback', fallback],
      ]));
    }
    default:
      return call('Metric', 'object', struct('ObjectMetricOptions', [
        ['describedObject', call('DescribedObject', 'fromReference', reference(m?.object?.describedObject))],
        ['name', str(m?.object?.metric?.name)], ['selector', selector(m?.object?.metric?.selector)], ['target', target(m?.object?.target)],
      ]));
  }
}

/** A Go duration as the fallback's `failureDuration` holds it (`3m`, `1m30s`), as seconds. */
function durationCode(text: string): Code {
  return seconds(goDurationSeconds(String(text)) ?? 0);
}

function rules(r: any): Code {
  return struct('ScalingRules', [
    ['stabilizationWindow', r.stabilizationWindowSeconds !== undefined ? seconds(r.stabilizationWindowSeconds) : undefined],
    ['policies', Array.isArray(r.policies) ? {
      kind: 'list',
      module: 'hpa',
      of: 'ScalingPolicy',
      items: r.policies.map((p: any) => call('ScalingPolicy', p.type === 'Pods' ? 'pods' : 'percent', num(p.value), seconds(p.periodSeconds))),
    } : undefined],
    ['selectPolicy', r.selectPolicy !== undefined ? { kind: 'enum', type: 'SelectPolicy', member: String(r.selectPolicy).toUpperCase() } : undefined],
    ['tolerance', r.tolerance !== undefined ? num(Number(r.tolerance)) : undefined],
  ]);
}

/** The construct's props: what synthesizes the manifest's spec and its name, namespace, labels and annotations. */
function props(hpa: any): Code {
  const spec = hpa.spec ?? {};
  const md = hpa.metadata ?? {};
  // The cluster the manifest was judged for is the construct's `cluster`, which writes the annotation back.
  const annotations = Object.entries(md.annotations ?? {}).filter(([k]) => k !== CLUSTER_ANNOTATION);
  const profile = annotatedCluster(hpa);
  const metadata = struct('ApiObjectMetadata', [
    ['name', md.name !== undefined ? str(md.name) : undefined],
    ['namespace', md.namespace !== undefined ? str(md.namespace) : undefined],
    ['labels', md.labels ? { kind: 'map', entries: Object.entries(md.labels).map(([k, v]) => [k, String(v)]) } : undefined],
    ['annotations', annotations.length ? { kind: 'map', entries: annotations.map(([k, v]) => [k, String(v)]) } : undefined],
  ], 'cdk8s');
  const gates = profile && Object.entries(profile._facts().gatesSet).map(([gate, on]): [string, boolean] => [gate, on === true]);
  const cluster = profile && call('ClusterProfile', 'of', struct('ClusterProfileOptions', [
    ['version', str(profile.version)],
    ['featureGates', gates?.length ? { kind: 'flags', entries: gates } : undefined],
    ['fallbackFormat', profile.fallbackFormat !== ExternalFallbackFormat.FAILURE_DURATION
      ? { kind: 'enum', type: 'ExternalFallbackFormat', member: 'FAILURE_DURATION_SECONDS' } : undefined],
  ]));
  const behavior = spec.behavior && call('Behavior', 'of', struct('BehaviorOptions',
    (['scaleUp', 'scaleDown'] as const).map(d => [d, spec.behavior[d] ? rules(spec.behavior[d]) : undefined])));
  return struct('HorizontalPodAutoscalerV2Props', [
    ['metadata', (metadata as any).fields.length ? metadata : undefined],
    ['target', call('ScaleTarget', 'fromReference', reference(spec.scaleTargetRef))],
    ['minReplicas', spec.minReplicas !== undefined ? num(spec.minReplicas) : undefined],
    ['maxReplicas', num(spec.maxReplicas)],
    ['metrics', { kind: 'list', module: 'hpa', of: 'Metric', items: (spec.metrics ?? []).map(metric) }],
    ['behavior', behavior],
    ['cluster', cluster],
  ]);
}

/**
 * The HPA as construct code in `language`: `new HorizontalPodAutoscalerV2(chart, ...)` with the
 * manifest's spec, name, namespace, labels and annotations (the target as
 * `ScaleTarget.fromReference`: a cdk8s-plus workload of the app takes its place; the
 * `cdk8s-hpa.io/cluster` annotation as the `cluster` it records).
 */
export function constructCode(hpa: any, language: CodeLanguage = 'typescript'): string {
  const id = String(hpa.metadata?.name ?? 'Hpa');
  const w = WRITERS[language];
  return `${w.construct(id, props(hpa))}\n`;
}

interface Writer {
  construct(id: string, props: Code): string;
}

const camel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const snake = (s: string) => s.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`);
const quoted = (s: string) => JSON.stringify(s);
const indent = (s: string, by: string) => s.split('\n').join(`\n${by}`);
const numText = (n: number) => String(n);

/** Fields one per line when the whole would be long (Java's arguments without a trailing comma). */
function fieldsBlock(open: string, fields: string[], close: string, pad: string, trailing = ','): string {
  const one = `${open}${fields.join(', ')}${close}`;
  if (one.length <= 100 && !one.includes('\n')) return one;
  return `${open.trimEnd()}\n${fields.map(f => `${pad}${indent(f, pad)}`).join(',\n')}${trailing}\n${close.trimStart()}`;
}

const typescript: Writer = (() => {
  const expr = (c: Code): string => {
    switch (c.kind) {
      case 'string': return `'${c.value.replace(/\\/g, '\\\\').replace(/'/g, '\\\'')}'`;
      case 'number': return numText(c.value);
      case 'enum': return `${c.type}.${c.member}`;
      case 'strings': return `[${c.items.map(s => expr(str(s))).join(', ')}]`;
      case 'map': return `{ ${c.entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : expr(str(k))}: ${expr(str(v))}`).join(', ')} }`;
      case 'flags': return `{ ${c.entries.map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
      case 'list': return fieldsBlock('[', c.items.map(expr), ']', '  ');
      case 'struct': return c.fields.length ? fieldsBlock('{ ', c.fields.map(([k, v]) => `${k}: ${expr(v)}`), ' }', '  ') : '{}';
      case 'call': return `${c.module === 'kplus' ? 'kplus.' : ''}${c.type}.${c.method}(${c.args.map(expr).join(', ')})`;
    }
  };
  return { construct: (id, p) => `new HorizontalPodAutoscalerV2(chart, ${expr(str(id))}, ${expr(p)});` };
})();

const python: Writer = (() => {
  const method = (m: string) => ({ in: 'in_', notIn: 'not_in' } as { [k: string]: string })[m] ?? snake(m);
  const expr = (c: Code): string => {
    switch (c.kind) {
      case 'string': return quoted(c.value);
      case 'number': return numText(c.value);
      case 'enum': return `${c.type}.${c.member}`;
      case 'strings': return `[${c.items.map(quoted).join(', ')}]`;
      case 'map': return `{${c.entries.map(([k, v]) => `${quoted(k)}: ${quoted(v)}`).join(', ')}}`;
      case 'flags': return `{${c.entries.map(([k, v]) => `${quoted(k)}: ${v ? 'True' : 'False'}`).join(', ')}}`;
      case 'list': return fieldsBlock('[', c.items.map(expr), ']', '    ');
      case 'struct': return fieldsBlock(`${prefix(c.module)}${c.type}(`, keywords(c), ')', '    ');
      case 'call': {
        // A struct as the last parameter is spread as keyword arguments.
        const last = c.args[c.args.length - 1];
        const args = last?.kind === 'struct' ? [...c.args.slice(0, -1).map(expr), ...keywords(last)] : c.args.map(expr);
        return fieldsBlock(`${prefix(c.module)}${c.type}.${method(c.method)}(`, args, ')', '    ');
      }
    }
  };
  const keywords = (c: Code & { kind: 'struct' }) => c.fields.map(([k, v]) => `${snake(k)}=${expr(v)}`);
  const prefix = (m: Module) => (m === 'kplus' ? 'kplus.' : '');
  return { construct: (id, p) => fieldsBlock(`HorizontalPodAutoscalerV2(chart, ${quoted(id)}, `, keywords(p as any), ')', '    ') };
})();

const java: Writer = (() => {
  const expr = (c: Code): string => {
    switch (c.kind) {
      case 'string': return quoted(c.value);
      case 'number': return numText(c.value);
      case 'enum': return `${c.type}.${c.member}`;
      case 'strings': return `List.of(${c.items.map(quoted).join(', ')})`;
      case 'map': return `Map.of(${c.entries.map(([k, v]) => `${quoted(k)}, ${quoted(v)}`).join(', ')})`;
      case 'flags': return `Map.of(${c.entries.map(([k, v]) => `${quoted(k)}, ${v}`).join(', ')})`;
      case 'list': return fieldsBlock('List.of(', c.items.map(expr), ')', '    ', '');
      case 'struct': return `${c.type}.builder()${c.fields.map(([k, v]) => `\n    .${k}(${indent(expr(v), '    ')})`).join('')}\n    .build()`;
      case 'call': return `${c.type}.${c.method}(${c.args.map(expr).join(', ')})`;
    }
  };
  return {
    construct: (id, p) => `HorizontalPodAutoscalerV2.Builder.create(chart, ${quoted(id)})`
      + (p as any).fields.map(([k, v]: [string, Code]) => `\n    .${k}(${indent(expr(v), '    ')})`).join('') + '\n    .build();',
  };
})();

const go: Writer = (() => {
  const pkg = (m: Module) => ({ hpa: 'cdk8shpa', cdk8s: 'cdk8s', kplus: 'kplus' })[m];
  const expr = (c: Code): string => {
    switch (c.kind) {
      case 'string': return `jsii.String(${quoted(c.value)})`;
      case 'number': return `jsii.Number(${numText(c.value)})`;
      case 'enum': return `cdk8shpa.${c.type}_${c.member}`;
      case 'strings': return `&[]*string{${c.items.map(s => `jsii.String(${quoted(s)})`).join(', ')}}`;
      case 'map': return `&map[string]*string{${c.entries.map(([k, v]) => `${quoted(k)}: jsii.String(${quoted(v)})`).join(', ')}}`;
      case 'flags': return `&map[string]*bool{${c.entries.map(([k, v]) => `${quoted(k)}: jsii.Bool(${v})`).join(', ')}}`;
      case 'list': return fieldsBlock(`&[]${pkg(c.module)}.${c.of}{`, c.items.map(expr), '}', '\t');
      case 'struct': return fieldsBlock(`&${pkg(c.module)}.${c.type}{`, c.fields.map(([k, v]) => `${camel(k)}: ${expr(v)}`), '}', '\t');
      case 'call': return `${pkg(c.module)}.${c.type}_${camel(c.method)}(${c.args.map(expr).join(', ')})`;
    }
  };
  return { construct: (id, p) => `cdk8shpa.NewHorizontalPodAutoscalerV2(chart, jsii.String(${quoted(id)}), ${expr(p)})` };
})();

const WRITERS: { readonly [L in CodeLanguage]: Writer } = { typescript, python, java, go };
