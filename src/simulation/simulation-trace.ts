import { MetricObservation } from './metric-observation';

/** One change in a trace. */
export interface TraceEntry {
  /** Seconds from the start of the simulation. */
  readonly time: number;
  /** The metric it applies to, as `HpaSimulator.metricIds` names it. */
  readonly metric: string;
  /** What the metric reports from `time` on. */
  readonly observation: MetricObservation;
}

/** A manual change of the target's replica count (`kubectl scale`). */
export interface ManualScale {
  /** Seconds from the start of the simulation. */
  readonly time: number;
  /** The replica count set on the target. */
  readonly replicas: number;
}

/**
 * A metric trace: per spec metric, piecewise-constant observations over time.
 *
 * An observation holds from its time until the next one for the same metric. A metric with no
 * observation yet fails, as a metric the adapter does not serve. Metrics are named by
 * `HpaSimulator.metricIds`: the resource name (`cpu`), `container/resource` for
 * ContainerResource, the metric name for Pods, Object and External.
 *
 * @example
 * SimulationTrace.create()
 *   .at(0, 'cpu', MetricObservation.perPodUsage(50))
 *   .at(300, 'cpu', MetricObservation.perPodUsage(180))
 *   .at(900, 'cpu', MetricObservation.perPodUsage(10));
 */
export class SimulationTrace {
  /** An empty trace. */
  public static create(): SimulationTrace {
    return new SimulationTrace();
  }

  private readonly _entries: TraceEntry[] = [];
  private readonly _manual: ManualScale[] = [];

  private constructor() {}

  /** From `time` (seconds) on, `metric` reports `observation`. Returns the trace. */
  public at(time: number, metric: string, observation: MetricObservation): SimulationTrace {
    this._entries.push({ time, metric, observation });
    return this;
  }

  /** At `time` (seconds), someone sets the target's replicas to `replicas`. Returns the trace. */
  public scaleTo(time: number, replicas: number): SimulationTrace {
    this._manual.push({ time, replicas });
    return this;
  }

  /** The observations, in time order (stable for equal times). */
  public get entries(): TraceEntry[] {
    return stableSortByTime(this._entries);
  }

  /** The manual scale changes, in time order. */
  public get manualScales(): ManualScale[] {
    return stableSortByTime(this._manual);
  }
}

function stableSortByTime<T extends { time: number }>(items: T[]): T[] {
  return items.map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.time - b.item.time || a.i - b.i)
    .map(x => x.item);
}
