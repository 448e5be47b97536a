/** One HPA of the input checked by the engine, with what the input knows, and placed in its source. */
import { fieldPathSegments } from './field-path';
import { Located } from './formatters';
import { InputObject, InputObjects, namespaceOf, positionIn } from './input-objects';
import { ClusterProfile } from '../cluster-profile';
import { loadEngine } from '../lazy-internals';

/** One HPA's issues, placed in its source. */
export function checkHpa(hpa: InputObject, profile: ClusterProfile, objects: InputObjects, duplicateOf?: InputObject): Located[] {
  const manifest = hpa.manifest;
  const found = loadEngine().validateManifest(manifest, {
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
