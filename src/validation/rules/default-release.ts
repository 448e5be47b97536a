/**
 * HPA157: fields and values a release or gate decides, accepted only because no version was
 * declared and the default (the newest release) was assumed: an older cluster refuses or drops them.
 */
import { RuleContext } from './context';
import { isObject } from '../../model/values';
import { firstReleaseWhere, GATE_CONFIGURABLE_TOLERANCE, GATE_SCALE_TO_ZERO, GateStage } from '../../private/kubernetes-releases';
import { child, ErrorType } from '../issue-list';

/** The first release that takes each without a gate declared. */
const SCALE_TO_ZERO_ON = firstReleaseWhere(r => r.gates[GATE_SCALE_TO_ZERO].enabledByDefault);
const TOLERANCE_SINCE = firstReleaseWhere(r => r.gates[GATE_CONFIGURABLE_TOLERANCE].stage !== GateStage.ABSENT);
const TOLERANCE_ON = firstReleaseWhere(r => r.gates[GATE_CONFIGURABLE_TOLERANCE].enabledByDefault);

export function checkDefaultRelease(ctx: RuleContext): void {
  const { cluster, spec } = ctx;
  if (cluster.versionDeclared) return;
  const assumed = `judged as on Kubernetes ${cluster.version}, the default (the newest release), as no cluster version is declared`;
  if (spec.minReplicas === 0 && cluster.gatesOn[GATE_SCALE_TO_ZERO]) {
    ctx.out.add('HPA157', 'spec.minReplicas', ErrorType.WARNING, undefined,
      `${assumed}: scaling to zero needs ${GATE_SCALE_TO_ZERO}, on by default from 1.${SCALE_TO_ZERO_ON}; an older cluster refuses minReplicas: 0 unless it turns the gate on`);
  }
  const behavior = isObject(spec.behavior) ? spec.behavior : {};
  for (const direction of ['scaleUp', 'scaleDown']) {
    const rules = behavior[direction];
    if (isObject(rules) && rules.tolerance !== undefined && rules.tolerance !== null) {
      ctx.out.add('HPA157', child(child('spec.behavior', direction), 'tolerance'), ErrorType.WARNING, undefined,
        `${assumed}: tolerance exists from 1.${TOLERANCE_SINCE} with ${GATE_CONFIGURABLE_TOLERANCE}, on by default from 1.${TOLERANCE_ON}; an older cluster drops it silently`);
    }
  }
}
