/**
 * The controller's messages worded without Go's printing of label selectors, and the rescale
 * reason of an Object metric read in both forms: up to 1.37 an AverageValue target's reads
 * `external metric <name>(<selector>)` (horizontal.go of v1.37.2, computeStatusForObjectMetric),
 * 1.38 writes `<Kind> metric <name>` for both target types (v1.38.0-beta.0).
 */
import { plainMessage } from '../../src/explain/events';

const hpa = {
  spec: {
    metrics: [
      { type: 'Object', object: { describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' }, metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '100' } } },
      { type: 'External', external: { metric: { name: 'queue', selector: { matchLabels: { queue: 'orders' } } }, target: { type: 'AverageValue', averageValue: '30' } } },
    ],
  },
};

describe('plainMessage', () => {
  test.each([
    // 1.37: an Object metric with an AverageValue target, as the External form; with and without a selector.
    ['New size: 4; reason: external metric rps(nil) above target', 'New size: 4; reason: Ingress metric rps above target'],
    ['New size: 4; reason: external metric rps(&LabelSelector{MatchLabels:map[string]string{a: b,},MatchExpressions:[]LabelSelectorRequirement{},}) above target',
      'New size: 4; reason: Ingress metric rps above target'],
    // 1.38 (and 1.37 for a Value target): left as written.
    ['New size: 4; reason: Ingress metric rps above target', 'New size: 4; reason: Ingress metric rps above target'],
    // An External metric's reason and error: its selector from the spec.
    ['New size: 6; reason: external metric queue(&LabelSelector{MatchLabels:map[string]string{queue: orders,},MatchExpressions:[]LabelSelectorRequirement{},}) above target',
      'New size: 6; reason: external metric "queue" (selector queue=orders) above target'],
    ['unable to get external metric shop/queue/&LabelSelector{MatchLabels:map[string]string{queue: orders,},MatchExpressions:[]LabelSelectorRequirement{},}: no metrics returned',
      'unable to get external metric "queue" (selector queue=orders): no metrics returned'],
    ['unable to get external metric shop/other/nil: not found', 'unable to get external metric "other" (selector its selector): not found'],
  ])('%s', (message, plain) => {
    expect(plainMessage(message, hpa)).toBe(plain);
  });
});
