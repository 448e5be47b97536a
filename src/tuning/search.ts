/**
 * The search for the cheapest spec within the limits: what the limits read of a replay (the load
 * as the service felt it, at the levels of the spec as it is), the order of candidates, the
 * search itself as batches to score (so that a caller may score a batch on several threads), and
 * the trade-off front. Deterministic: the same scores give the same batches. Loaded on first use.
 */
import { candidateManifest, changesOf, Dimension } from './search-space';
import { FeltMeasures, TunedSpec, TuningLimits } from './tuning-types';
import { comparedReading } from '../history/replay-measures';
import { LoadStep, ReplayMeasures } from '../history/replay-types';
import { SimulationResultProps } from '../simulation/simulation-step';

/** The spec as it is, as the limits read every candidate against it. */
export interface Reference {
  /** Per metric id, the level above which a sync counts against `maxAboveTarget`. */
  readonly levels: ReadonlyMap<string, number>;
  /** The replicas the load at the load step's end needs at the spec's own targets (0: no step). */
  readonly requiredReplicas: number;
  /** The load step's start, in seconds from the history's start (undefined: no reaction to read). */
  readonly stepStart?: number;
  /** The load step the spec as it is found, every candidate's reaction is measured on. */
  readonly loadStep?: LoadStep;
}

/** The limits in the units the search compares: percent, seconds, counts. */
export interface Bounds {
  readonly aboveTarget: ReadonlyMap<string, number>;
  /** Undefined: any reaction, even none. */
  readonly reactionSeconds?: number;
  readonly directionChanges: number;
  readonly atMaxSeconds: number;
}

/** What the limits read of one replay (see `FeltMeasures`). */
export function felt(result: SimulationResultProps, measures: ReplayMeasures, ref: Reference): FeltMeasures {
  const aboveTarget = result.metrics.map((m, i) => {
    const level = ref.levels.get(m.id) ?? m.target;
    let syncsRead = 0;
    let syncsAbove = 0;
    for (const s of result.steps) {
      const usage = s.metrics[i]?.usage;
      if (usage === undefined) continue;
      syncsRead++;
      if (comparedReading(m.type, m.targetType, usage, s.currentReplicas) > level) syncsAbove++;
    }
    return { metric: m.id, level, syncsRead, syncsAbove, percent: syncsRead > 0 ? (100 * syncsAbove) / syncsRead : 0 };
  });
  let reactionSeconds: number | undefined;
  if (ref.stepStart !== undefined) {
    const reached = result.steps.find(s => s.time >= ref.stepStart! && s.replicas >= ref.requiredReplicas);
    reactionSeconds = reached ? reached.time - ref.stepStart : undefined;
  }
  return {
    aboveTarget,
    reactionSeconds,
    requiredReplicas: ref.requiredReplicas,
    directionChanges: measures.directionChanges,
    longestAtMaxSeconds: measures.longestAtMaxSeconds,
  };
}

/** The limits the user gave, the spec as it is standing in for each one not given. */
export function boundsOf(limits: TuningLimits, baseline: FeltMeasures, seconds: (d: TuningLimits['maxReaction']) => number): Bounds {
  const aboveTarget = new Map(baseline.aboveTarget.map(a => [a.metric, limits.maxAboveTarget?.[a.metric] ?? a.percent]));
  return {
    aboveTarget,
    reactionSeconds: limits.maxReaction !== undefined ? seconds(limits.maxReaction) : baseline.reactionSeconds,
    directionChanges: limits.maxDirectionChanges ?? baseline.directionChanges,
    atMaxSeconds: limits.maxTimeAtMax !== undefined ? seconds(limits.maxTimeAtMax) : baseline.longestAtMaxSeconds,
  };
}

/** Added to a limit so that the same count, worked out two ways, is not a miss. */
const SLACK = 1e-9;

/** Why `f` misses `bounds`, one line each, and how far (the sum of the relative excesses). */
export function misses(f: FeltMeasures, bounds: Bounds): { lines: string[]; excess: number } {
  const lines: string[] = [];
  let excess = 0;
  const over = (value: number, limit: number, line: string) => {
    if (value <= limit + SLACK) return;
    lines.push(line);
    excess += (value - limit) / Math.max(limit, 1);
  };
  for (const a of f.aboveTarget) {
    const limit = bounds.aboveTarget.get(a.metric);
    if (limit !== undefined) over(a.percent, limit, `${a.metric} above ${a.level}: ${a.percent.toFixed(1)}% of syncs, more than ${limit.toFixed(1)}%`);
  }
  if (bounds.reactionSeconds !== undefined) {
    if (f.reactionSeconds === undefined) {
      lines.push(`reaction: never reached ${f.requiredReplicas} replicas, limit ${bounds.reactionSeconds}s`);
      excess += 10;
    } else {
      over(f.reactionSeconds, bounds.reactionSeconds, `reaction: ${f.reactionSeconds}s to ${f.requiredReplicas} replicas, more than ${bounds.reactionSeconds}s`);
    }
  }
  over(f.directionChanges, bounds.directionChanges, `direction changes: ${f.directionChanges}, more than ${bounds.directionChanges}`);
  over(f.longestAtMaxSeconds, bounds.atMaxSeconds, `at maxReplicas: ${f.longestAtMaxSeconds}s in a row, more than ${bounds.atMaxSeconds}s`);
  return { lines, excess };
}

/** A candidate the search scored. */
export interface Scored {
  readonly choice: readonly number[];
  readonly key: string;
  /** Undefined: the validation engine refused it. */
  readonly spec?: TunedSpec;
  readonly excess: number;
}

/** Whether `a` is a better recommendation than `b`: within the limits (or nearer them), then cheaper, then fewer changes, then less above target, then the earlier choice. */
export function better(a: Scored, b: Scored): boolean {
  if (!a.spec) return false;
  if (!b.spec) return true;
  if (a.excess !== b.excess) return a.excess < b.excess;
  const ca = a.spec.measures.replicaHours;
  const cb = b.spec.measures.replicaHours;
  if (Math.abs(ca - cb) > 1e-9) return ca < cb;
  // At the same cost, the fewest changes: the spec as it is wins a tie.
  if (a.spec.changes.length !== b.spec.changes.length) return a.spec.changes.length < b.spec.changes.length;
  const pa = worstAbove(a.spec);
  const pb = worstAbove(b.spec);
  if (pa !== pb) return pa < pb;
  return a.key < b.key;
}

function worstAbove(s: TunedSpec): number {
  return Math.max(0, ...s.felt.aboveTarget.map(a => a.percent));
}

/**
 * Of the specs within the limits that are not the front's axes (direction changes, time at max),
 * those no other beats on replica-hours, the worst share above target and the reaction together;
 * cheapest first, `keep` among them.
 */
export function tradeOffFront(all: readonly TunedSpec[], bounds: Bounds, keep: TunedSpec): TunedSpec[] {
  const specs = all.filter(s => s === keep
    || (s.felt.directionChanges <= bounds.directionChanges && s.felt.longestAtMaxSeconds <= bounds.atMaxSeconds));
  const point = (s: TunedSpec) => [s.measures.replicaHours, worstAbove(s), s.felt.reactionSeconds ?? Infinity];
  const points = specs.map(point);
  const dominated = (i: number) => points.some((q, j) => j !== i
    && q.every((v, k) => v <= points[i][k]) && q.some((v, k) => v < points[i][k]));
  const seen = new Set<string>();
  return specs
    .filter((_, i) => !dominated(i))
    .sort((a, b) => Number(b === keep) - Number(a === keep))
    .filter(s => { const k = points[specs.indexOf(s)].join(); if (seen.has(k)) return false; seen.add(k); return true; })
    .sort((a, b) => a.measures.replicaHours - b.measures.replicaHours || worstAbove(a) - worstAbove(b));
}

/**
 * The search, as batches of choices to score: every combination when they fit the budget, else
 * a coordinate search from the spec as it is (each round scores every change of one setting from
 * the best so far, then the best change of each setting together), until no round finds a
 * better spec or the budget is spent.
 */
export class Search {
  public readonly scored = new Map<string, Scored>();
  public readonly exhaustive: boolean;
  private current: readonly number[];
  private pending: Array<readonly number[]> = [];
  private phase: 'start' | 'neighbours' | 'combined' | 'move' | 'done' = 'start';

  constructor(private readonly dims: readonly Dimension[], private readonly budget: number) {
    this.current = dims.map(d => d.base);
    this.exhaustive = dims.reduce((n, d) => n * d.values.length, 1) <= budget;
  }

  /** The next choices to score, none when the search is over. */
  public next(): Array<readonly number[]> {
    if (this.pending.length > 0) throw new Error('HpaTuner: the last batch was not scored');
    for (;;) {
      let batch: Array<readonly number[]> = [];
      switch (this.phase) {
        case 'done':
          return [];
        case 'start':
          batch = this.exhaustive ? combinations(this.dims) : [this.current];
          this.phase = this.exhaustive ? 'done' : 'neighbours';
          break;
        case 'neighbours':
          batch = this.dims.flatMap((d, i) => d.values.map((_, v) => v).filter(v => v !== this.current[i]).map(v => withValue(this.current, i, v)));
          this.phase = 'combined';
          break;
        case 'combined':
          batch = [this.combined(), ...this.trades()];
          this.phase = 'move';
          break;
        case 'move': {
          const best = this.best()!;
          if (keyOf(best.choice) === keyOf(this.current)) return this.finish();
          this.current = best.choice;
          this.phase = 'neighbours';
          continue;
        }
      }
      const left = this.budget - this.scored.size;
      if (left <= 0) return this.finish();
      batch = batch.filter((c, i) => !this.scored.has(keyOf(c)) && batch.findIndex(x => keyOf(x) === keyOf(c)) === i).slice(0, left);
      if (batch.length > 0) {
        this.pending = batch;
        return batch;
      }
    }
  }

  /** The manifests of choices, in order. */
  public manifests(manifest: any, choices: ReadonlyArray<readonly number[]>): any[] {
    return choices.map(c => candidateManifest(manifest, this.dims, c));
  }

  /** The changes of a choice, as `TunedSpec.changes`. */
  public changes(choice: readonly number[]): string[] {
    return changesOf(this.dims, choice);
  }

  /** Records the scores of the last batch, in its order. */
  public submit(scores: ReadonlyArray<Omit<Scored, 'choice' | 'key'>>): void {
    if (scores.length !== this.pending.length) throw new Error(`HpaTuner: ${scores.length} scores for a batch of ${this.pending.length}`);
    this.pending.forEach((choice, i) => this.scored.set(keyOf(choice), { ...scores[i], choice, key: keyOf(choice) }));
    this.pending = [];
  }

  /** The best scored candidate. */
  public best(): Scored | undefined {
    let best: Scored | undefined;
    for (const s of this.scored.values()) if (!best || better(s, best)) best = s;
    return best;
  }

  private finish(): Array<readonly number[]> {
    this.phase = 'done';
    return [];
  }

  /**
   * Pairs of changes from the current choice: one of the cheapest changes (within the limits or
   * not) with one of the changes of another setting that stay within them with the most room
   * (the lowest share above target), so that a saving that misses a limit can be paid for.
   */
  private trades(): Array<readonly number[]> {
    const cost = (s: Scored) => s.spec!.measures.replicaHours;
    const here = this.scored.get(keyOf(this.current))!;
    const moves = this.dims.flatMap((d, i) => d.values.map((_, v) => ({ i, v, s: this.scored.get(keyOf(withValue(this.current, i, v))) })))
      .filter(m => m.v !== this.current[m.i] && m.s?.spec);
    const savers = moves.filter(m => here.spec && cost(m.s!) < cost(here)).sort((a, b) => cost(a.s!) - cost(b.s!)).slice(0, TRADES);
    const room = moves.filter(m => m.s!.excess === 0).sort((a, b) => worstAbove(a.s!.spec!) - worstAbove(b.s!.spec!) || cost(a.s!) - cost(b.s!));
    return savers.flatMap(saver => room.filter(m => m.i !== saver.i).slice(0, TRADES)
      .map(m => withValue(withValue(this.current, saver.i, saver.v), m.i, m.v)));
  }

  /** The current choice with each setting's best change from it, where that change beats it. */
  private combined(): readonly number[] {
    const here = this.scored.get(keyOf(this.current))!;
    return this.dims.map((d, i) => {
      let best = here;
      for (let v = 0; v < d.values.length; v++) {
        const s = this.scored.get(keyOf(withValue(this.current, i, v)));
        if (s && better(s, best)) best = s;
      }
      return best.choice[i];
    });
  }
}

/** How many cheaper changes, and changes with room to spare, `trades()` pairs. */
const TRADES = 3;

function keyOf(choice: readonly number[]): string {
  return choice.map(v => String(v).padStart(3, '0')).join('.');
}

function withValue(choice: readonly number[], i: number, v: number): number[] {
  const c = [...choice];
  c[i] = v;
  return c;
}

/** Every choice, the spec as it is first, then in order. */
function combinations(dims: readonly Dimension[]): Array<readonly number[]> {
  let all: number[][] = [[]];
  for (const d of dims) all = all.flatMap(c => d.values.map((_, v) => [...c, v]));
  const base = dims.map(d => d.base);
  return [base, ...all.filter(c => keyOf(c) !== keyOf(base))];
}
