/**
 * The Kubernetes objects found in the input, and the cross-object matching the files allow: an
 * HPA's target among the workloads of the same input (by namespace, kind and name, with the
 * namespace rule of model/object-keys.ts), and HPAs that scale the same target.
 */
import { Position, SourceDocument } from './yaml-source';
import { namespaceKey, objectKey, scaleTargetKey } from '../model/object-keys';
import { isObject } from '../model/values';
import { WorkloadFacts, workloadFactsFromManifest } from '../model/workload-facts';
import { HPA_KIND } from '../private/constants';

/** The namespace reports show for an object without one: where `kubectl apply` puts it by default. */
const DEFAULT_NAMESPACE = 'default';

/** One object of the input, and where it is. */
export interface InputObject {
  /** The input's name as printed. */
  readonly file: string;
  readonly document: SourceDocument;
  /** The object's path in its document: empty, or `['items', 3]` in a `List`. */
  readonly prefix: ReadonlyArray<string | number>;
  readonly manifest: { [key: string]: any };
}

/** The objects of a document: the document itself, or the items of a `kind: List` (as `kubectl get -o yaml` writes). */
export function objectsOf(file: string, document: SourceDocument): InputObject[] {
  const value = document.value;
  if (!isObject(value)) return [];
  if (typeof value.kind === 'string' && value.kind.endsWith('List') && Array.isArray(value.items)) {
    return value.items.flatMap((item: unknown, i: number) => isObject(item) ? [{ file, document, prefix: ['items', i], manifest: item }] : []);
  }
  return [{ file, document, prefix: [], manifest: value }];
}

/** Where an object's field is in its source. */
export function positionIn(object: InputObject, path: ReadonlyArray<string | number>): Position {
  return object.document.positionOf([...object.prefix, ...path]);
}

export function isHpa(object: InputObject): boolean {
  return object.manifest.kind === HPA_KIND;
}

/** Every object of the input, indexed for the cross-object checks. */
export class InputObjects {
  public readonly hpas: InputObject[] = [];
  /**
   * The objects of each kind and name, in input order and any namespace: one, or copies of one
   * object (per environment, say), or objects of several namespaces.
   */
  private readonly byName = new Map<string, InputObject[]>();

  public add(object: InputObject): void {
    if (isHpa(object)) {
      this.hpas.push(object);
      return;
    }
    const { kind, metadata } = object.manifest;
    if (typeof kind !== 'string' || !isObject(metadata) || typeof metadata.name !== 'string') return;
    const key = nameKey(kind, metadata.name);
    const same = this.byName.get(key);
    if (same) same.push(object); else this.byName.set(key, [object]);
  }

  /** The objects of the HPA's target's kind and name, in any namespace. */
  private named(hpa: InputObject): InputObject[] {
    const ref = hpa.manifest.spec?.scaleTargetRef;
    if (!isObject(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return [];
    return this.byName.get(nameKey(ref.kind, ref.name)) ?? [];
  }

  /**
   * For an HPA whose target the input does not hold in the HPA's namespace, where one of the two
   * names no namespace: the namespaces (`''` for none) the HPA's own directory holds the target
   * in. Such a pair lands in one namespace with `helm install -n`, perhaps not with `kubectl
   * apply`, so it is not matched (the namespace rule); the command line says so instead of
   * skipping it silently.
   */
  public targetOnlyElsewhere(hpa: InputObject): string[] {
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    const named = this.named(hpa);
    if (named.some(o => namespaceKey(o.manifest.metadata?.namespace) === namespace)) return [];
    const dir = directoryOf(hpa.file);
    const found = named.map(o => ({ file: o.file, ns: namespaceKey(o.manifest.metadata?.namespace) }))
      .filter(o => directoryOf(o.file) === dir && (o.ns === '') !== (namespace === ''))
      .map(o => o.ns);
    return [...new Set(found)];
  }

  /**
   * The facts of the HPA's scale target, when the input holds it. Of several objects with the
   * target's key (copies per environment, as in `overlays/dev/` and `overlays/prod/`), the one
   * in the HPA's own file, else in the file nearest it in the directory tree, else the first.
   */
  public workloadOf(hpa: InputObject): WorkloadFacts | undefined {
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    const candidates = this.named(hpa).filter(o => namespaceKey(o.manifest.metadata?.namespace) === namespace);
    if (candidates.length === 0) return undefined;
    let best = candidates[0];
    let bestShared = -1;
    for (const candidate of candidates) {
      const shared = candidate.file === hpa.file ? Infinity : sharedDirectories(candidate.file, hpa.file);
      if (shared > bestShared) {
        best = candidate;
        bestShared = shared;
      }
    }
    const facts = workloadFactsFromManifest(best.manifest);
    return best.file === hpa.file ? facts : { ...facts, location: `${best.file}:${positionIn(best, []).line}` };
  }

  /**
   * For each HPA whose target an earlier HPA of the input already scales, that earlier HPA. Two
   * documents with the same namespace and name are one object applied twice (copies per
   * environment, overlays), not two autoscalers.
   */
  public duplicateTargets(): Map<InputObject, InputObject> {
    const first = new Map<string, InputObject>();
    const duplicates = new Map<InputObject, InputObject>();
    for (const hpa of this.hpas) {
      const key = scaleTargetKey(hpa.manifest.metadata?.namespace, hpa.manifest.spec?.scaleTargetRef);
      if (key === undefined) continue;
      const earlier = first.get(key);
      if (earlier && sameObject(earlier.manifest, hpa.manifest)) continue;
      if (earlier) {
        duplicates.set(hpa, earlier);
      } else {
        first.set(key, hpa);
      }
    }
    return duplicates;
  }
}

/** Kind and name: with the namespace (`namespaceKey`), what `objectKey` matches on. */
function nameKey(kind: string, name: string): string {
  return `${kind}\u0000${name}`;
}

/** The directories of a file's path, outermost first. */
function directoriesOf(file: string): string[] {
  return file.split(/[\\/]/).slice(0, -1);
}

function directoryOf(file: string): string {
  return directoriesOf(file).join('/');
}

/** How many leading directories two file paths share. */
function sharedDirectories(a: string, b: string): number {
  const da = directoriesOf(a);
  const db = directoriesOf(b);
  let n = 0;
  while (n < da.length && n < db.length && da[n] === db[n]) n++;
  return n;
}

function sameObject(a: { [key: string]: any }, b: { [key: string]: any }): boolean {
  const name = (m: { [key: string]: any }) => m.metadata?.name;
  return typeof name(a) === 'string' && name(a) === name(b) && objectKey(a.metadata?.namespace, HPA_KIND, name(a)) === objectKey(b.metadata?.namespace, HPA_KIND, name(b));
}

/** The namespace of an object as reports show it (`default` when the manifest names none). */
export function namespaceOf(manifest: { [key: string]: any }): string {
  const ns = manifest.metadata?.namespace;
  return typeof ns === 'string' && ns !== '' ? ns : DEFAULT_NAMESPACE;
}
