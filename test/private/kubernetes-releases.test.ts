import {
  DEFAULT_MINOR, firstReleaseWhere, GateStage, HPA_API_VERSIONS, KNOWN_GATES, kubernetesRelease, listReleases, NEWEST_KNOWN_MINOR, OLDEST_KNOWN_MINOR,
  releasesWhere, servedState,
} from '../../src/private/kubernetes-releases';

describe('the table of Kubernetes releases', () => {
  test('the default is the newest shipped release: 1.38 is a prerelease (v1.38.0-beta.0)', () => {
    expect(DEFAULT_MINOR).toBe(37);
    expect(kubernetesRelease(38).controller).toEqual({ ...kubernetesRelease(37).controller, sidecarsReadFirst: true, replicaCountsSaturate: true });
    expect([33, 34, 35].map(m => [kubernetesRelease(m).controller.externalPerPodCapped, kubernetesRelease(m).controller.usageRatioCapped]))
      .toEqual([[false, false], [true, false], [true, true]]);
  });

  test('holds every release from 1.23 to 1.38, each with every known gate; no other', () => {
    expect([OLDEST_KNOWN_MINOR, NEWEST_KNOWN_MINOR]).toEqual([23, 38]);
    expect(releasesWhere(() => true)).toEqual([23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38]);
    for (const minor of releasesWhere(() => true)) expect(Object.keys(kubernetesRelease(minor).gates)).toEqual(KNOWN_GATES);
    expect(() => kubernetesRelease(22)).toThrow('Kubernetes 1.22 is not in the table of releases (1.23 to 1.38)');
    expect(() => kubernetesRelease(39)).toThrow('Kubernetes 1.39 is not in the table of releases');
  });

  // Each gate's stage and default where it changes, and the release before (kube_features.go).
  test.each<[string, number, GateStage, boolean]>([
    ['HPAScaleToZero', 36, GateStage.ALPHA, false],
    ['HPAScaleToZero', 37, GateStage.BETA, true],
    ['HPAConfigurableTolerance', 32, GateStage.ABSENT, false],
    ['HPAConfigurableTolerance', 33, GateStage.ALPHA, false],
    ['HPAConfigurableTolerance', 34, GateStage.ALPHA, false],
    ['HPAConfigurableTolerance', 35, GateStage.BETA, true],
    ['HPAConfigurableTolerance', 36, GateStage.BETA, true],
    ['HPAConfigurableTolerance', 37, GateStage.GA, true],
    ['HPAContainerMetrics', 26, GateStage.ALPHA, false],
    ['HPAContainerMetrics', 27, GateStage.BETA, true],
    ['HPAContainerMetrics', 30, GateStage.GA, true],
    ['HPAContainerMetrics', 37, GateStage.GA, true],
    ['HPAExternalMetricFallback', 23, GateStage.ALPHA, false],
    ['HPAExternalMetricFallback', 37, GateStage.ALPHA, false],
    ['SidecarContainers', 27, GateStage.ABSENT, false],
    ['SidecarContainers', 28, GateStage.ALPHA, false],
    ['SidecarContainers', 29, GateStage.BETA, true],
    ['SidecarContainers', 33, GateStage.GA, true],
    ['PodLevelResources', 31, GateStage.ABSENT, false],
    ['PodLevelResources', 32, GateStage.ALPHA, false],
    ['PodLevelResources', 34, GateStage.BETA, true],
    ['PodLevelResources', 37, GateStage.BETA, true],
  ])('%s in 1.%d: %s, on by default %s', (gate, minor, stage, enabledByDefault) => {
    expect(kubernetesRelease(minor).gates[gate]).toEqual({ stage, enabledByDefault });
  });

  test('each rule of the API server and behaviour of the controller starts in its release and stays', () => {
    const starts = (holds: Parameters<typeof releasesWhere>[0]) => {
      const minors = releasesWhere(holds);
      // From the first release on, in every later one.
      expect(minors).toEqual(releasesWhere(r => r.minor >= minors[0]));
      return minors[0];
    };
    expect({
      fieldValidation: starts(r => r.apiServer.fieldValidation),
      sidecarRequests: starts(r => r.controller.sidecarRequests),
      scaleTargetGroupRule: starts(r => r.apiServer.scaleTargetGroupRule),
      podLevelRequests: starts(r => r.controller.podLevelRequests),
      maxReplicasRequired: starts(r => r.apiServer.maxReplicasRequired),
      scaledToZeroCondition: starts(r => r.controller.scaledToZeroCondition),
      syncsDrift: starts(r => r.controller.syncsDrift),
      sidecarsReadFirst: starts(r => r.controller.sidecarsReadFirst),
      ambiguousSelector: starts(r => r.controller.ambiguousSelector),
    }).toEqual({
      fieldValidation: 25,
      sidecarRequests: 29,
      scaleTargetGroupRule: 34,
      podLevelRequests: 34,
      maxReplicasRequired: 36,
      scaledToZeroCondition: 36,
      syncsDrift: 37,
      sidecarsReadFirst: 38,
      ambiguousSelector: 26,
    });
  });

  test('served autoscaling versions, newest first, as the deprecation guide gives them', () => {
    expect(HPA_API_VERSIONS).toEqual(['autoscaling/v2', 'autoscaling/v2beta2', 'autoscaling/v2beta1', 'autoscaling/v1']);
    expect(kubernetesRelease(23).servedApiVersions).toEqual(HPA_API_VERSIONS);
    expect(kubernetesRelease(24).servedApiVersions).toEqual(HPA_API_VERSIONS);
    expect(kubernetesRelease(25).servedApiVersions).toEqual(['autoscaling/v2', 'autoscaling/v2beta2', 'autoscaling/v1']);
    expect(releasesWhere(r => r.servedApiVersions.join() === 'autoscaling/v2,autoscaling/v1')).toEqual(releasesWhere(r => r.minor >= 26));
  });

  test.each<[string, number, unknown]>([
    ['autoscaling/v2', 23, { served: true }],
    ['autoscaling/v1', 37, { served: true }],
    ['autoscaling/v2beta1', 24, { served: true, deprecated: { since: 22, removedIn: 25 } }],
    ['autoscaling/v2beta2', 25, { served: true, deprecated: { since: 23, removedIn: 26 } }],
    ['autoscaling/v2beta1', 25, { served: false, removedIn: 25 }],
    ['autoscaling/v2beta2', 37, { served: false, removedIn: 26 }],
    ['autoscaling/v3', 37, undefined],
    ['apps/v1', 37, undefined],
  ])('servedState(%s, 1.%d)', (apiVersion, minor, state) => {
    expect(servedState(apiVersion, kubernetesRelease(minor))).toEqual(state);
  });

  test('the first release of a fact, and releases listed as messages name them', () => {
    expect(firstReleaseWhere(r => r.gates.HPAConfigurableTolerance.stage !== GateStage.ABSENT)).toBe(33);
    expect(firstReleaseWhere(r => r.minor > NEWEST_KNOWN_MINOR)).toBeUndefined();
    expect(listReleases([33])).toBe('1.33');
    expect(listReleases([33, 34])).toBe('1.33 and 1.34');
    expect(listReleases([33, 34, 35])).toBe('1.33, 1.34 and 1.35');
  });
});

test('names from outside find nothing of Object.prototype', () => {
  const release = kubernetesRelease(37);
  expect([release.gates.constructor, release.deprecatedSince.toString]).toEqual([undefined, undefined]);
  expect(servedState('constructor', release)).toBeUndefined();
});
