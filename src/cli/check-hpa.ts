/** One HPA of the input checked by the engine, with what the input knows, and placed in its source. */
import { fieldPathSegments } from './field-path';
import { InputObject, InputObjects, namespaceOf, positionIn } from './input-objects';
import { Located } from './located';
import { InputSettings } from './run-settings';
import { loadEngine } from '../lazy-internals';

/** HPA API versions whose fields differ from autoscaling/v2: only the migration is reported. */
export const OLDER_SCHEMAS = ['autoscaling/v1', 'autoscaling/v2beta1'];

/** One HPA's issues, with the profile and rule levels of its file, placed in its source. */
export function checkHpa(hpa: InputObject, settings: InputSettings, objects: InputObjects, duplicateOf?: InputObject): Located[] {
  const manifest = hpa.manifest;
  const older = OLDER_SCHEMAS.includes(manifest.apiVersion);
  let found = loadEngine().validateManifest(manifest, {
    profile: settings.profile,
    ruleLevels: settings.ruleLevels,
    workload: objects.workloadOf(hpa),
    duplicateOf: duplicateOf && !older
      ? `HorizontalPodAutoscaler "${duplicateOf.manifest.metadata?.name}" (${duplicateOf.file}:${positionIn(duplicateOf, []).line})`
      : undefined,
  });
  if (older) {
    // Their fields differ from v2's: the engine's other findings would be noise.
    found = found.filter(issue => issue.path === 'apiVersion');
  }
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
