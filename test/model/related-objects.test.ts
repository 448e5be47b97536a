import { IndexedObject, RelatedObjects } from '../../src/model/related-objects';

const object = (manifest: any): IndexedObject => ({ manifest, where: () => undefined });
const hpa = (namespace: string | undefined, name: string, uid?: string, ownerReferences?: any[]) => object({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name, ...(namespace && { namespace }), ...(uid && { uid }), ...(ownerReferences && { ownerReferences }) },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name } },
});
/** A core/v1 Event as the controller's event recorder writes it. */
const coreEvent = (name: string, involvedObject: any, reason: string) => object({
  apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: involvedObject.namespace }, involvedObject, reason, count: 1,
});

describe('RelatedObjects.eventsOf', () => {
  const web = hpa('shop', 'web', 'uid-web');
  const objects = new RelatedObjects();
  const about = { kind: 'HorizontalPodAutoscaler', namespace: 'shop', name: 'web', uid: 'uid-web' };
  const own = coreEvent('web.1', about, 'SuccessfulRescale');
  const noUid = coreEvent('web.2', { ...about, uid: undefined }, 'FailedGetExternalMetric');
  const newer = object({
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
    const bare = hpa(undefined, 'job');
    const index = new RelatedObjects();
    const event = object({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'job.1' }, involvedObject: { kind: 'HorizontalPodAutoscaler', name: 'job' } });
    index.add(bare);
    index.add(event);
    expect(index.eventsOf(bare)).toEqual([event]);
  });
});

describe('RelatedObjects.ownerOf', () => {
  const scaledObject = object({ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'worker', namespace: 'jobs', uid: 'so-1' } });
  const ref = { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', name: 'worker', uid: 'so-1', controller: true, blockOwnerDeletion: true };

  test('finds the controlling owner in the object\'s namespace', () => {
    const owned = hpa('jobs', 'keda-hpa-worker', 'h-1', [ref]);
    const objects = new RelatedObjects();
    objects.add(scaledObject);
    objects.add(owned);
    expect(objects.ownerOf(owned)).toBe(scaledObject);
  });

  test('finds none in another namespace, with another uid, or without ownerReferences', () => {
    const objects = new RelatedObjects();
    objects.add(scaledObject);
    expect(objects.ownerOf(hpa('other', 'keda-hpa-worker', 'h-1', [ref]))).toBeUndefined();
    expect(objects.ownerOf(hpa('jobs', 'keda-hpa-worker', 'h-1', [{ ...ref, uid: 'so-2' }]))).toBeUndefined();
    expect(objects.ownerOf(hpa('jobs', 'keda-hpa-worker'))).toBeUndefined();
  });
});
