/** One HPA checked by the engine with what the index of its input knows of the objects around it. */
import { ClusterProfile } from '../cluster-profile';
import { IndexedObject, RelatedObjects } from '../model/related-objects';
import { validateManifest } from '../validation/engine';
import { LevelsByRule } from '../validation/rule-levels';
import { ValidationIssue } from '../validation/validation-issue';

/** The cluster profile and rule levels an HPA is checked with (those of its file, app or run). */
export interface HpaSettings {
  readonly profile: ClusterProfile;
  readonly ruleLevels?: LevelsByRule;
  /** The caller reports the profile's own findings (HPA154, HPA156) once for its run, not on each HPA. */
  readonly scopeProfileReported?: boolean;
}

/** What the construct knows beyond the index. */
export interface ConstructCheck {
  /** The whole manifest, where the index holds only what it matches objects by. */
  readonly manifest: unknown;
  /** The construct was given no `target` (an untyped caller). */
  readonly targetPropMissing: boolean;
}

/** The issues of `hpa`, with its target's facts and the other HPAs on its target from `objects`. */
export function checkHpa<T extends IndexedObject>(
  hpa: T, objects: RelatedObjects<T>, settings: HpaSettings, construct?: ConstructCheck,
): ValidationIssue[] {
  return validateManifest(construct ? construct.manifest : hpa.manifest, {
    cluster: settings.profile._facts(),
    ruleLevels: settings.ruleLevels,
    scopeProfileReported: settings.scopeProfileReported,
    targetPropMissing: construct?.targetPropMissing,
    ...objects.factsFor(hpa),
  });
}
