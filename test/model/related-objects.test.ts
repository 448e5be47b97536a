/**
 * The related-objects index on YAML inputs, through the one input path (`checkInputs`): when the
 * input holds an HPA's target or plainly should (HPA306), and which autoscalers are one and
 * which fight over a target, KEDA ScaledObjects among them (HPA304).
 */
import { ClusterProfile } from '../../src';
import { checkInputs, TextInput } from '../../src/manifests/check-inputs';
import { IndexedObject, RelatedObjects } from '../../src/model/related-objects';

function findings(...inputs: TextInput[]): Array<[string, string, string | undefined]> {
  const checked = checkInputs(inputs, () => ({ profile: ClusterProfile.of({ version: '1.36' }) }));
  return checked.issues.map(i => [`${i.file}:${i.object?.name}`, i.ruleId, i.fix]);
}

const file = (name: string, ...documents: string[]): TextInput => ({ name, text: documents.join('---\n') });

function hpa(name: string, target: string, options: { kind?: string; apiVersion?: string; namespace?: string; owner?: string } = {}): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
${options.namespace ? `  namespace: ${options.namespace}\n` : ''}${options.owner ? `  ownerReferences:
  - {apiVersion: keda.sh/v1alpha1, kind: ScaledObject, name: ${options.owner}, controller: true, blockOwnerDeletion: true, uid: 0e7d3f0b-6b1b-4a59-8d55-0d83b0e0c2aa}\n` : ''}spec:
  scaleTargetRef: {apiVersion: ${options.apiVersion ?? 'apps/v1'}, kind: ${options.kind ?? 'Deployment'}, name: ${target}}
  minReplicas: 2
  maxReplicas: 10
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: AverageValue, averageValue: 500m}}
`;
}

function workload(kind: string, name: string, namespace?: string, apiVersion = 'apps/v1'): string {
  return `apiVersion: ${apiVersion}
kind: ${kind}
metadata:
  name: ${name}
${namespace ? `  namespace: ${namespace}\n` : ''}spec:
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers:
      - {name: app, image: registry.example/${name}:1.0.0, resources: {requests: {cpu: 100m}}}
`;
}

const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n';
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web}\ndata: {LOG_LEVEL: info}\n';

describe('HPA306: a target the input should hold', () => {
  test('says nothing when the input plainly is not the whole picture: an HPA alone, or beside a Service and a ConfigMap', () => {
    expect(findings(file('hpa.yaml', hpa('web', 'web')))).toEqual([]);
    expect(findings(file('web.yaml', SERVICE, CONFIG_MAP, hpa('web', 'web')))).toEqual([]);
  });

  test('finds the target in another file of the input, as kubectl apply -f dir/ applies them together', () => {
    expect(findings(file('deploy/web.yaml', workload('Deployment', 'web')), file('deploy/hpa.yaml', hpa('web', 'web')))).toEqual([]);
  });

  test('looks only where the HPA\'s own file holds workloads of its namespace', () => {
    // The HPA's file holds no workload: another file's workloads do not make it the whole picture.
    expect(findings(file('api.yaml', workload('Deployment', 'api')), file('worker-hpa.yaml', hpa('worker', 'worker')))).toEqual([]);
    // Its file holds a workload of another namespace only.
    expect(findings(file('all.yaml', workload('Deployment', 'api', 'payments'), hpa('worker', 'worker', { namespace: 'shop' })))).toEqual([]);
    // Its file holds a workload of its namespace.
    expect(findings(file('all.yaml', workload('Deployment', 'api', 'shop'), hpa('worker', 'worker', { namespace: 'shop' }))))
      .toEqual([['all.yaml:worker', 'HPA306', expect.stringMatching(/^name a workload of the input; if something outside this input makes Deployment\/worker/)]]);
  });

  test('names the closest workload: a misspelling, a prefix or suffix, the same name in another kind', () => {
    const fixOf = (target: string, kind: string, ...present: string[]) => findings(file('all.yaml', ...present, hpa('h', target, { kind })))[0]?.[2];
    expect(fixOf('storefornt', 'Deployment', workload('Deployment', 'storefront'), workload('Deployment', 'checkout')))
      .toMatch(/^set name to "storefront", the Deployment the input holds \(all\.yaml:1\);/);
    // Helm's release prefix, kustomize's namePrefix and nameSuffix.
    expect(fixOf('web', 'Deployment', workload('Deployment', 'shop-web'))).toMatch(/^set name to "shop-web"/);
    expect(fixOf('web', 'Deployment', workload('Deployment', 'web-deployment'), workload('Deployment', 'webhook-relay'))).toMatch(/^set name to "web-deployment"/);
    expect(fixOf('prod-web', 'Deployment', workload('Deployment', 'web'))).toMatch(/^set name to "web"/);
    expect(fixOf('web', 'StatefulSet', workload('Deployment', 'web'))).toMatch(/^set kind to "Deployment": the input holds Deployment\/web \(all\.yaml:1\);/);
    expect(fixOf('web', 'Deployment', workload('Rollout', 'web-canary', undefined, 'argoproj.io/v1alpha1')))
      .toMatch(/^set kind to "Rollout" and apiVersion to "argoproj.io\/v1alpha1" and name to "web-canary"/);
  });

  test('a target only in other named namespaces, where the HPA\'s namespace shows its workloads, is HPA305', () => {
    // kubectl get deployment,hpa -A -o yaml: staging has its own workloads, but web only in prod.
    expect(findings(file('all.yaml', workload('Deployment', 'api', 'staging'), workload('Deployment', 'web', 'prod'), hpa('web', 'web', { namespace: 'staging' }))))
      .toEqual([['all.yaml:web', 'HPA305', 'set the HPA\'s metadata.namespace to "prod"']]);
    // Without a workload of staging the input says nothing of staging: another object of the same name.
    expect(findings(file('all.yaml', workload('Deployment', 'web', 'prod'), hpa('web', 'web', { namespace: 'staging' })))).toEqual([]);
  });

  test('a target in another namespace is HPA305\'s or a note\'s case, not a missing one', () => {
    const checked = checkInputs([file('all.yaml', workload('Deployment', 'web', 'shop'), workload('Deployment', 'api'), hpa('web', 'web'))],
      () => ({ profile: ClusterProfile.of({}) }));
    expect(checked.issues.map(i => i.ruleId)).toEqual([]);
    expect(checked.notes).toEqual([expect.stringContaining('was not checked against Deployment/web, which the input holds with namespace "shop"')]);
  });

  test('a custom resource target is looked for among the objects of its kind', () => {
    const app = (name: string) => `apiVersion: example.com/v1\nkind: WebApp\nmetadata: {name: ${name}}\nspec: {replicas: 2}\n`;
    expect(findings(file('all.yaml', workload('Deployment', 'api'), hpa('shop', 'shop', { apiVersion: 'example.com/v1', kind: 'WebApp' })))).toEqual([]);
    expect(findings(file('all.yaml', app('shopp'), hpa('shop', 'shop', { apiVersion: 'example.com/v1', kind: 'WebApp' }))))
      .toEqual([['all.yaml:shop', 'HPA306', expect.stringMatching(/^set name to "shopp", the WebApp the input holds/)]]);
  });
});

describe('HPA304: two autoscalers on one target, where they share a namespace for sure', () => {
  const ids = (...inputs: TextInput[]) => findings(...inputs).filter(f => f[1] === 'HPA304').map(f => f[0]);

  test('namespace-less HPAs in one file, or in one folder, are applied to one namespace together', () => {
    expect(ids(file('deploy/all.yaml', workload('Deployment', 'web'), hpa('web-cpu', 'web'), hpa('web-memory', 'web'))))
      .toEqual(['deploy/all.yaml:web-cpu', 'deploy/all.yaml:web-memory']);
    expect(ids(file('deploy/web.yaml', workload('Deployment', 'web'), hpa('web-cpu', 'web')), file('deploy/memory.yaml', hpa('web-memory', 'web'))))
      .toEqual(['deploy/web.yaml:web-cpu', 'deploy/memory.yaml:web-memory']);
  });

  test('namespace-less HPAs in two folders may go to two namespaces (kubectl apply -n test, -n test-zero): not reported', () => {
    expect(ids(file('demo-a/web.yaml', workload('Deployment', 'web'), hpa('web', 'web')), file('demo-b/web.yaml', workload('Deployment', 'web'), hpa('web-b', 'web'))))
      .toEqual([]);
  });

  test('HPAs in two folders that name the same namespace are in it for sure', () => {
    expect(ids(file('demo-a/web.yaml', hpa('web', 'web', { namespace: 'shop' })), file('demo-b/web.yaml', hpa('web-b', 'web', { namespace: 'shop' }))))
      .toEqual(['demo-a/web.yaml:web', 'demo-b/web.yaml:web-b']);
  });

  test('a misnamed HPA (kind: HorizontalPodAutoScaler), which kubectl refuses, scales nothing', () => {
    const misnamed = hpa('web-b', 'web').replace('kind: HorizontalPodAutoscaler', 'kind: HorizontalPodAutoScaler');
    expect(findings(file('all.yaml', hpa('web', 'web'), misnamed)).map(f => f.slice(0, 2))).toEqual([['all.yaml:web-b', 'HPA100']]);
  });
});

describe('HPA304 with KEDA: a ScaledObject counts as the HPA KEDA makes of it', () => {
  /** A ScaledObject in namespace shop; `ref` is its scaleTargetRef, `extra` more of its spec. */
  const scaledObject = (name: string, ref: string, extra = '') => `apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: ${name}
  namespace: shop
spec:
  scaleTargetRef: ${ref}
${extra}  triggers:
  - type: rabbitmq
    metadata: {protocol: amqp, queueName: orders, mode: QueueLength, value: "20"}
`;

  test('a ScaledObject with KEDA\'s defaults (apps/v1, Deployment) and an HPA on that Deployment', () => {
    expect(findings(file('all.yaml', scaledObject('worker', '{name: worker}'), hpa('worker-cpu', 'worker', { namespace: 'shop' }))))
      .toEqual([['all.yaml:worker-cpu', 'HPA304', expect.stringMatching(/^remove this HPA and let ScaledObject "worker" scale the target/)]]);
  });

  test('a ScaledObject on another kind, in another namespace, or without a target is no conflict', () => {
    const statefulSet = scaledObject('worker', '{apiVersion: apps/v1, kind: StatefulSet, name: worker}');
    expect(findings(file('all.yaml', statefulSet, hpa('worker-cpu', 'worker', { namespace: 'shop' })))).toEqual([]);
    expect(findings(file('all.yaml', scaledObject('worker', '{name: worker}'), hpa('worker-cpu', 'worker', { namespace: 'jobs' })))).toEqual([]);
    expect(findings(file('all.yaml', scaledObject('worker', '{name: ""}'), hpa('worker-cpu', 'worker', { namespace: 'shop' })))).toEqual([]);
  });

  test('a ScaledObject and the HPA KEDA made of it are one autoscaler: by KEDA\'s name for it, or by its owner', () => {
    expect(findings(file('all.yaml', scaledObject('worker', '{name: worker}'), hpa('keda-hpa-worker', 'worker', { namespace: 'shop', owner: 'worker' })))).toEqual([]);
    const named = scaledObject('worker', '{name: worker}', '  advanced:\n    horizontalPodAutoscalerConfig:\n      name: worker-autoscaler\n');
    expect(findings(file('all.yaml', named, hpa('worker-autoscaler', 'worker', { namespace: 'shop' })))).toEqual([]);
    expect(findings(file('all.yaml', scaledObject('worker', '{name: worker}'), hpa('renamed', 'worker', { namespace: 'shop', owner: 'worker' })))).toEqual([]);
  });

  test('two ScaledObjects on one target: KEDA\'s HPA of one is told to merge them', () => {
    expect(findings(file('all.yaml', scaledObject('worker-queue', '{name: worker}'), hpa('keda-hpa-worker-cpu', 'worker', { namespace: 'shop', owner: 'worker-cpu' }))))
      .toEqual([['all.yaml:keda-hpa-worker-cpu', 'HPA304', 'keep one ScaledObject per target: merge the triggers of ScaledObjects "worker-cpu" and "worker-queue" into one']]);
  });
});

const indexed = (manifest: any): IndexedObject => ({ manifest, where: () => undefined });
const hpaObject = (namespace: string | undefined, name: string, uid?: string, ownerReferences?: any[]) => indexed({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name, ...(namespace && { namespace }), ...(uid && { uid }), ...(ownerReferences && { ownerReferences }) },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name } },
});
/** A core/v1 Event as the controller's event recorder writes it. */
const coreEvent = (name: string, involvedObject: any, reason: string) => indexed({
  apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: involvedObject.namespace }, involvedObject, reason, count: 1,
});

describe('RelatedObjects.eventsOf', () => {
  const web = hpaObject('shop', 'web', 'uid-web');
  const objects = new RelatedObjects();
  const about = { kind: 'HorizontalPodAutoscaler', namespace: 'shop', name: 'web', uid: 'uid-web' };
  const own = coreEvent('web.1', about, 'SuccessfulRescale');
  const noUid = coreEvent('web.2', { ...about, uid: undefined }, 'FailedGetExternalMetric');
  const newer = indexed({
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'web.3', namespace: 'shop' },
    regarding: { kind: 'HorizontalPodAutoscaler', namespace: 'shop', name: 'web' },
    reason: 'FailedGetScale',
  });
  const earlierObject = coreEvent('web.4', { ...about, uid: 'uid-of-a-deleted-web' }, 'SuccessfulRescale');
  const otherNamespace = coreEvent('web.5', { ...about, namespace: 'dev' }, 'SuccessfulRescale');
  const deployment = coreEvent('web.6', { ...about, kind: 'Deployment' }, 'ScalingReplicaSet');
  for (const o of [web, own, noUid, newer, earlierObject, otherNamespace, deployment]) objects.add(o);

  test('holds the events of both APIs about the HPA, with its uid when both carry one', () => {
    expect(objects.eventsOf(web)).toEqual([own, noUid, newer]);
  });

  test('matches an HPA without a namespace to events without one', () => {
    const bare = hpaObject(undefined, 'job');
    const index = new RelatedObjects();
    const event = indexed({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'job.1' }, involvedObject: { kind: 'HorizontalPodAutoscaler', name: 'job' } });
    index.add(bare);
    index.add(event);
    expect(index.eventsOf(bare)).toEqual([event]);
  });
});

describe('RelatedObjects.scaledObjectOf', () => {
  const scaledObject = indexed({ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'worker', namespace: 'jobs', uid: 'so-1' } });
  const ref = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', name: 'worker', uid: 'so-1', controller: true, blockOwnerDeletion: true };

  test('finds the ScaledObject that owns a KEDA HPA in its namespace', () => {
    const owned = hpaObject('jobs', 'keda-hpa-worker', 'h-1', [ref]);
    const objects = new RelatedObjects();
    objects.add(scaledObject);
    objects.add(owned);
    expect(objects.scaledObjectOf(owned)).toBe(scaledObject);
  });

  test('finds none in another namespace, or without the owner reference', () => {
    const objects = new RelatedObjects();
    objects.add(scaledObject);
    expect(objects.scaledObjectOf(hpaObject('other', 'keda-hpa-worker', 'h-1', [ref]))).toBeUndefined();
    expect(objects.scaledObjectOf(hpaObject('jobs', 'keda-hpa-worker'))).toBeUndefined();
  });
});
