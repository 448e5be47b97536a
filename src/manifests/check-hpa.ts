/** One HPA of the input checked by the engine, with what the input knows, and placed in its source. */
import { fieldPathSegments } from './field-path';
import { InputObject, InputObjects, namespaceOf, positionIn } from './input-objects';
import { Located } from './located';
import { ClusterProfile } from '../cluster-profile';
import type { validateManifest } from '../validation/engine';
import type { LevelsByRule } from '../validation/rule-levels';

/** The engine's entry point, given by the caller (which loads it on first use). */
export interface Engine {
  readonly validateManifest: typeof validateManifest;
}

/** The cluster profile and rule levels an HPA is checked with (those of its file). */
export interface HpaSettings {
  readonly profile: ClusterProfile;
  readonly ruleLevels?: LevelsByRule;
}

/** One HPA's issues, with the profile and rule levels of its file, placed in its source. */
export function checkHpa(engine: Engine, hpa: InputObject, settings: HpaSettings, objects: InputObjects, duplicateOf?: InputObject): Located[] {
  const manifest = hpa.manifest;
  const found = engine.validateManifest(manifest, {
    profile: settings.profile,
    ruleLevels: settings.ruleLevels,
    workload: objects.workloadOf(hpa),
    duplicateOf: duplicateOf
      ? `HorizontalPodAutoscaler "${duplicateOf.manifest.metadata?.name}" (${duplicateOf.file}:${positionIn(duplicateOf, []).line})`
      : undefined,
  });
  const object = {
    kind: manifest.kind,
    namespace: namespaceOf(manifest),
    name: typeof manifest.metadata?.name === 'string' ? manifest.metadata.name : undefined,
  };
  return found.map(issue => {
    const position = positionIn(hpa, fieldPathSegments(issue.path));
    return { file: hpa.file, line: position.line, column: position.column, ...issue, object };
  });
}
