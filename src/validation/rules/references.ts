/** `ValidateCrossVersionObjectReference` for `scaleTargetRef` and `describedObject`. */
import { groupOf, isScalableKind, SCALABLE_KINDS, wellKnownApiVersion } from '../../model/scalable-kinds';
import { closestName } from '../../private/closest-name';
import { memoize } from '../../private/memoize';
import { child } from '../issue-list';
import { pathSegmentErrors } from '../names';
import { RuleContext } from './context';
import { isObject, isString } from '../../model/values';

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
  checkKindSpelling(ctx, ref, path);
  const apiVersion = ref.apiVersion ?? '';
  if (!isString(apiVersion)) return;
  const parsed = parseGroupVersion(apiVersion);
  const serverRule = ctx.cluster.release.apiServer.scaleTargetGroupRule;
  if ('error' in parsed) {
    ctx.out.invalid(serverRule ? 'HPA107' : 'HPA205', child(path, 'apiVersion'), apiVersion, parsed.error, 'write "<group>/<version>", e.g. "apps/v1"');
  } else if (parsed.group === '' && ref.kind !== 'ReplicationController') {
    const fix = suggestApiVersion(ref.kind);
    if (serverRule) {
      ctx.out.invalid('HPA107', child(path, 'apiVersion'), apiVersion, 'apiVersion must specify API group', fix);
    } else {
      ctx.out.invalid('HPA205', child(path, 'apiVersion'), apiVersion,
        `apiVersion must specify API group: Kubernetes ${ctx.cluster.version} stores it, but the controller cannot find the scale subresource`, fix);
    }
  }
}

const SCALABLE_KIND_NAMES = Object.keys(SCALABLE_KINDS);

/**
 * A kind that misspells a scalable kind the library knows (`deployment`, `Deploymnet`): the API
 * server stores any kind, but the controller looks the kind up exactly in its API group
 * (horizontal.go: `RESTMappings` of the group and kind) and fails every sync. Reported in that
 * kind's group, with no group, or in another built-in group (no `.`, so no custom resource can
 * be defined there); a kind of a custom group may be a custom resource spelt so.
 */
function checkKindSpelling(ctx: RuleContext, ref: { [key: string]: any }, path: string): void {
  const kind = ref.kind;
  if (!isString(kind) || kind === '' || isScalableKind(kind)) return;
  const meant = closestName(kind, SCALABLE_KIND_NAMES);
  if (meant === undefined) return;
  const group = isString(ref.apiVersion) ? groupOf(ref.apiVersion) : '';
  const meantApiVersion = SCALABLE_KINDS[meant];
  if (group !== groupOf(meantApiVersion) && group.includes('.')) return;
  ctx.out.invalid('HPA207', child(path, 'kind'), kind,
    `the API server stores any kind, but the controller looks kinds up exactly and finds no ${JSON.stringify(kind)}: every sync fails with FailedGetScale (no matches for kind ${JSON.stringify(kind)} in group ${JSON.stringify(group)})`,
    `set kind to "${meant}"${group === groupOf(meantApiVersion) ? '' : ` and apiVersion to "${meantApiVersion}"`}`);
}

export function checkDescribedObject(ctx: RuleContext, ref: unknown, path: string): void {
  const r = isObject(ref) ? ref : {};
  checkKindAndName(ctx, r, path);
  if (isString(r.apiVersion)) {
    const parsed = parseGroupVersion(r.apiVersion);
    if ('error' in parsed) ctx.out.invalid('HPA112', child(path, 'apiVersion'), r.apiVersion, parsed.error);
  }
}

function suggestApiVersion(kind: unknown): string {
  const known = wellKnownApiVersion(kind);
  return known ? `set apiVersion to "${known}"` : 'write the API group and version, e.g. "apps/v1"';
}
