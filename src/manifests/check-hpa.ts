/** One HPA of the input checked by the engine, with what the input knows, and placed in its source. */
import { fieldPathSegments } from './field-path';
import { InputObject, InputObjects, namespaceOf, positionIn } from './input-objects';
import { Located } from './located';
import { ClusterProfile } from '../cluster-profile';
import type { validateManifest } from '../validation/engine';

/** The engine's entry point, given by the caller (which loads it on first use). */
export interface Engine {
  readonly validateManifest: typeof validateManifest;
}

/** One HPA's issues, placed in its source. */
export function checkHpa(engine: Engine, hpa: InputObject, profile: ClusterProfile, objects: InputObjects, duplicateOf?: InputObject): Located[] {
  const manifest = hpa.manifest;
  const found = engine.validateManifest(manifest, {
    profile,
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
