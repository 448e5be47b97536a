/**
 * The one index of the objects around each HorizontalPodAutoscaler, whatever they were read
 * from (files, a live cluster, the construct tree): its scale target with what its pods request,
 * the target's pods, the other autoscalers on the same target (HPAs, and KEDA ScaledObjects as
 * the HPA KEDA makes of each), and a target the input should hold but does not. Every front end
 * asks it, so they all match objects by the same rule: the namespace rule of `object-keys.ts`.
 */
import { meantAsHpa } from './api-versions';
import { isScaledObject, kedaHpaOf, kedaTargetType, scaledObjectOwner } from './keda';
import { namespaceKey, scaleTargetKey } from './object-keys';
import { isScalableKind } from './scalable-kinds';
import { isObject } from './values';
import { WorkloadFacts, workloadFactsFromManifest } from './workload-facts';
import { closestObjectName } from '../private/closest-name';
import { HPA_KIND } from '../private/constants';

/** An object of the index: its manifest and where it came from. */
export interface IndexedObject {
  readonly manifest: { readonly [key: string]: any };
  /**
   * The file it was read from. Of copies of one workload (per environment, as in `overlays/dev/`
   * and `overlays/prod/`), an HPA's target is the one nearest the HPA's file.
   */
  readonly file?: string;
  /**
   * What it is applied with as one whole, when that is not its file: its chart in a cdk8s app
   * (synth writes a chart to one file). Where an HPA's whole holds a workload of the HPA's
   * namespace, the input shows that namespace's workloads (`missingTarget`).
   */
  readonly unit?: string;
  /** Where reports say it is (`deploy.yaml:12`, a construct path); undefined where there is nothing to say. */
  where(): string | undefined;
  /**
   * The workload's facts when the source knows them better than its manifest does (a cdk8s-plus
   * workload of the construct tree, whose manifest is not rendered yet).
   */
  facts?(): WorkloadFacts;
}

/**
 * Another autoscaler that already scales an HPA's target, what the engine reports of it (HPA304):
 * an HPA, or a KEDA ScaledObject (which scales through the HPA KEDA makes of it).
 */
export interface OtherHpa {
  /** `HorizontalPodAutoscaler` or `ScaledObject`. */
  readonly kind: string;
  readonly name?: string;
  /** Where it is (`hpa.yaml:3`, a construct path). */
  readonly where?: string;
  /** The KEDA ScaledObject behind it: the ScaledObject itself, or the one that owns a KEDA HPA. */
  readonly keda?: KedaAutoscaler;
}

/** A KEDA ScaledObject and the HPA KEDA makes of it. */
export interface KedaAutoscaler {
  readonly scaledObject: string;
  /** The name of KEDA's HPA. */
  readonly hpa: string;
  /** The target's type as KEDA's admission webhook names it: `apps/v1.Deployment`. */
  readonly targetType: string;
}

/** A workload of the input, as a finding names it. */
export interface WorkloadRef {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly name: string;
  /** Where it is (`deploy.yaml:12`, a construct path). */
  readonly where?: string;
}

/**
 * An HPA's scale target that the input does not hold in the HPA's namespace, though the HPA's
 * own file (or chart) holds workloads of that namespace, so the input shows them all (HPA306).
 */
export interface MissingTarget {
  /** The workload of the HPA's namespace whose kind and name come closest to the target's. */
  readonly closest?: WorkloadRef;
  /** The first few workloads of the HPA's namespace in its own file or chart. */
  readonly present: readonly WorkloadRef[];
  /** How many more it holds. */
  readonly more: number;
}

/** What the index tells the engine about one HPA. */
export interface RelatedFacts {
  /** Its scale target, when the index holds it. */
  readonly workload?: WorkloadFacts;
  /** Another autoscaler on the same target. */
  readonly otherHpa?: OtherHpa;
  /** Its scale target, when the input should hold it and does not. */
  readonly missingTarget?: MissingTarget;
}

/** How many workloads a `MissingTarget` names. */
const PRESENT_NAMED = 3;

/** Every object of one input (an app, a set of files, a cluster's answer), indexed for matching. */
export class RelatedObjects<T extends IndexedObject = IndexedObject> {
  /** The HorizontalPodAutoscalers (and objects of the autoscaling group meant as one, `meantAsHpa`), in input order. */
  public readonly hpas: T[] = [];
  /** The objects of each kind and name (not HPAs), in input order and any namespace. */
  private readonly byName = new Map<string, T[]>();
  /** The objects of each namespace key (not HPAs), in input order. */
  private readonly byNamespace = new Map<string, T[]>();
  private readonly pods: T[] = [];
  private readonly events: T[] = [];
  /** The KEDA ScaledObjects, in input order. */
  private readonly scaledObjects: T[] = [];
  /** The autoscalers on each target, in input order (HPAs first); built on the first question. */
  private onTarget?: Map<string, Autoscaler<T>[]>;
  /** The targets the sources know exactly (the construct's typed target, what a cluster returned). */
  private readonly knownTargets = new Map<T, T>();

  /** Adds an object; for an HPA, `knownTarget` is its scale target when the source knows it, in any namespace. */
  public add(object: T, knownTarget?: T): void {
    const { kind, metadata } = object.manifest;
    if (kind === HPA_KIND || meantAsHpa(object.manifest)) {
      this.hpas.push(object);
      if (knownTarget !== undefined) this.knownTargets.set(object, knownTarget);
      this.onTarget = undefined;
      return;
    }
    if (kind === 'Pod') this.pods.push(object);
    if (kind === 'Event') this.events.push(object);
    if (isScaledObject(object.manifest)) {
      this.scaledObjects.push(object);
      this.onTarget = undefined;
    }
    if (typeof kind !== 'string' || !isObject(metadata) || typeof metadata.name !== 'string') return;
    push(this.byName, nameKey(kind, metadata.name), object);
    push(this.byNamespace, namespaceKey(metadata.namespace), object);
  }

  /** What the engine needs to know of `hpa` from the other objects. */
  public factsFor(hpa: T): RelatedFacts {
    return { workload: this.targetFacts(hpa), otherHpa: this.otherHpaOnTarget(hpa), missingTarget: this.missingTarget(hpa) };
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
    return nearest(hpa, this.named(hpa).filter(o => namespaceKey(o.manifest.metadata?.namespace) === namespace));
  }

  /**
   * The facts of the HPA's scale target, with where it is when that is not the HPA's own file;
   * else of the target the input holds only in other namespaces, where the HPA's own shows its
   * workloads whole and every one of them is named (HPA305: the controller looks in the HPA's).
   */
  public targetFacts(hpa: T): WorkloadFacts | undefined {
    const target = this.targetOf(hpa) ?? this.targetElsewhere(hpa);
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

  /** The KEDA ScaledObject that owns the HPA (its controller reference), when the index holds it in the HPA's namespace. */
  public scaledObjectOf(hpa: T): T | undefined {
    const owner = scaledObjectOwner(hpa.manifest);
    if (owner === undefined) return undefined;
    const namespace = namespaceKey(hpa.manifest.metadata?.namespace);
    return this.scaledObjects.find(so => so.manifest.metadata?.name === owner && namespaceKey(so.manifest.metadata?.namespace) === namespace);
  }

  /**
   * The first other autoscaler that scales the same target, before or after `hpa`: each of two
   * such HPAs names the other, and a KEDA ScaledObject counts as the HPA KEDA makes of it. Two
   * HPAs with the same namespace and name are one object given twice (copies per environment,
   * overlays), not two autoscalers; so are a ScaledObject and its HPA (by KEDA's name for it, or
   * by the HPA's owner). Two that name no namespace are in one only for sure in one file or
   * folder: a repository's demos in two folders are applied with `-n test` and `-n test-zero`.
   */
  public otherHpaOnTarget(hpa: T): OtherHpa | undefined {
    const key = scaleTargetKey(hpa.manifest.metadata?.namespace, hpa.manifest.spec?.scaleTargetRef);
    if (key === undefined || hpa.manifest.kind !== HPA_KIND) return undefined;
    this.onTarget ??= this.autoscalersByTarget();
    const own = hpaIdentities(hpa.manifest);
    const other = this.onTarget.get(key)?.find(o => o.object !== hpa && !o.ids.some(id => own.includes(id)) && sameNamespaceForSure(hpa, o.object));
    return other?.describe();
  }

  /**
   * The HPA's scale target when the input should hold it and does not: no object of its kind and
   * name in any namespace (one elsewhere is HPA305's or a note's case), while the HPA's own file
   * or chart holds workloads of its namespace (of a known scalable kind, or of the target's kind),
   * so the input shows them all. An HPA alone, or beside a Service, says nothing.
   */
  public missingTarget(hpa: T): MissingTarget | undefined {
    if (this.knownTargets.has(hpa) || this.named(hpa).length > 0) return undefined;
    const seen = this.workloadsSeen(hpa);
    if (seen === undefined) return undefined;
    const ref = hpa.manifest.spec.scaleTargetRef;
    const closest = closestWorkload(ref.kind, ref.name, seen.workloads);
    return {
      ...(closest && { closest: workloadRef(closest) }),
      present: seen.present.slice(0, PRESENT_NAMED).map(workloadRef),
      more: Math.max(0, seen.present.length - PRESENT_NAMED),
    };
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

  /**
   * The workloads of the HPA's namespace that could be its target (of a known scalable kind, or
   * of the target's own kind), when its own file or chart holds some of them (`present`), so the
   * input shows them whole; else `undefined`.
   */
  private workloadsSeen(hpa: T): { workloads: T[]; present: T[] } | undefined {
    const ref = hpa.manifest.spec?.scaleTargetRef;
    if (!isObject(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string' || ref.name === '') return undefined;
    const counts = isScalableKind(ref.kind)
      ? (o: T) => isScalableKind(o.manifest.kind)
      : (o: T) => o.manifest.kind === ref.kind;
    const workloads = (this.byNamespace.get(namespaceKey(hpa.manifest.metadata?.namespace)) ?? []).filter(counts);
    const unit = unitOf(hpa);
    const present = workloads.filter(o => unitOf(o) === unit);
    return present.length > 0 ? { workloads, present } : undefined;
  }

  /**
   * The HPA's target held only in other namespaces, all named, while the HPA names its own and
   * the input shows that one's workloads whole: the nearest of them. Where either names no
   * namespace, `helm install -n` may put both in one (`targetOnlyElsewhere`).
   */
  private targetElsewhere(hpa: T): T | undefined {
    if (this.knownTargets.has(hpa) || namespaceKey(hpa.manifest.metadata?.namespace) === '') return undefined;
    const named = this.named(hpa);
    if (named.length === 0 || named.some(o => namespaceKey(o.manifest.metadata?.namespace) === '')) return undefined;
    return this.workloadsSeen(hpa) === undefined ? undefined : nearest(hpa, named);
  }

  /** The objects of the HPA's target's kind and name, in any namespace. */
  private named(hpa: T): T[] {
    const ref = hpa.manifest.spec?.scaleTargetRef;
    if (!isObject(ref) || typeof ref.kind !== 'string' || typeof ref.name !== 'string') return [];
    return this.byName.get(nameKey(ref.kind, ref.name)) ?? [];
  }

  private autoscalersByTarget(): Map<string, Autoscaler<T>[]> {
    const byTarget = new Map<string, Autoscaler<T>[]>();
    for (const hpa of this.hpas) {
      // A misnamed HPA is checked, but kubectl refuses it: it scales nothing.
      if (hpa.manifest.kind !== HPA_KIND) continue;
      const key = scaleTargetKey(hpa.manifest.metadata?.namespace, hpa.manifest.spec?.scaleTargetRef);
      if (key !== undefined) push(byTarget, key, { object: hpa, ids: hpaIdentities(hpa.manifest), describe: () => describeHpa(hpa) });
    }
    for (const so of this.scaledObjects) {
      const made = kedaHpaOf(so.manifest);
      if (made === undefined) continue;
      const namespace = so.manifest.metadata?.namespace;
      const keda: KedaAutoscaler = { scaledObject: so.manifest.metadata.name, hpa: made.name, targetType: kedaTargetType(made.scaleTargetRef) };
      push(byTarget, scaleTargetKey(namespace, made.scaleTargetRef)!, {
        object: so,
        ids: [identity(namespace, 'hpa', made.name), identity(namespace, 'so', keda.scaledObject)],
        describe: () => ({ kind: so.manifest.kind, name: keda.scaledObject, where: so.where(), keda }),
      });
    }
    return byTarget;
  }
}

/**
 * Whether two objects of one scale-target key (one namespace key) are in one namespace for sure:
 * one names it, or neither does and they are in one file or folder (a chart, an app's output),
 * applied together.
 */
function sameNamespaceForSure(a: IndexedObject, b: IndexedObject): boolean {
  return namespaceKey(a.manifest.metadata?.namespace) !== '' || directoryOf(a.file) === directoryOf(b.file);
}

/** Of several copies of one object, the one in the HPA's own file, else in the file nearest it, else the first. */
function nearest<T extends IndexedObject>(hpa: T, candidates: readonly T[]): T | undefined {
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

/** An autoscaler on a target, for HPA304: an HPA, or a ScaledObject as the HPA KEDA makes of it. */
interface Autoscaler<T> {
  readonly object: T;
  /** What makes two entries one autoscaler: the HPA's namespace and name, the ScaledObject's. */
  readonly ids: readonly string[];
  describe(): OtherHpa;
}

function identity(namespace: unknown, kind: 'hpa' | 'so', name: string): string {
  return [namespaceKey(namespace), kind, name].join('\u0000');
}

/** An HPA's identities: its own name, and the ScaledObject that owns it (a KEDA HPA). */
function hpaIdentities(manifest: { readonly [key: string]: any }): string[] {
  const namespace = manifest.metadata?.namespace;
  const name = manifest.metadata?.name;
  const owner = scaledObjectOwner(manifest);
  return [
    ...(typeof name === 'string' ? [identity(namespace, 'hpa', name)] : []),
    ...(owner !== undefined ? [identity(namespace, 'so', owner)] : []),
  ];
}

function describeHpa(hpa: IndexedObject): OtherHpa {
  const name = hpa.manifest.metadata?.name;
  const owner = scaledObjectOwner(hpa.manifest);
  const ref = hpa.manifest.spec.scaleTargetRef;
  return {
    kind: HPA_KIND,
    name: typeof name === 'string' ? name : undefined,
    where: hpa.where(),
    ...(owner !== undefined && typeof name === 'string' && {
      keda: { scaledObject: owner, hpa: name, targetType: kedaTargetType({ apiVersion: String(ref.apiVersion ?? ''), kind: ref.kind }) },
    }),
  };
}

/**
 * Of the workloads of a namespace, the one closest to a target that is not among them: the same
 * name in another kind, else a close name of the same kind, else of any kind.
 */
function closestWorkload<T extends IndexedObject>(kind: string, name: string, workloads: readonly T[]): T | undefined {
  const nameOf = (o: T) => o.manifest.metadata.name as string;
  const sameName = workloads.find(o => nameOf(o) === name);
  if (sameName !== undefined) return sameName;
  const ofKind = workloads.filter(o => o.manifest.kind === kind);
  for (const candidates of [ofKind, workloads]) {
    const closest = closestObjectName(name, candidates.map(nameOf));
    if (closest !== undefined) return candidates.find(o => nameOf(o) === closest);
  }
  return undefined;
}

function workloadRef(o: IndexedObject): WorkloadRef {
  const apiVersion = o.manifest.apiVersion;
  return {
    ...(typeof apiVersion === 'string' && { apiVersion }),
    kind: o.manifest.kind,
    name: o.manifest.metadata.name,
    where: o.where(),
  };
}

/** What an object is applied with as one whole: its chart, else its file. */
function unitOf(o: IndexedObject): string | undefined {
  return o.unit ?? o.file;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const same = map.get(key);
  if (same) same.push(value); else map.set(key, [value]);
}
