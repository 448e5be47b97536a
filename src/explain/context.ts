/** What the parts of the explainer share about one HPA: its spec, status, arithmetic and related objects. */
import type { Arithmetic } from './arithmetic';
import type { Kubectl } from './commands';
import type { Decision } from './decision';
import type { HpaEventSummary } from './hpa-explanation';
import type { KedaOwner } from './keda';
import { ClusterFacts } from '../model/cluster-facts';
import { OtherHpa } from '../model/related-objects';
import { SimSpec } from '../simulation/hpa-spec';
import { HorizontalPodAutoscalerStatus } from '../status';
import { ValidationIssue } from '../validation/validation-issue';

/** The objects around the HPA that the explanation reads. */
export interface Related {
  /** Its scale target. */
  readonly target?: { readonly [key: string]: any };
  /** The target's pods. */
  readonly pods: ReadonlyArray<{ readonly [key: string]: any }>;
  /** Another HPA on the same target. */
  readonly otherHpa?: OtherHpa;
  /** The events about the HPA. */
  readonly events: ReadonlyArray<{ readonly [key: string]: any }>;
  /** The KEDA ScaledObject that owns the HPA, when the input holds it. */
  readonly scaledObject?: { readonly [key: string]: any };
}

/** One HPA being explained. */
export interface Env {
  readonly manifest: { readonly [key: string]: any };
  readonly spec?: SimSpec;
  readonly status: HorizontalPodAutoscalerStatus;
  /** The time to explain at, in ms since the epoch. */
  readonly now: number;
  readonly arithmetic?: Arithmetic;
  /** The controller's last decision, as far as the status tells. */
  readonly decision: Decision;
  /** The events about the HPA, oldest first. */
  readonly events: readonly HpaEventSummary[];
  /** The KEDA ScaledObject that manages the HPA. */
  readonly keda?: KedaOwner;
  readonly validationIssues: readonly ValidationIssue[];
  readonly related: Related;
  /** How the explanation prints kubectl commands: with the flags that name the cluster read. */
  readonly kubectl: Kubectl;
  readonly cluster: ClusterFacts;
}
