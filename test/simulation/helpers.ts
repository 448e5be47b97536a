import { SimRules, SimMetric } from '../../src/simulation/hpa-spec';

/** An autoscaling/v2 HPA manifest with the given spec fields. */
export function hpaManifest(spec: { [key: string]: any }): any {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, ...spec },
  };
}

export const cpuUtilization = (percent: number) =>
  ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: percent } } });

export const externalAverageValue = (name: string, value: number | string, fallback?: any) =>
  ({ type: 'External', external: { metric: { name }, target: { type: 'AverageValue', averageValue: value }, ...(fallback ? { fallback } : {}) } });

export const externalValue = (name: string, value: number | string) =>
  ({ type: 'External', external: { metric: { name }, target: { type: 'Value', value } } });

/** Go's `generateScalingRules(pods, podsPeriod, percent, percentPeriod, stabilizationWindow)`. */
export function generateScalingRules(pods: number, podsPeriod: number, percent: number, percentPeriod: number, window: number): SimRules {
  const policies = [];
  if (pods !== 0) policies.push({ type: 'Pods', value: pods, periodSeconds: podsPeriod });
  if (percent !== 0) policies.push({ type: 'Percent', value: percent, periodSeconds: percentPeriod });
  return rules({ stabilizationWindowSeconds: window, selectPolicy: 'Max', policies });
}

type Policy = { type: string; value: number; periodSeconds: number };
export function rules(r: { stabilizationWindowSeconds: number; selectPolicy: string; policies: Policy[] }): SimRules {
  return { ...r, longestPeriod: r.policies.reduce((a, p) => Math.max(a, p.periodSeconds), 0) };
}

/** `GenerateHPAScaleUpRules(nil)` and `GenerateHPAScaleDownRules(nil)` with the 300 s flag. */
export const DEFAULT_UP = rules({ stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] });
export const DEFAULT_DOWN = rules({ stabilizationWindowSeconds: 300, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

/**
 * Go's `generateEventsUniformDistribution(rawEvents, periodSeconds)` at `now = 0`: the events are
 * placed in the middle of equal segments of the last `periodSeconds`.
 */
export function uniformEvents(raw: number[], period: number) {
  const segment = period / raw.length;
  return raw.map((change, i) => ({ replicaChange: change, timestamp: -(period - segment * (i + 1) + segment / 2), outdated: false }));
}

export function metric(m: Partial<SimMetric> & Pick<SimMetric, 'type' | 'targetType' | 'target'>): SimMetric {
  return { id: 'm', index: 0, ...m };
}
