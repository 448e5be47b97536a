/**
 * Each pod's request as the HPA controller sums it (`podRequestOf`), read from a workload manifest
 * as the cross-object checks read it: the containers it counts, sidecars and pod-level requests
 * by the release's rules, a ContainerResource metric's container.
 */
import { podRequestOf, RequestRules, requestsSumToZero, workloadFactsFromManifest } from '../../src/model/workload-facts';

/** A Deployment as kubectl or cdk8s writes it, with the given pod template spec. */
const deployment = (pod: any) => workloadFactsFromManifest({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: pod } },
});

const app = (resources: any) => ({ name: 'app', image: 'nginx', resources });
const proxy = { name: 'proxy', image: 'envoy', restartPolicy: 'Always', resources: { requests: { cpu: '100m', memory: '64Mi' } } };
const migrate = { name: 'migrate', image: 'flyway', resources: { requests: { cpu: '2' } } };

/** The rules of 1.28 (no sidecars), 1.33 (sidecars, no pod-level requests), 1.34 on (both). */
const OLD: RequestRules = { sidecars: false, podLevel: false, sidecarsFirst: false };
const SIDECARS: RequestRules = { sidecars: true, podLevel: false, sidecarsFirst: false };
const POD_LEVEL: RequestRules = { sidecars: true, podLevel: true, sidecarsFirst: false };

describe('podRequestOf', () => {
  test.each<[string, any, string, string | undefined, RequestRules, number | undefined]>([
    ['one container\'s request', { containers: [app({ requests: { cpu: '250m' } })] }, 'cpu', undefined, OLD, 0.25],
    ['a limit without a request stands for it', { containers: [app({ limits: { cpu: '1500m' } })] }, 'cpu', undefined, OLD, 1.5],
    ['every container counted, in milli-units', { containers: [app({ requests: { cpu: '250m' } }), { ...app({ requests: { cpu: '0.1' } }), name: 'log' }] }, 'cpu', undefined, OLD, 0.35],
    ['a sidecar is not counted before 1.29', { initContainers: [migrate, proxy], containers: [app({ requests: { cpu: '250m' } })] }, 'cpu', undefined, OLD, 0.25],
    ['a sidecar counts from 1.29, an ordinary init container never', { initContainers: [migrate, proxy], containers: [app({ requests: { cpu: '250m' } })] }, 'cpu', undefined, SIDECARS, 0.35],
    ['memory in bytes', { initContainers: [proxy], containers: [app({ requests: { memory: '256Mi' } })] }, 'memory', undefined, SIDECARS, 320 * 2 ** 20],
    ['a container without the request: none known', { containers: [app({ requests: { cpu: '250m' } }), { name: 'log', image: 'fluentbit' }] }, 'cpu', undefined, OLD, undefined],
    ['a quantity that is not one: none known', { containers: [app({ requests: { cpu: 'lots' } })] }, 'cpu', undefined, OLD, undefined],
    ['ContainerResource reads its container only', { initContainers: [proxy], containers: [app({ requests: { cpu: '250m' } })] }, 'cpu', 'app', SIDECARS, 0.25],
    ['ContainerResource on a sidecar, from 1.29', { initContainers: [proxy], containers: [app({ requests: { cpu: '250m' } })] }, 'cpu', 'proxy', SIDECARS, 0.1],
    ['ContainerResource on a container the controller does not count: none known', { initContainers: [proxy], containers: [app({ requests: { cpu: '250m' } })] }, 'cpu', 'proxy', OLD, undefined],
    ['pod-level requests, read from 1.34', { resources: { requests: { cpu: '1' } }, containers: [app({}), { name: 'log', image: 'fluentbit' }] }, 'cpu', undefined, POD_LEVEL, 1],
    ['pod-level requests ignored before: the containers lack it', { resources: { requests: { cpu: '1' } }, containers: [app({})] }, 'cpu', undefined, SIDECARS, undefined],
    ['pod-level requests do not answer a ContainerResource metric', { resources: { requests: { cpu: '1' } }, containers: [app({ requests: { cpu: '200m' } })] }, 'cpu', 'app', POD_LEVEL, 0.2],
    ['pod-level limits give the request the containers sum to', { resources: { limits: { cpu: '2' } }, containers: [app({ requests: { cpu: '300m' } }), { ...app({ requests: { cpu: '200m' } }), name: 'log' }] }, 'cpu', undefined, POD_LEVEL, 0.5],
  ])('%s', (_title, pod, resource, container, rules, expected) => {
    expect(podRequestOf(deployment(pod), resource, container, rules)).toBe(expected);
  });

  test('requests that are all 0 sum to 0, which HPA301 reports', () => {
    const zero = deployment({ containers: [app({ requests: { cpu: '0' } }), { ...app({ limits: { cpu: '0m' } }), name: 'log' }] });
    expect(podRequestOf(zero, 'cpu', undefined, OLD)).toBe(0);
    expect(requestsSumToZero(zero, 'cpu', undefined, OLD)).toBe(true);
    expect(requestsSumToZero(deployment({ containers: [app({ requests: { cpu: '0' } }), { ...app({ requests: { cpu: '10m' } }), name: 'log' }] }), 'cpu', undefined, OLD)).toBe(false);
  });

  test('a workload whose containers are not known has no request', () => {
    expect(podRequestOf({ kind: 'Rollout', name: 'web' }, 'cpu', undefined, POD_LEVEL)).toBeUndefined();
  });
});
