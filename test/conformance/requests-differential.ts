/**
 * The differential test of HPA301 and HPA302 against the real ReplicaCalculator (the TestRequests
 * program in controller/requests_test.go): generated pod templates (containers, plain and
 * restartable init containers, pod-level requests and limits, requests set or defaulted from
 * limits) and a Resource or ContainerResource Utilization metric go to both. The controller's
 * error must be what the engine reports, on the workload facts the command line reads from a
 * Deployment: no error and no issue; `missing request for R in container C` and an HPA301 naming
 * C first; `missing pod-level request` and the pod-level HPA301; requests that add up to 0
 * (`no metrics returned matched known pods`) and the HPA301 that says so; a container the pods
 * do not run and HPA302.
 */
import * as fc from 'fast-check';
import { runGoTest } from './go-programs';
import { gateSettings, POD_GATES } from './hpa-arbitrary';
import { ClusterProfile } from '../../src';
import { workloadFactsFromManifest } from '../../src/model/workload-facts';
import { validateManifest } from '../../src/validation/engine';

export interface RequestCase {
  readonly id: string;
  readonly gates: { [gate: string]: boolean };
  readonly pod: { [key: string]: unknown };
  readonly resource: string;
  /** The ContainerResource metric's container; empty for a Resource metric. */
  readonly container: string;
}

interface GoRequestResult {
  readonly id: string;
  readonly error: string;
  readonly invalid?: string;
  readonly setup?: string;
}

const RESOURCES = ['cpu', 'memory'];
/** Request and limit values per resource: small ones and zero in containers, large ones and zero at pod level. */
type Values = { [resource: string]: [requests: string[], limits: string[]] };
const CONTAINER_VALUES: Values = { cpu: [['100m', '100m', '0'], ['200m', '200m', '0']], memory: [['64Mi', '64Mi', '0'], ['128Mi']] };
const POD_VALUES: Values = { cpu: [['8', '8', '0'], ['16']], memory: [['8Gi'], ['16Gi']] };

/** `requests` and `limits` over a subset of cpu and memory each, or no `resources`. */
function resources(values: Values): fc.Arbitrary<{ [key: string]: unknown } | undefined> {
  const list = (i: 0 | 1) => fc.subarray(RESOURCES).chain(rs => (rs.length === 0 ? fc.constant(undefined)
    : fc.tuple(...rs.map(r => fc.constantFrom(...values[r][i]))).map(vs => Object.fromEntries(rs.map((r, k) => [r, vs[k]])))));
  return fc.tuple(list(0), list(1))
    .map(([requests, limits]) => (requests || limits ? { ...(requests && { requests }), ...(limits && { limits }) } : undefined));
}

function containerSpec(name: string, init: boolean): fc.Arbitrary<{ [key: string]: unknown }> {
  // Often none: pod-level requests then stand alone.
  const own = fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: resources(CONTAINER_VALUES), weight: 1 });
  return fc.record({ resources: own, sidecar: init ? fc.boolean() : fc.constant(false) })
    .map(({ resources: r, sidecar }) => ({ name, image: `example/${name}:1`, ...(sidecar && { restartPolicy: 'Always' }), ...(r && { resources: r }) }));
}

/** A pod spec and a metric on it, with the release's settable gates. */
export function requestCaseArbitrary(settable: readonly string[]): fc.Arbitrary<Omit<RequestCase, 'id'>> {
  const names = (pool: string[], min: number) => fc.subarray(pool, { minLength: min });
  return fc.record({
    gates: gateSettings(settable.filter(g => POD_GATES.includes(g))),
    containers: names(['app', 'proxy', 'exporter'], 1).chain(ns => fc.tuple(...ns.map(n => containerSpec(n, false)))),
    initContainers: names(['migrate', 'mesh', 'agent'], 0).chain(ns => fc.tuple(...ns.map(n => containerSpec(n, true)))),
    podResources: fc.oneof(fc.constant(undefined), resources(POD_VALUES)),
    resource: fc.constantFrom(...RESOURCES),
  }).chain(c => {
    const own = [...c.containers, ...c.initContainers].map(x => x.name as string);
    // Mostly a Resource metric; a ContainerResource one mostly on a container of the pod.
    const metricContainer = fc.oneof(
      { arbitrary: fc.constant(''), weight: 3 },
      { arbitrary: fc.constantFrom(...own), weight: 2 },
      { arbitrary: fc.constant('nope'), weight: 1 },
    );
    const pod = {
      containers: c.containers,
      ...(c.initContainers.length && { initContainers: c.initContainers }),
      ...(c.podResources && { resources: c.podResources }),
    };
    return metricContainer.map(container => ({ gates: c.gates, pod, resource: c.resource, container }));
  });
}

/** What the engine reports for the case: the HPA301 and HPA302 issues, on the command line's facts. */
function engineIssues(minor: string, c: RequestCase): Array<{ ruleId: string; message: string }> {
  const target = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
  const metric = c.container
    ? { type: 'ContainerResource', containerResource: { name: c.resource, container: c.container, target: { type: 'Utilization', averageUtilization: 50 } } }
    : { type: 'Resource', resource: { name: c.resource, target: { type: 'Utilization', averageUtilization: 50 } } };
  const hpa = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' }, spec: { scaleTargetRef: target, maxReplicas: 5, metrics: [metric] } };
  const workload = workloadFactsFromManifest({ ...target, metadata: { name: 'web' }, spec: { template: { spec: c.pod } } });
  return validateManifest(hpa, { cluster: ClusterProfile.of({ version: minor, featureGates: c.gates })._facts(), workload })
    .filter(i => i.ruleId === 'HPA301' || i.ruleId === 'HPA302');
}

/** Why the engine's answer differs from the controller's error, or undefined when they agree. */
export function requestMismatch(minor: string, c: RequestCase, error: string): string | undefined {
  const issues = engineIssues(minor, c);
  const first = issues[0];
  const shown = issues.map(i => `${i.ruleId} ${i.message}`).join(' | ') || 'no issue';
  const missing = /^missing request for \S+ in container (\S+) of Pod/.exec(error);
  let agrees: boolean;
  if (error === '') {
    agrees = issues.length === 0;
  } else if (missing) {
    agrees = first?.ruleId === 'HPA301' && first.message.includes(` "${missing[1]}" of `);
  } else if (/^missing pod-level request for /.test(error)) {
    agrees = first?.ruleId === 'HPA301' && first.message.includes('sets pod-level requests');
  } else if (error === 'no metrics returned matched known pods') {
    agrees = first?.ruleId === 'HPA301' && / (add up to|is) 0: /.test(first.message);
  } else if (/container \S+ (not found in Pod|not present in metrics)/.test(error)) {
    agrees = first?.ruleId === 'HPA302';
  } else {
    return `case ${c.id}: unexpected controller error "${error}"`;
  }
  return agrees ? undefined : `case ${c.id} ${JSON.stringify({ gates: c.gates, pod: c.pod, resource: c.resource, container: c.container })}: the controller says "${error || 'no error'}", the engine ${shown}`;
}

/** Runs the cases through TestRequests of one release's controller test binary. */
export async function runRequests(binary: string, cases: readonly RequestCase[]): Promise<Map<string, GoRequestResult>> {
  const results = await runGoTest<GoRequestResult>(binary, 'TestRequests', 'CONFORMANCE_REQUEST_CASES', 'CONFORMANCE_REQUEST_RESULTS', cases);
  return new Map(results.map(r => [r.id, r]));
}
