import { ClusterFacts } from '../../model/cluster-facts';
import { IssueList } from '../issue-list';

/** What every rule gets: the cluster, where to report, and the decoded, defaulted manifest. */
export interface RuleContext {
  readonly cluster: ClusterFacts;
  readonly out: IssueList;
  /** The manifest after decoding and defaulting. */
  readonly manifest: { [key: string]: any };
  /** `manifest.spec`, or an empty object. */
  readonly spec: { [key: string]: any };
  /** `spec.metrics` entries that are objects, with their index. */
  readonly metrics: ReadonlyArray<{ readonly metric: { [key: string]: any }; readonly path: string }>;
  /** The External metrics' fallbacks that are objects, with their paths (`fallbacks()` in fallback.ts). */
  readonly fallbacks: ReadonlyArray<{ readonly fallback: { [key: string]: any }; readonly path: string }>;
}
