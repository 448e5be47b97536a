/** `ValidateObjectMeta` for an HPA (`NameIsDNSSubdomain`), and the manifest's type. */
import { AUTOSCALING_V2BETA1, AUTOSCALING_V2BETA2, deprecationWarning, meantAsHpa } from '../../model/api-versions';
import { ClusterFacts } from '../../model/cluster-facts';
import { HPA_API_VERSION, HPA_KIND } from '../../private/constants';
import { declareVersion, servedState } from '../../private/kubernetes-releases';
import { child, ErrorType, IssueList } from '../issue-list';
import { dns1123LabelErrors, labelValueErrors, objectNameErrors, qualifiedNameErrors } from '../names';
import { RuleContext } from './context';
import { isObject, isString } from '../../model/values';

const MAX_ANNOTATIONS_BYTES = 256 * 1024;

/**
 * apiVersion and kind. Every HPA version the cluster's release serves is accepted (the rules then
 * run on the object as the API server converts it); a deprecated one gets the server's warning.
 */
export function checkTypeMeta(manifest: { [key: string]: any }, cluster: ClusterFacts, out: IssueList): void {
  const { apiVersion, kind } = manifest;
  const served = () => cluster.release.servedApiVersions;
  if (isString(apiVersion)) {
    const state = servedState(apiVersion, cluster.release);
    if (state === undefined) {
      out.unsupported('HPA100', 'apiVersion', apiVersion, served(), `set apiVersion to "${HPA_API_VERSION}"`);
    } else if (!state.served) {
      const when = state.removedIn !== undefined ? `removed in 1.${state.removedIn}` : `added in 1.${state.since}`;
      out.add('HPA100', 'apiVersion', ErrorType.UNSUPPORTED, apiVersion,
        `Kubernetes ${cluster.version} does not serve this version (${when}), kubectl fails with: no matches for kind "HorizontalPodAutoscaler" in version "${apiVersion}"; served: ${served().map(v => JSON.stringify(v)).join(', ')}`,
        state.removedIn !== undefined ? migrationHint(apiVersion) : declareVersion(`1.${state.since}`));
    } else if (state.deprecated) {
      out.add('HPA155', 'apiVersion', ErrorType.WARNING, undefined,
        deprecationWarning(apiVersion, state.deprecated.since, state.deprecated.removedIn), migrationHint(apiVersion));
    }
  } else if (apiVersion === undefined) {
    out.required('HPA100', 'apiVersion', `must be one of ${served().map(v => JSON.stringify(v)).join(', ')}`);
  }
  if (isString(kind) && kind !== HPA_KIND) {
    if (meantAsHpa(manifest)) {
      // kubectl maps kinds case-sensitively, and the autoscaling group has one kind.
      out.add('HPA100', 'kind', ErrorType.UNSUPPORTED, kind,
        `kubectl fails with: no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}; the autoscaling group's one kind is "${HPA_KIND}"`,
        `did you mean "${HPA_KIND}"? kinds are case-sensitive`);
    } else {
      out.unsupported('HPA100', 'kind', kind, [HPA_KIND]);
    }
  } else if (kind === undefined) {
    out.required('HPA100', 'kind', `must be "${HPA_KIND}"`);
  }
}

function migrationHint(apiVersion: string): string {
  switch (apiVersion) {
    case AUTOSCALING_V2BETA2: return `move to ${HPA_API_VERSION}: change apiVersion only, the fields are the same`;
    case AUTOSCALING_V2BETA1: return `move to ${HPA_API_VERSION}: each metric's targetAverageUtilization, targetAverageValue and targetValue move into a target with a type, metricName into metric.name`;
    default: return `move to ${HPA_API_VERSION}`;
  }
}

export function checkMetadata(ctx: RuleContext): void {
  const meta = isObject(ctx.manifest.metadata) ? ctx.manifest.metadata : {};
  const path = 'metadata';
  const { name, generateName, namespace, labels, annotations } = meta;
  if (!isString(generateName) || generateName.length === 0) {
    if (name === undefined || name === '') {
      ctx.out.required('HPA104', child(path, 'name'), 'name or generateName is required');
    }
  } else {
    for (const e of objectNameErrors(generateName, true)) ctx.out.invalid('HPA104', child(path, 'generateName'), generateName, e);
  }
  if (isString(name) && name.length > 0) {
    for (const e of objectNameErrors(name, false)) {
      ctx.out.invalid('HPA104', child(path, 'name'), name, e, 'use lower-case letters, digits, "-" and "."');
    }
  }
  if (isString(namespace) && namespace.length > 0) {
    for (const e of dns1123LabelErrors(namespace)) ctx.out.invalid('HPA105', child(path, 'namespace'), namespace, e);
  }
  if (isObject(labels)) {
    for (const [k, v] of Object.entries(labels)) {
      for (const e of qualifiedNameErrors(k)) ctx.out.invalid('HPA105', child(path, 'labels'), k, e);
      if (isString(v)) {
        for (const e of labelValueErrors(v)) ctx.out.invalid('HPA105', child(path, 'labels'), v, e);
      }
    }
  }
  if (isObject(annotations)) {
    let size = 0;
    for (const [k, v] of Object.entries(annotations)) {
      for (const e of qualifiedNameErrors(k.toLowerCase())) ctx.out.invalid('HPA105', child(path, 'annotations'), k, e);
      size += k.length + (isString(v) ? v.length : 0);
    }
    if (size > MAX_ANNOTATIONS_BYTES) {
      ctx.out.add('HPA105', child(path, 'annotations'), ErrorType.TOO_LONG, undefined, `may not be more than ${MAX_ANNOTATIONS_BYTES} bytes`);
    }
  }
}
