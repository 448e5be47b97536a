import type * as Csv from './result-csv';
import type * as Svg from './result-svg';
import type * as Notes from './run-notes';
import { SimulatedMetric, SimulationResultProps, SimulationStep } from './simulation-step';
import { onFirstUse } from '../private/memoize';
import { ConditionType, HorizontalPodAutoscalerCondition } from '../status';

/* eslint-disable @typescript-eslint/no-require-imports */
/** The renderings, loaded on first use. */
const loadCsvRenderer = onFirstUse(() => require('./result-csv') as typeof Csv);
const loadSvgRenderer = onFirstUse(() => require('./result-svg') as typeof Svg);
const loadNotes = onFirstUse(() => require('./run-notes') as typeof Notes);
/* eslint-enable @typescript-eslint/no-require-imports */

/** Options of `SimulationResult.toSvg()`. */
export interface SvgOptions {
  /**
   * Width of the image in pixels.
   * @default 960
   */
  readonly width?: number;
}

/** The steps of one simulation run, with CSV and SVG renderings. */
export class SimulationResult {
  /** @internal */
  public static _create(props: SimulationResultProps): SimulationResult {
    return new SimulationResult(props);
  }

  /** The HPA's name. */
  public readonly name: string;
  /** `minReplicas` after defaulting. */
  public readonly minReplicas: number;
  /** `maxReplicas`. */
  public readonly maxReplicas: number;
  /** The HPA's metrics, in spec order. */
  public readonly metrics: SimulatedMetric[];
  /**
   * One step per sync. Steps that read the same share their `metrics` entries and their
   * `conditions` (a week of syncs keeps one copy per change): treat them as read-only.
   */
  public readonly steps: SimulationStep[];
  /**
   * The workload whose pods' requests the simulator read (`HpaSimulatorOptions.workload`), as
   * `Kind/name`.
   * @default - none was given
   */
  public readonly workload?: string;

  private readonly props: SimulationResultProps;

  private constructor(props: SimulationResultProps) {
    this.props = props;
    this.name = props.name;
    this.minReplicas = props.minReplicas;
    this.maxReplicas = props.maxReplicas;
    this.metrics = props.metrics;
    this.steps = props.steps;
    this.workload = props.workload;
  }

  /**
   * What the run's answer may rest on wrongly, one sentence each: a `podRequests` entry that the
   * workload's request contradicts; no request known while a CPU metric's usages look like
   * cores (every usage read below 10% of the request, with a target of 20% or more) or a memory
   * metric's like bytes (a usage of 100000% or more); a metric no sync read (the controller
   * fails it at every sync, which blocks every scale-down).
   */
  public get warnings(): string[] {
    const notes = this._notes({ option: 'podRequests', noWorkload: 'no workload was given: HpaSimulatorOptions.workload' });
    return [...notes.warnings, ...notes.unread];
  }

  /**
   * The notes on the run, with the requests option and the workload named as `names` says.
   * @internal
   */
  public _notes(names: Omit<Notes.NoteNames, 'trace'>): { requests: string[]; warnings: string[]; unread: string[] } {
    const { requestLines, requestWarnings, unreadMetricLines } = loadNotes();
    const all = { ...names, trace: this.props.trace === true };
    return { requests: requestLines(this.props, all), warnings: requestWarnings(this.props, all), unread: unreadMetricLines(this.props) };
  }

  /** The replicas after each sync. */
  public get replicas(): number[] {
    return this.steps.map(s => s.replicas);
  }

  /** The condition `type` after sync `stepIndex`, if present. */
  public conditionAt(stepIndex: number, type: ConditionType): HorizontalPodAutoscalerCondition | undefined {
    return this.steps[stepIndex]?.conditions.find(c => c.type === type);
  }

  /**
   * The steps as CSV: time, replicas, desired replicas, per metric its usage, proposal and
   * fallback state, each condition as `Status/Reason`, and the sync's error.
   */
  public toCsv(): string {
    return loadCsvRenderer().renderCsv(this);
  }

  /**
   * An SVG plot: replicas over time with the min/max lines, then one panel per metric with its
   * target; periods in fallback and at zero scaled by the HPA are shaded and labelled in place.
   */
  public toSvg(options: SvgOptions = {}): string {
    return loadSvgRenderer().renderSvg(this, options.width ?? 960);
  }
}
