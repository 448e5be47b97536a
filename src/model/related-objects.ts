/**
 * The one index of the objects around each HorizontalPodAutoscaler, whatever they were read
 * from (files, a live cluster, the construct tree): its scale target with what its pods request,
 * the target's pods, and the other HPAs on the same target. Every front end asks it, so they
 * all match objects by the same rule: the namespace rule of `object-keys.ts`.
 */
import { namespaceKey, scaleTargetKey } from './object-keys';
import { isObject } from './values';
import { WorkloadFacts, workloadFactsFromManifest } from './workload-facts';
import { HPA_KIND } from '../private/constants';

/** An object of the index: its manifest and where it came from. */
export interface IndexedObject {
  readonly manifest: { readonly [key: string]: any };
  /**
   * The file it was read from. Of copies of one workload (per environment, as in `overlays/dev/`
   * and `overlays/prod/`), an HPA's target is the one nearest the HPA's file.
   */
  readonly file?: string;
  /** Where reports say it is (`deploy.yaml:12`, a construct path); undefined where there is nothing to say. */
  where(): string | undefined;
  /**
   * The workload's facts when the source knows them better than its manifest does (a cdk8s-plus
   * workload of the construct tree, whose manifest is not rendered yet).
   */
  facts?(): WorkloadFacts;
}

/** Another HPA that already scales an HPA's target: what the engine reports of it (HPA304). */
export interface OtherHpa {
  readonly kind: string;
  readonly name?: string;
  /** Where it is (`hpa.yaml:3`, a construct path). */
  readonly where?: string;
}

/** What the index tells the engine about one HPA. */
export interface RelatedFacts {
  /** Its scale target, when the index holds it. */
  readonly workload?: WorkloadFacts;
  /** Another HPA on the same target. */
  readonly otherHpa?: OtherHpa;
}

/** Every object of one input (an app, a set of files, a cluster's answer), indexed for matching. */
export class RelatedObjects<T extends IndexedObject = IndexedObject> {
  /** The HorizontalPodAutoscalers, in input order. */
  public readonly hpas: T[] = [];
  /** The objects of each kind and name (not HPAs), in input order and any namespace. */
  private readonly byName = new Map<string, T[]>();
  private readonly pods: T[] = [];
  private readonly events: T[] = [];
  /** The HPAs on each target, in input order; built on the first question. */
  private onTarget?: Map<string, T[]>;
  /** The targets the sources know exactly (the construct's typed target, what a cluster returned). */
  private readonly knownTargets = new Map<T, T>();

  /** Adds an object; for an HPA, `knownTarget` is its scale target when the source knows it, in any namespace. */
  public add(object: T, knownTarget?: T): void {
    const { kind, metadata } = object.manifest;
    if (kind === HPA_KIND) {
      this.hpas.push(object);
      if (knownTarget !== undefined) this.knownTargets.set(object, knownTarget);
      this.onTarget = undefined;
      return;
    }
    if (kind === 'Pod') this.pods.push(object);
    if (kind === 'Event') this.events.push(object);
    if (typeof kind !== 'string' || !isObject(metadata) || typeof metadata.name !== 'string') return;
    const key = nameKey(kind, metadata.name);
    const same = this.byName.get(key);
    if (same) same.push(object); else this.byName.set(key, [object]);
  }

  /** What the engine needs to know of `hpa` from the other objects. */
  public factsFor(hpa: T): RelatedFacts {
    return { workload: this.targetFacts(hpa), otherHpa: this.otherHpaOnTarget(hpa) };
  }

  /**
   * The HPA's scale target: the one its source knows, else the object the index holds with its
   * target's kind and name in the HPA's namespace; of several, the one in the HPA's own file,
   * else in the file nearest it in the directory tree, else the first.
   */
  public targetOf(hpa: T): T | undefined {
    const known = this.knownTargets.get(hpa);
    if (known !== undefined) return known;
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    const candidates = this.named(hpa).filter(o => namespaceKey(o.manifest.metadata?.namespace) === namespace);
    let best: T | undefined;
    let bestShared = -1;
    for (const candidate of candidates) {
      const shared = candidate.file === hpa.file ? Infinity : sharedDirectories(candidate.file, hpa.file);
      if (shared > bestShared) {
        best = candidate;
        bestShared = shared;
      }
    }
    return best;
  }

  /** The facts of the HPA's scale target, with where it is when that is not the HPA's own file. */
  public targetFacts(hpa: T): WorkloadFacts | undefined {
    const target = this.targetOf(hpa);
    if (target === undefined) return undefined;
    const facts = target.facts ? target.facts() : workloadFactsFromManifest(target.manifest);
    if (target.file === undefined || target.file === hpa.file) return facts;
    const where = target.where();
    return where === undefined ? facts : { ...facts, location: where };
  }

  /** The pods of the HPA's target: in its namespace, with every label of the target's `spec.selector.matchLabels`. */
  public podsOf(hpa: T): T[] {
    const labels = this.targetOf(hpa)?.manifest.spec?.selector?.matchLabels;
    if (!isObject(labels)) return [];
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    return this.pods.filter(pod => {
      const podLabels = pod.manifest.metadata?.labels;
      return namespaceKey(pod.manifest.metadata?.namespace) === namespace && isObject(podLabels)
        && Object.entries(labels).every(([k, v]) => podLabels[k] === v);
    });
  }

  /**
   * The events about the HPA, in input order: core/v1 Events (`involvedObject`, as the
   * controller's event recorder writes them) and events.k8s.io/v1 Events (`regarding`) naming its
   * kind and name in its namespace, and its uid when both carry one (as `kubectl describe`
   * matches them: an HPA deleted and created again under the same name is another object).
   */
  public eventsOf(hpa: T): T[] {
    const { name, uid } = hpa.manifest.metadata ?? {};
    if (typeof name !== 'string') return [];
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    return this.events.filter(event => {
      const about = event.manifest.involvedObject ?? event.manifest.regarding;
      if (!isObject(about) || about.kind !== HPA_KIND || about.name !== name) return false;
      if (namespaceKey(about.namespace ?? event.manifest.metadata?.namespace) !== namespace) return false;
      return typeof uid !== 'string' || typeof about.uid !== 'string' || about.uid === uid;
    });
  }

  /**
   * The object that manages `object` (its `ownerReferences` entry with `controller: true`, else
   * its first), when the index holds it in the object's namespace, by kind, name and, when both
   * carry one, uid.
   */
  public ownerOf(object: T): T | undefined {
    const refs = object.manifest.metadata?.ownerReferences;
    if (!Array.isArray(refs)) return undefined;
    const ref = refs.find(r => isObject(r) && r.controller === true) ?? refs[0];
    if (!isObject(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return undefined;
    const namespace = namespaceKey(object.manifest.metadata?.namespace);
    return (this.byName.get(nameKey(ref.kind, ref.name)) ?? []).find(o => namespaceKey(o.manifest.metadata?.namespace) === namespace
      && (typeof ref.uid !== 'string' || typeof o.manifest.metadata?.uid !== 'string' || o.manifest.metadata.uid === ref.uid));
  }

  /**
   * The first other HPA that scales the same target, before or after `hpa`: each of two such
   * HPAs names the other. Two HPAs with the same namespace and name are one object given twice
   * (copies per environment, overlays), not two autoscalers.
   */
  public otherHpaOnTarget(hpa: T): OtherHpa | undefined {
    const key = scaleTargetKey(hpa.manifest.metadata?.namespace, hpa.manifest.spec?.scaleTargetRef);
    if (key === undefined) return undefined;
    this.onTarget ??= this.hpasByTarget();
    const other = this.onTarget.get(key)!.find(o => o !== hpa && !sameObject(o.manifest, hpa.manifest));
    if (other === undefined) return undefined;
    const name = other.manifest.metadata?.name;
    return { kind: HPA_KIND, name: typeof name === 'string' ? name : undefined, where: other.where() };
  }

  /**
   * For an HPA whose target the index does not hold in the HPA's namespace, where one of the two
   * names no namespace: the namespaces (`''` for none) the HPA's own directory holds the target
   * in. Such a pair lands in one namespace with `helm install -n`, perhaps not with `kubectl
   * apply`, so it is not matched (the namespace rule); front ends say so instead of skipping it
   * silently.
   */
  public targetOnlyElsewhere(hpa: T): string[] {
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    const named = this.named(hpa);
    if (named.some(o => namespaceKey(o.manifest.metadata?.namespace) === namespace)) return [];
    const dir = directoryOf(hpa.file);
    const found = named.map(o => ({ file: o.file, ns: namespaceKey(o.manifest.metadata?.namespace) }))
      .filter(o => directoryOf(o.file) === dir && (o.ns === '') !== (namespace === ''))
      .map(o => o.ns);
    return [...new Set(found)];
  }

  /** The objects of the HPA's target's kind and name, in any namespace. */
  private named(hpa: T): T[] {
    const ref = hpa.manifest.spec?.scaleTargetRef;
    if (!isObject(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return [];
    return this.byName.get(nameKey(ref.kind, ref.name)) ?? [];
  }

  private hpasByTarget(): Map<string, T[]> {
    const byTarget = new Map<string, T[]>();
    for (const hpa of this.hpas) {
      const key = scaleTargetKey(hpa.manifest.metadata?.namespace, hpa.manifest.spec?.scaleTargetRef);
      if (key === undefined) continue;
      const same = byTarget.get(key);
      if (same) same.push(hpa); else byTarget.set(key, [hpa]);
    }
    return byTarget;
  }
}

/** Kind and name: with the namespace, what a scale target is found by. */
function nameKey(kind: string, name: string): string {
  return `${kind}\u0000${name}`;
}

/** The directories of a file's path, outermost first. */
function directoriesOf(file: string | undefined): string[] {
  return file === undefined ? [] : file.split(/[\\/]/).slice(0, -1);
}

function directoryOf(file: string | undefined): string {
  return directoriesOf(file).join('/');
}

/** How many leading directories two file paths share. */
function sharedDirectories(a: string | undefined, b: string | undefined): number {
  const da = directoriesOf(a);
  const db = directoriesOf(b);
  let n = 0;
  while (n < da.length && n < db.length && da[n] === db[n]) n++;
  return n;
}

/** Whether two HPA manifests are one object: the same name in the same namespace. */
function sameObject(a: { readonly [key: string]: any }, b: { readonly [key: string]: any }): boolean {
  const name = a.metadata?.name;
  return typeof name === 'string' && name === b.metadata?.name
    && namespaceKey(a.metadata?.namespace) === namespaceKey(b.metadata?.namespace);
}
