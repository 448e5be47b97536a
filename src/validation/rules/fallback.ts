/** `external.fallback` values (KEP-5679: replicas > 0, failure duration > 0). */
import { goDurationSeconds } from '../../model/duration';
import { child } from '../issue-list';
import { RuleContext } from './context';
import { isNumber, isObject, isString } from '../../model/values';

/** Every External metric's fallback, with its path: `RuleContext.fallbacks`, found once for the rules. */
export function fallbacks(metrics: RuleContext['metrics']): Array<{ fallback: { [key: string]: any }; path: string }> {
  const result = [];
  for (const { metric, path } of metrics) {
    const fallback = isObject(metric.external) ? metric.external.fallback : undefined;
    if (isObject(fallback)) result.push({ fallback, path: `${path}.external.fallback` });
  }
  return result;
}

export function checkFallbacks(ctx: RuleContext): void {
  for (const { fallback, path } of ctx.fallbacks) {
    const replicas = fallback.replicas;
    if (replicas === undefined) {
      ctx.out.required('HPA153', child(path, 'replicas'), 'must specify the fallback replica count', 'set fallback.replicas to a count above 0 (ExternalFallback.replicas(n))');
    } else if (isNumber(replicas) && replicas <= 0) {
      ctx.out.invalid('HPA153', child(path, 'replicas'), replicas, 'must be greater than 0');
    }
    if (isString(fallback.failureDuration)) {
      const seconds = goDurationSeconds(fallback.failureDuration);
      if (seconds !== undefined && seconds <= 0) {
        ctx.out.invalid('HPA153', child(path, 'failureDuration'), fallback.failureDuration, 'must be greater than 0');
      }
    }
    if (isNumber(fallback.failureDurationSeconds) && fallback.failureDurationSeconds <= 0) {
      ctx.out.invalid('HPA153', child(path, 'failureDurationSeconds'), fallback.failureDurationSeconds, 'must be greater than 0');
    }
  }
}
