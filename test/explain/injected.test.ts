/**
 * A container that a mutating webhook injects (in the Pod, not in the pod template) and that
 * lacks a request: named as injected, with where its request is set, never "in the pod template".
 */
import { CLUSTER, hpa, NOW, objects } from './fixtures';
import { HpaExplainer } from '../../src';

const FILE = 'injected-sidecar.yaml';
const items = () => JSON.parse(JSON.stringify(objects(FILE))) as any[];
const explain = (all: any[], related = all.filter(o => o.kind !== 'HorizontalPodAutoscaler')) =>
  HpaExplainer.explain(all.find(o => o.kind === 'HorizontalPodAutoscaler'), { cluster: CLUSTER, now: NOW, relatedObjects: related });

const ISTIO_CPU = 'container "istio-proxy" is injected by Istio\'s sidecar injector (it is in the pods, not in the pod template of Deployment/checkout): '
  + 'set its cpu request where Istio\'s sidecar injector reads it: the pod template annotation sidecar.istio.io/proxyCPU (e.g. "100m"), '
  + 'or the mesh-wide default, global.proxy.resources of Istio\'s install values; '
  + 'or use a ContainerResource metric on container "app", which reads that container\'s request alone, or an averageValue target';

describe('a request missing in an injected container', () => {
  test('istio-proxy, in the pods and not in the Deployment\'s template: the injector\'s annotation, or a ContainerResource metric on the app', () => {
    const e = explain(items());
    expect(e.findings[0]).toMatchObject({ findingId: 'EXP101', path: 'spec.metrics[0].resource' });
    expect(e.findings[0].fix).toBe(ISTIO_CPU);
    expect(e.nextStep).toBe(ISTIO_CPU);
    expect(e.nextStep).not.toContain('in the pod template (resources.requests');
  });

  test('from the pods alone, whatever the controller\'s message says: the first container without the request', () => {
    const all = items();
    const h = all[0];
    h.status.conditions[1].message = 'the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: no metrics returned from resource metrics API';
    expect(explain(all).findings[0].fix).toBe(ISTIO_CPU);
  });

  test('the HPA alone: istio-proxy is known by its name as the container Istio injects', () => {
    const e = HpaExplainer.explain(hpa(FILE, 'checkout'), { cluster: CLUSTER, now: NOW });
    expect(e.findings[0].fix).toBe('container "istio-proxy" is injected by Istio\'s sidecar injector: set its cpu request where Istio\'s sidecar injector reads it: '
      + 'the pod template annotation sidecar.istio.io/proxyCPU (e.g. "100m"), or the mesh-wide default, global.proxy.resources of Istio\'s install values; '
      + 'or use a ContainerResource metric on the application\'s container, which reads that container\'s request alone, or an averageValue target');
  });

  test('a container of no known injector, absent from the template: the webhook, found with kubectl', () => {
    const all = items();
    for (const pod of all.filter(o => o.kind === 'Pod')) pod.spec.containers[1].name = 'log-shipper';
    all[0].status.conditions[1].message = all[0].status.conditions[1].message.replace('istio-proxy', 'log-shipper');
    expect(explain(all).findings[0].fix).toBe('container "log-shipper" is injected by a mutating admission webhook (it is in the pods, not in the pod template of Deployment/checkout): '
      + 'set its cpu request in that webhook\'s configuration, or the annotations it reads on the pod template (kubectl get mutatingwebhookconfigurations names the webhooks); '
      + 'or use a ContainerResource metric on container "app", which reads that container\'s request alone, or an averageValue target');
  });

  test('fails when the container is the template\'s own: its request goes in the pod template', () => {
    const all = items();
    const template = all.find(o => o.kind === 'Deployment').spec.template.spec;
    template.containers.push({ name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2', resources: { requests: { memory: '128Mi' } } });
    const e = explain(all);
    // The template lacks the request: the validator's HPA301 says where.
    expect(e.findings[0].ruleIds).toEqual(['HPA301']);
    expect(e.findings[0].fix).not.toContain('injected');
  });
});
