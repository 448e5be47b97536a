/**
 * KEDA's ScaledObject as the HorizontalPodAutoscaler its operator makes of it, as kedacore/keda
 * does: the HPA's name (`getHPAName` in controllers/keda/hpa.go), its scale target with the
 * defaults of `ParseGVKR` (apis/keda/v1alpha1/gvkr.go: apiVersion `apps/v1`, kind `Deployment`),
 * and the ScaledObject a KEDA HPA belongs to (the controller reference it sets).
 */
import { isObject } from './values';

export const SCALED_OBJECT_KIND = 'ScaledObject';
const KEDA_GROUP = 'keda.sh';
const DEFAULT_API_VERSION = 'apps/v1';
const DEFAULT_KIND = 'Deployment';
const HPA_NAME_PREFIX = 'keda-hpa-';

/**
 * Where a ScaledObject sets what KEDA writes into its HPA's fields
 * (controllers/keda/hpa.go `newHPAForScaledObject`), by the HPA's field path.
 */
export const SCALED_OBJECT_FIELDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^spec\.minReplicas\b/, 'spec.minReplicaCount'],
  [/^spec\.maxReplicas\b/, 'spec.maxReplicaCount'],
  [/^spec\.behavior\b/, 'spec.advanced.horizontalPodAutoscalerConfig.behavior'],
  [/^spec\.metrics\b/, 'spec.triggers'],
];

/** Whether a manifest is a KEDA ScaledObject (`keda.sh/v1alpha1`). */
export function isScaledObject(manifest: { readonly [key: string]: any }): boolean {
  return manifest.kind === SCALED_OBJECT_KIND && isKedaApiVersion(manifest.apiVersion);
}

/** What KEDA's HPA for a ScaledObject is: its name and its scale target. */
export interface KedaHpa {
  readonly name: string;
  readonly scaleTargetRef: { readonly apiVersion: string; readonly kind: string; readonly name: string };
}

/**
 * The HPA KEDA makes of a ScaledObject: named `keda-hpa-<name>` unless
 * `spec.advanced.horizontalPodAutoscalerConfig.name` names it; `undefined` without a target
 * name (KEDA makes none) or a name of its own.
 */
export function kedaHpaOf(scaledObject: { readonly [key: string]: any }): KedaHpa | undefined {
  const name = scaledObject.metadata?.name;
  const ref = scaledObject.spec?.scaleTargetRef;
  if (typeof name !== 'string' || !isObject(ref) || typeof ref.name !== 'string' || ref.name === '') return undefined;
  const custom = scaledObject.spec?.advanced?.horizontalPodAutoscalerConfig?.name;
  return {
    name: typeof custom === 'string' && custom !== '' ? custom : `${HPA_NAME_PREFIX}${name}`,
    scaleTargetRef: {
      apiVersion: typeof ref.apiVersion === 'string' && ref.apiVersion !== '' ? ref.apiVersion : DEFAULT_API_VERSION,
      kind: typeof ref.kind === 'string' && ref.kind !== '' ? ref.kind : DEFAULT_KIND,
      name: ref.name,
    },
  };
}

/** The ScaledObject that owns an HPA (KEDA sets itself as the controller owner), if one does. */
export function scaledObjectOwner(hpa: unknown): string | undefined {
  const owners = isObject(hpa) && isObject(hpa.metadata) ? hpa.metadata.ownerReferences : undefined;
  if (!Array.isArray(owners)) return undefined;
  const owner = owners.find(o => isObject(o) && o.kind === SCALED_OBJECT_KIND && isKedaApiVersion(o.apiVersion) && typeof o.name === 'string');
  return owner?.name;
}

/** How KEDA's admission webhook names a scale target's type: `apps/v1.Deployment` (`GVKString`). */
export function kedaTargetType(ref: { readonly apiVersion: string; readonly kind: string }): string {
  return `${ref.apiVersion.includes('/') ? ref.apiVersion : `/${ref.apiVersion}`}.${ref.kind}`;
}

function isKedaApiVersion(apiVersion: unknown): boolean {
  return typeof apiVersion === 'string' && apiVersion.startsWith(`${KEDA_GROUP}/`);
}
