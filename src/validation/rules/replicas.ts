/** `spec.minReplicas`, `spec.maxReplicas` and scaling to zero. */
import { RuleContext } from './context';
import { isNumber } from '../../model/values';
import { declareGate, firstReleaseWhere, GATE_SCALE_TO_ZERO } from '../../private/kubernetes-releases';

/** The first release with scaling to zero on by default. */
const SCALE_TO_ZERO_ON = firstReleaseWhere(r => r.gates[GATE_SCALE_TO_ZERO].enabledByDefault);

export function checkReplicas(ctx: RuleContext): void {
  const { minReplicas, maxReplicas } = ctx.spec;
  const scaleToZero = ctx.cluster.gatesOn[GATE_SCALE_TO_ZERO];
  const bound = scaleToZero ? 0 : 1;
  if (isNumber(minReplicas) && minReplicas < bound) {
    ctx.out.invalid('HPA101', 'spec.minReplicas', minReplicas, `must be greater than or equal to ${bound}`,
      minReplicas === 0
        ? `scaling to zero needs the ${GATE_SCALE_TO_ZERO} feature gate (alpha, off by default through 1.${SCALE_TO_ZERO_ON! - 1}; beta, on from 1.${SCALE_TO_ZERO_ON}): ${declareGate(GATE_SCALE_TO_ZERO)} if the cluster turns it on, or set minReplicas to 1`
        : `set minReplicas to ${bound} or more`);
  }

  const max = maxReplicas === undefined ? 0 : maxReplicas;
  if (isNumber(max)) {
    if (ctx.cluster.release.apiServer.maxReplicasRequired) {
      if (max === 0) {
        ctx.out.required('HPA102', 'spec.maxReplicas', 'must be set and greater than 0', 'set maxReplicas to the most replicas the workload may have');
      } else if (max < 0) {
        ctx.out.invalid('HPA102', 'spec.maxReplicas', max, 'must be greater than or equal to 1');
      }
    } else if (max <= 0) {
      ctx.out.invalid('HPA102', 'spec.maxReplicas', max, 'must be greater than 0', 'set maxReplicas to the most replicas the workload may have');
    }
    if (isNumber(minReplicas) && max < minReplicas) {
      ctx.out.invalid('HPA103', 'spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`',
        `raise maxReplicas to at least ${minReplicas}, or lower minReplicas`);
    }
  }

  if (minReplicas === 0 && !ctx.metrics.some(m => m.metric.type === 'Object' || m.metric.type === 'External')) {
    ctx.out.forbidden('HPA108', 'spec.metrics', 'must specify at least one Object or External metric to support scaling to zero replicas',
      'add an Object or External metric (a queue length, say) that can wake the workload up, or set minReplicas to 1');
  }
}
