/**
 * The notes on a run of `cdk8s-hpa simulate` (and `tune`): which request each Utilization
 * metric's usages were compared with and where it came from, the metrics no sync read, and the
 * warnings about the requests, with the flag and the workload named as the command line has them.
 */
import { SimulationResult } from 'cdk8s-hpa/lib/toolkit';
import { Io } from '../../command';

/** The HPA's scale target as the input holds it: its manifest, and how notes name it. */
export interface TargetWorkload {
  readonly manifest: any;
  /** `Deployment/web (web-hpa.yaml:4)`. */
  readonly label: string;
  /** `Deployment/web`: what the HPA's `scaleTargetRef` names. */
  readonly ref: string;
}

/** How the notes on a run name the requests flag and the target workload. */
export interface RunNoteNames {
  readonly option: string;
  readonly workload?: string;
  readonly noWorkload: string;
}

/** The lines of a run's text output that say what its answer rests on. */
export interface RunNoteLines {
  /** The metrics no sync read. */
  readonly unread: string[];
  /** The request each Utilization metric's usages were compared with, and where it came from. */
  readonly requests: string[];
}

/**
 * The notes on a run as the command line prints them: the warnings on standard error (each
 * once), and the lines for the text output.
 */
export function runNotes(result: SimulationResult, names: RunNoteNames, io: Io, printed: Set<string>): RunNoteLines {
  const notes = result._notes(names);
  for (const warning of notes.warnings.map(w => `cdk8s-hpa: warning: ${w}`).filter(w => !printed.has(w))) {
    printed.add(warning);
    io.stderr(`${warning}\n`);
  }
  return { unread: notes.unread, requests: notes.requests };
}
