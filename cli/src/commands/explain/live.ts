/**
 * `cdk8s-hpa explain` on a live cluster (`explain [-n NS] NAME...`, `explain -n NS`, `explain -A`):
 * reads each HPA with what the controller reads (cli/src/cluster/, loaded only here) and explains it
 * as it explains a dump of the same objects (`kubectl get hpa,deploy,pods,events -o json`), then
 * adds what the dump does not hold: what could not be read, the events, the metric values.
 */
import * as fs from 'fs';
import { ExplainArgs, hasLiveFlag } from './args';
import type * as LiveReaderModule from '../../cluster/live-reader';
import type { MetricReading } from '../../cluster/metrics-reader';
import { Io } from '../../command';
import { UsageError } from '../../errors';
import { CollectedInputs, MANIFEST_EXTENSIONS } from '../../inputs';
import { kubectlFlags, readCluster, serverRelease } from '../../live-cluster';
import { RunSettings } from '../../run-settings';

/** What the live reading adds to each HPA's explanation, by the input name of the HPA. */
export interface LiveOutput {
  /** `--context NAME` and `--kubeconfig FILE`, as given: every kubectl command the output prints carries them. */
  readonly kubectlFlags: string[];
  /** Lines after the HPA's text explanation: what could not be read, and the metric values read. */
  text(input: string, verbose: boolean): string;
  /** Fields for the HPA's JSON explanation. */
  json(input: string): { live?: object };
}

/** How the dump path explains inputs; the live path hands it what it read. */
export type ExplainInputs = (collected: Pick<CollectedInputs, 'inputs' | 'problems'>, args: ExplainArgs, run: RunSettings, io: Io, live?: LiveOutput) => number;

/** An object name (RFC 1123 subdomain), as HPA names are. */
const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/**
 * The HPA names to read live, or undefined to read files. Live when a cluster flag is given
 * (`-n`, `-A`, `--context`, `--kubeconfig`, `--metrics`), or when every argument is a name that
 * is no file, no directory and no manifest file name (`web`, not `web.yaml`, `-` or `dir/`).
 */
export function liveNames(args: ExplainArgs): string[] | undefined {
  const isName = (arg: string) => NAME.test(arg) && !MANIFEST_EXTENSIONS.some(ext => arg.endsWith(ext)) && !fs.existsSync(arg);
  if (hasLiveFlag(args)) {
    const files = args.inputs.filter(arg => !isName(arg));
    if (files.length > 0) {
      throw new UsageError(`${files[0]}: with -n, -A, --context, --kubeconfig or --metrics, give HPA names, not files (a file of that name exists, or it is no object name)`);
    }
    return args.inputs;
  }
  return args.inputs.length > 0 && args.inputs.every(isName) ? args.inputs : undefined;
}

/** Reads the cluster and explains what it read; a cluster that cannot be read is one line and exit code 2. */
export async function explainLive(args: ExplainArgs, names: string[], run: RunSettings, io: Io, explainInputs: ExplainInputs): Promise<number> {
  const reading = await readCluster(args, names, args.metrics, io);
  if (typeof reading === 'number') return reading;
  const byInput = new Map(reading.hpas.map(h => [inputName(reading, h), h]));
  const inputs = [...byInput].map(([name, h]) => ({ name, text: `${JSON.stringify(dumpOf(h), undefined, 2)}\n` }));
  return explainInputs({ inputs, problems: [] }, args, serverRun(args, reading, run), io, {
    kubectlFlags: kubectlFlags(args),
    text: input => formatLive(byInput.get(input)),
    json: input => {
      const h = byInput.get(input);
      if (!h) return {};
      const { problems, scale, events, metrics } = h;
      return { live: { context: reading.context, server: reading.server, problems, scale, events, metrics } };
    },
  });
}

/** Each HPA's input is named by where it was read: `<context>/<namespace>/<name>`. */
function inputName(reading: LiveReaderModule.LiveReading, h: LiveReaderModule.LiveHpa): string {
  return `${reading.context}/${h.hpa.metadata?.namespace}/${h.hpa.metadata?.name}`;
}

/** The objects as `kubectl get hpa,deploy,pods,events -o json` returns them: one `List`. */
function dumpOf(h: LiveReaderModule.LiveHpa): object {
  return { apiVersion: 'v1', kind: 'List', items: [h.hpa, ...(h.target ? [h.target] : []), ...h.pods, ...h.events], metadata: { resourceVersion: '' } };
}

/** The run's settings with the server's own Kubernetes version, unless `--k8s-version` gives one (`serverRelease`). */
function serverRun(args: ExplainArgs, reading: LiveReaderModule.LiveReading, run: RunSettings): RunSettings {
  const release = serverRelease(args, reading);
  return release === undefined ? run : RunSettings.resolve({ ...args, k8sVersion: release });
}

/**
 * What the dump does not hold, as lines after the explanation (the events are in the dump, and
 * the explanation reads them): what could not be read, and the metric values read now.
 */
function formatLive(h: LiveReaderModule.LiveHpa | undefined): string {
  if (!h) return '';
  const out: string[] = [];
  if (h.problems.length > 0) {
    out.push('  read from the cluster:');
    for (const p of h.problems) out.push(`    - ${p}`);
  }
  if (h.metrics.length > 0) {
    out.push('  metric values read now:');
    for (const m of h.metrics) out.push(`    spec.metrics[${m.index}] ${m.type} ${m.name}: ${metricValues(m)}`);
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

/** One metric's answer in a line: per pod, per object, or per external series. */
function metricValues(m: MetricReading): string {
  if (m.error !== undefined) return m.error;
  const items: any[] = Array.isArray(m.response?.items) ? m.response.items : [];
  if (items.length === 0) return `no values (${m.path})`;
  if (m.type === 'Resource' || m.type === 'ContainerResource') {
    return items.map(pod => {
      const containers: any[] = Array.isArray(pod.containers) ? pod.containers : [];
      const used = containers.map(c => `${c.name} ${c.usage?.[m.name] ?? '?'}`).join(', ');
      return `${pod.metadata?.name} [${used}]`;
    }).join('; ');
  }
  return items.map(item => {
    const of = item.describedObject ? `${item.describedObject.name}` : Object.entries(item.metricLabels ?? {}).map(([k, v]) => `${k}=${v}`).join(',');
    return `${of ? `${of} ` : ''}${item.value}`;
  }).join('; ');
}
