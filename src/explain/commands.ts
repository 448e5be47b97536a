/**
 * The commands the explanation suggests, each runnable in sh as printed: the namespace given,
 * a metric's selector in the query the controller sends, every word quoted where it must be.
 */
import { labelSelectorString } from '../model/label-selector';
import { groupOf } from '../model/scalable-kinds';
import { isObject } from '../model/values';
import { shellCommand } from '../private/words';

/**
 * A kubectl command as printed: the arguments, then the flags that say which cluster (the
 * `--context` and `--kubeconfig` the explanation was read with), so that a command pasted from it
 * runs against that cluster and not whichever is current.
 */
export type Kubectl = (args: readonly string[]) => string;

/** The `Kubectl` that adds `flags` to each command. */
export function kubectlWith(flags: readonly string[] = []): Kubectl {
  return args => shellCommand(['kubectl', ...args, ...flags]);
}

/** What `kubectl scale` takes for a scale target: `deployment/web`, `rollout.argoproj.io/web`. */
export function kubectlTarget(ref: { readonly [key: string]: any }): string {
  const group = typeof ref.apiVersion === 'string' ? groupOf(ref.apiVersion) : '';
  const kind = String(ref.kind ?? '').toLowerCase();
  return `${kind}${group && group !== 'apps' ? `.${group}` : ''}/${ref.name}`;
}

/** `kubectl scale <target> --replicas=N -n NS`. */
export function kubectlScale(kubectl: Kubectl, ref: { readonly [key: string]: any }, namespace: string, replicas: number): string {
  return kubectl(['scale', kubectlTarget(ref), `--replicas=${replicas}`, '-n', namespace]);
}

/**
 * What the controller asks the external metrics API for one External metric, as a `kubectl get
 * --raw` command: the metric in the HPA's namespace, with its selector as the `labelSelector`
 * query (what the adapter filters the series by).
 */
export function externalMetricQuery(kubectl: Kubectl, namespace: string, metricName: string, selector: unknown): string {
  return kubectl(['get', '--raw', `/apis/external.metrics.k8s.io/v1beta1/namespaces/${namespace}/${metricName}${query(selector)}`]);
}

/** The `selector` of the metric at `spec.metrics[index]` of an HPA manifest. */
export function metricSelector(manifest: { readonly [key: string]: any }, index: number): unknown {
  const metric = manifest.spec?.metrics?.[index];
  const source = isObject(metric) ? metric[String(metric.type).charAt(0).toLowerCase() + String(metric.type).slice(1)] : undefined;
  return isObject(source) && isObject(source.metric) ? source.metric.selector : undefined;
}

/** A selector as the query string, `?labelSelector=...`; nothing without one, or with one that does not parse. */
function query(selector: unknown): string {
  let text: string;
  try {
    text = labelSelectorString(selector);
  } catch {
    return '';
  }
  return text === '' ? '' : `?labelSelector=${encodeURIComponent(text)}`;
}

/** A selector in words: `queue=orders,env in (canary,prod)`, or `no selector`. */
export function selectorText(selector: unknown): string {
  try {
    return labelSelectorString(selector) || 'no selector';
  } catch {
    return 'a selector that does not parse';
  }
}
