/** What the parts of the explainer share about one HPA: its spec, status, arithmetic and related objects. */
import type { Arithmetic } from './arithmetic';
import { ClusterProfile } from '../cluster-profile';
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
}

/** One HPA being explained. */
export interface Env {
  readonly manifest: { readonly [key: string]: any };
  readonly spec?: SimSpec;
  readonly status: HorizontalPodAutoscalerStatus;
  /** The time to explain at, in ms since the epoch. */
  readonly now: number;
  readonly arithmetic?: Arithmetic;
  readonly validationIssues: readonly ValidationIssue[];
  readonly related: Related;
  readonly profile: ClusterProfile;
}
