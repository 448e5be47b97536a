import { IConstruct } from 'constructs';
import { RuleLevel } from './rule-level';

const scoped = new WeakMap<IConstruct, { [ruleId: string]: RuleLevel }>();
/** What config files set at a scope: the levels for a construct at or below it (by the file its chart is written to). */
const fromConfig = new WeakMap<IConstruct, (at: IConstruct) => { [ruleId: string]: RuleLevel }>();

/**
 * Rule levels for every HPA in a part of the construct tree: an app, or one chart.
 *
 * The most specific setting wins, rule by rule: an HPA's `ruleLevels` prop and its
 * `cdk8s-hpa.io/rules` annotation, then the nearest scope set with `RuleLevels.applyTo()`,
 * then scopes further up, then what `HpaConfig.applyTo()` read from the config file. The
 * levels set in code travel with the manifest (rendered into the `cdk8s-hpa.io/rules`
 * annotation), so `cdk8s-hpa validate` and the cdk8s synth plugin judge the output as synth did.
 *
 * @example
 * // For every HPA of this chart (or pass the app for all of them).
 * RuleLevels.applyTo(this, { HPA404: RuleLevel.OFF, HPA402: RuleLevel.ERROR });
 */
export class RuleLevels {
  /**
   * Sets rule levels for every HPA at or below `scope`, over those of scopes above it. Calling it
   * again on the same scope adds to the levels set before.
   */
  public static applyTo(scope: IConstruct, levels: { [ruleId: string]: RuleLevel }): void {
    scoped.set(scope, { ...(scoped.get(scope) ?? {}), ...(levels ?? {}) });
  }

  /** The rule levels set in code at `scope`: its own and its ancestors', the nearest winning. */
  public static lookup(scope: IConstruct): { [ruleId: string]: RuleLevel } {
    return collect(scope, s => scoped.get(s));
  }

  /**
   * Levels a config file sets at or below `scope`, under every level set in code. `levelsAt` is
   * asked when a construct looks its levels up, so charts added later get theirs.
   * @internal
   */
  public static _applyFromConfig(scope: IConstruct, levelsAt: (at: IConstruct) => { [ruleId: string]: RuleLevel }): void {
    fromConfig.set(scope, levelsAt);
  }

  /**
   * The levels config files set at `scope` and above, the nearest winning.
   * @internal
   */
  public static _lookupFromConfig(scope: IConstruct): { [ruleId: string]: RuleLevel } {
    return collect(scope, s => fromConfig.get(s)?.(scope));
  }

  private constructor() {}
}

function collect(scope: IConstruct, levelsAt: (s: IConstruct) => { [ruleId: string]: RuleLevel } | undefined): { [ruleId: string]: RuleLevel } {
  // The levels found, nearest first; merged from the root down, so the nearest win.
  const chain: Array<{ [ruleId: string]: RuleLevel }> = [];
  for (let s: IConstruct | undefined = scope; s; s = s.node.scope) {
    const levels = levelsAt(s);
    if (levels) chain.push(levels);
  }
  const merged: { [ruleId: string]: RuleLevel } = {};
  for (let i = chain.length - 1; i >= 0; i--) Object.assign(merged, chain[i]);
  return merged;
}
