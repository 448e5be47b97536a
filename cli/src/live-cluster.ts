/**
 * Reading a live cluster from the command line, for each command that does (`explain`, `tune
 * --all`): the flags kubectl takes for it, and one read of the HPAs with what the controller reads
 * for each (cli/src/cluster/, loaded only when a cluster is read).
 */
import type * as LiveReaderModule from './cluster/live-reader';
import { Io } from './command';
import { EXIT_USAGE, UsageError } from './errors';
import { ClusterFlags, FlagArg } from './flags';
import { RunSettings } from './run-settings';

/** Which cluster, and which of its namespaces, as kubectl's flags name them. */
export interface LiveFlags {
  /** `-n`, `--namespace`: the namespace to read HPAs from. */
  namespace?: string;
  /** `-A`, `--all-namespaces`: the HPAs of every namespace. */
  allNamespaces: boolean;
  /** `--context`: the kubeconfig context to read through. */
  context?: string;
  /** `--kubeconfig`: the kubeconfig file, instead of KUBECONFIG or ~/.kube/config. */
  kubeconfig?: string;
}

/** Reads `option` into `live` when it is `-n`, `-A`, `--context` or `--kubeconfig`; returns whether it was. */
export function readLiveFlag(option: FlagArg, live: LiveFlags): boolean {
  switch (option.flag) {
    case '-n':
    case '--namespace':
      live.namespace = option.nonEmptyValue();
      return true;
    case '-A':
    case '--all-namespaces':
      option.noValue();
      live.allNamespaces = true;
      return true;
    case '--context':
      live.context = option.nonEmptyValue();
      return true;
    case '--kubeconfig':
      live.kubeconfig = option.nonEmptyValue();
      return true;
    default:
      return false;
  }
}

/** Refuses flags that cannot go together. */
export function checkLiveFlags(live: Readonly<LiveFlags>): void {
  if (live.namespace !== undefined && live.allNamespaces) throw new UsageError('-n and -A cannot both be given');
}

/** `--context NAME` and `--kubeconfig FILE`, as given: a kubectl command printed for the cluster read carries them. */
export function kubectlFlags(live: Readonly<LiveFlags>): string[] {
  return [...live.context !== undefined ? ['--context', live.context] : [], ...live.kubeconfig !== undefined ? ['--kubeconfig', live.kubeconfig] : []];
}

/**
 * The HPAs `names` (none: every HPA of the namespace, or of every namespace with `-A`), each with
 * what the controller reads for it; or exit code 2 after one line on standard error: a cluster
 * that cannot be read, or no HPA in it.
 */
export async function readCluster(live: Readonly<LiveFlags>, names: readonly string[], metrics: boolean,
  io: Io): Promise<LiveReaderModule.LiveReading | number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readLive, ClusterError } = require('./cluster/live-reader') as typeof LiveReaderModule;
  let reading: LiveReaderModule.LiveReading;
  try {
    const { kubeconfig, context, namespace, allNamespaces } = live;
    reading = await readLive({ kubeconfig, context, namespace, allNamespaces, names, metrics });
  } catch (e) {
    if (!(e instanceof ClusterError)) throw e;
    io.stderr(`cdk8s-hpa: ${e.message}\n`);
    return EXIT_USAGE;
  }
  if (reading.hpas.length === 0) {
    io.stderr(`cdk8s-hpa: no HorizontalPodAutoscaler in ${whereRead(reading)} (context "${reading.context}", ${reading.server})\n`);
    return EXIT_USAGE;
  }
  return reading;
}

/** `namespace "shop"`, or `any namespace` with `-A`. */
export function whereRead(reading: LiveReaderModule.LiveReading): string {
  return reading.namespace !== undefined ? `namespace "${reading.namespace}"` : 'any namespace';
}

/**
 * The server's Kubernetes release (`1.36` of `v1.36.3`), for a run whose flags name none
 * (`--k8s-version`); undefined when the flags name one, the server did not say, or the library
 * does not know that release (the run keeps its default).
 */
export function serverRelease(flags: Readonly<ClusterFlags>, reading: LiveReaderModule.LiveReading): string | undefined {
  const minor = /^v?(\d+\.\d+)/.exec(reading.version ?? '')?.[1];
  if (flags.k8sVersion !== undefined || minor === undefined) return undefined;
  try {
    RunSettings.resolve({ ...flags, k8sVersion: minor });
    return minor;
  } catch (e) {
    if (e instanceof UsageError) return undefined;
    throw e;
  }
}
