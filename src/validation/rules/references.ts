/** `ValidateCrossVersionObjectReference` for `scaleTargetRef` and `describedObject`. */
import { memoize } from '../../private/memoize';
import { child } from '../issue-list';
import { pathSegmentErrors } from '../names';
import { RuleContext } from './context';
import { isObject, isString } from '../../model/values';
import { table } from '../../private/table';

/**
 * `schema.ParseGroupVersion`: the group, or an error message. Remembered by apiVersion (every
 * reference is parsed, with a few apiVersions): the result is shared, not to be changed.
 */
export const parseGroupVersion: (apiVersion: string) => { readonly group: string } | { readonly error: string } = memoize(uncachedParseGroupVersion);

function uncachedParseGroupVersion(apiVersion: string): { group: string } | { error: string } {
  if (apiVersion === '' || apiVersion === '/') return { group: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '' };
  if (parts.length === 2) return { group: parts[0] };
  return { error: `unexpected GroupVersion string: ${apiVersion}` };
}

/** The kind/name checks shared by both references. */
function checkKindAndName(ctx: RuleContext, ref: { [key: string]: any }, path: string): void {
  for (const field of ['kind', 'name']) {
    const value = ref[field];
    if (value === undefined || value === '') {
      ctx.out.required('HPA106', child(path, field), '', `set ${field}`);
    } else if (isString(value)) {
      for (const e of pathSegmentErrors(value)) ctx.out.invalid('HPA106', child(path, field), value, e);
    }
  }
}

export function checkScaleTargetRef(ctx: RuleContext): void {
  const path = 'spec.scaleTargetRef';
  const ref = isObject(ctx.spec.scaleTargetRef) ? ctx.spec.scaleTargetRef : {};
  checkKindAndName(ctx, ref, path);
  const apiVersion = ref.apiVersion ?? '';
  if (!isString(apiVersion)) return;
  const parsed = parseGroupVersion(apiVersion);
  const serverRule = ctx.profile._release.apiServer.scaleTargetGroupRule;
  if ('error' in parsed) {
    ctx.out.invalid(serverRule ? 'HPA107' : 'HPA205', child(path, 'apiVersion'), apiVersion, parsed.error, 'write "<group>/<version>", e.g. "apps/v1"');
  } else if (parsed.group === '' && ref.kind !== 'ReplicationController') {
    const fix = suggestApiVersion(ref.kind);
    if (serverRule) {
      ctx.out.invalid('HPA107', child(path, 'apiVersion'), apiVersion, 'apiVersion must specify API group', fix);
    } else {
      ctx.out.invalid('HPA205', child(path, 'apiVersion'), apiVersion,
        `apiVersion must specify API group: Kubernetes ${ctx.profile.version} stores it, but the controller cannot find the scale subresource`, fix);
    }
  }
}

export function checkDescribedObject(ctx: RuleContext, ref: unknown, path: string): void {
  const r = isObject(ref) ? ref : {};
  checkKindAndName(ctx, r, path);
  if (isString(r.apiVersion)) {
    const parsed = parseGroupVersion(r.apiVersion);
    if ('error' in parsed) ctx.out.invalid('HPA112', child(path, 'apiVersion'), r.apiVersion, parsed.error);
  }
}

const WELL_KNOWN_GROUPS = table({
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  ReplicaSet: 'apps/v1',
  Rollout: 'argoproj.io/v1alpha1',
});

/** The current API version of a well-known scalable kind. */
export function wellKnownApiVersion(kind: unknown): string | undefined {
  return isString(kind) ? WELL_KNOWN_GROUPS[kind] : undefined;
}

function suggestApiVersion(kind: unknown): string {
  const known = wellKnownApiVersion(kind);
  return known ? `set apiVersion to "${known}"` : 'write the API group and version, e.g. "apps/v1"';
}
