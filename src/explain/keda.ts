/**
 * HPAs that KEDA manages: a ScaledObject owns its HPA (`keda-hpa-<name>`, an ownerReference of
 * kind ScaledObject) and writes it from its own spec, so the HPA's replica bounds, behavior and
 * metrics are the ScaledObject's, pausing is an annotation of the ScaledObject (KEDA deletes the
 * HPA while paused), and a fallback is the ScaledObject's `spec.fallback`, which KEDA's metrics
 * server serves in place of a failing trigger. Changes go to the ScaledObject: KEDA rewrites the
 * HPA.
 */
import { Kubectl } from './commands';
import { SCALED_OBJECT_FIELDS, scaledObjectOwner } from '../model/keda';
import { isObject } from '../model/values';

/** A ScaledObject that manages an HPA. */
export interface KedaOwner {
  readonly name: string;
  readonly namespace: string;
  /** The ScaledObject itself, when the input holds it. */
  readonly manifest?: { readonly [key: string]: any };
}

/** The annotations that pause a ScaledObject. */
const PAUSE_ANNOTATIONS = ['autoscaling.keda.sh/paused-replicas', 'autoscaling.keda.sh/paused'];

/** The ScaledObject that owns the HPA (by its controller reference), with the ScaledObject itself when the input holds it. */
export function kedaOwnerOf(
  hpa: { readonly [key: string]: any }, namespace: string, scaledObject: { readonly [key: string]: any } | undefined,
): KedaOwner | undefined {
  const name = scaledObjectOwner(hpa);
  return name === undefined ? undefined : { name, namespace, manifest: scaledObject };
}

/** `kubectl get scaledobject NAME -n NS -o yaml`: its triggers, fallback, bounds and the health KEDA reports. */
export function getScaledObject(kubectl: Kubectl, keda: KedaOwner): string {
  return kubectl(['get', 'scaledobject', keda.name, '-n', keda.namespace, '-o', 'yaml']);
}

/** What the explanation says of KEDA's ownership, with the pause or fallback the ScaledObject holds. */
export function kedaMessage(keda: KedaOwner): string {
  const annotations = keda.manifest?.metadata?.annotations ?? {};
  const pause = PAUSE_ANNOTATIONS.find(a => isObject(annotations) && annotations[a] !== undefined);
  const fallback = keda.manifest?.spec?.fallback;
  const parts = [`KEDA's ScaledObject "${keda.name}" manages this HPA: its replica bounds (spec.minReplicaCount, spec.maxReplicaCount), `
    + 'behavior (spec.advanced.horizontalPodAutoscalerConfig.behavior), triggers (the HPA\'s metrics), fallback (spec.fallback) and pausing '
    + '(annotation autoscaling.keda.sh/paused) are set there, and KEDA rewrites any change made to the HPA'];
  if (pause) parts.push(`the ScaledObject is paused (${pause}: ${JSON.stringify(annotations[pause])}): KEDA deletes the HPA while paused, so this one is left over or about to go`);
  if (isObject(fallback)) {
    parts.push(`its fallback serves ${fallback.replicas} replicas' worth of metric after ${fallback.failureThreshold} failed reads of a trigger, so the HPA sees a value, not a failure`);
  }
  return parts.join('; ');
}

/**
 * A fix of a KEDA-managed HPA, pointed at the ScaledObject when it changes a field KEDA writes
 * (the change is made on the ScaledObject, with the command that shows it); a fix made elsewhere
 * (a request in the workload's pod template) stays as it is.
 */
export function kedaFix(kubectl: Kubectl, keda: KedaOwner, path: string, fix: string | undefined): string | undefined {
  if (fix === undefined) return undefined;
  const field = SCALED_OBJECT_FIELDS.find(([hpaField]) => hpaField.test(path));
  if (!field) return fix;
  const renamed = fix.replace(/spec\.(maxReplicas|minReplicas|behavior(\.\w+)*|metrics\[\d+\](\.\w+)*)/g, m => SCALED_OBJECT_FIELDS.find(([f]) => f.test(m))?.[1] ?? m);
  if (renamed === fix) return fix;
  return `on ScaledObject "${keda.name}", not on the HPA (KEDA rewrites it): ${renamed}; see it with ${getScaledObject(kubectl, keda)}`;
}
