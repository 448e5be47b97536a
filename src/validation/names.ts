/**
 * Kubernetes name checks (k8s.io/apimachinery/pkg/util/validation and
 * pkg/apis/core/validation), returning Go's messages, empty when valid.
 */
import { closestName } from '../private/closest-name';
import { MAX_DNS1123_LABEL_LENGTH, MAX_DNS1123_SUBDOMAIN_LENGTH } from '../private/constants';
import { memoize } from '../private/memoize';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_LABEL = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FMT}$`);

/** What a valid value's check returns (shared, not to be changed). */
const NO_ERRORS: readonly string[] = [];

function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

function regexError(msg: string, fmt: string, ...examples: string[]): string {
  return `${msg} (e.g. ${examples.map(e => `'${e}'`).join(',  or ')}, regex used for validation is '${fmt}')`;
}

/** `IsDNS1123Label`. */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > MAX_DNS1123_LABEL_LENGTH) errs.push(maxLenError(MAX_DNS1123_LABEL_LENGTH));
  if (!DNS1123_LABEL.test(value)) {
    if (DNS1123_SUBDOMAIN.test(value)) {
      errs.push('must not contain dots');
    } else {
      errs.push(regexError("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
        DNS1123_LABEL_FMT, 'my-name', '123-abc'));
    }
  }
  return errs;
}

/** `IsDNS1123Subdomain`. */
export function dns1123SubdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > MAX_DNS1123_SUBDOMAIN_LENGTH) errs.push(maxLenError(MAX_DNS1123_SUBDOMAIN_LENGTH));
  if (!DNS1123_SUBDOMAIN.test(value)) {
    errs.push(regexError("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
      DNS1123_SUBDOMAIN_FMT, 'example.com'));
  }
  return errs;
}

/** `NameIsDNSSubdomain(name, prefix)`: a generateName may end in one '-'. */
export function objectNameErrors(value: string, prefix: boolean): string[] {
  return dns1123SubdomainErrors(prefix && value.endsWith('-') ? value.slice(0, -1) : value);
}

/** `content.IsPathSegmentName`: kinds, names and metric names end up in URL paths. */
export function pathSegmentErrors(value: string): readonly string[] {
  if (value === '.' || value === '..') return [`may not be '${value}'`];
  if (!value.includes('/') && !value.includes('%')) return NO_ERRORS;
  const errs: string[] = [];
  for (const c of ['/', '%']) {
    if (value.includes(c)) errs.push(`may not contain '${c}'`);
  }
  return errs;
}

/** `IsQualifiedName`: label and annotation keys, container resource names. */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const [prefix, n] = parts;
    name = n;
    if (prefix.length === 0) {
      errs.push('prefix part must be non-empty');
    } else {
      errs.push(...dns1123SubdomainErrors(prefix).map(e => `prefix part ${e}`));
    }
  } else {
    return [regexError("a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
      QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc') + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"];
  }
  if (name.length === 0) {
    errs.push('name part must be non-empty');
  } else if (name.length > MAX_DNS1123_LABEL_LENGTH) {
    errs.push(`name part ${maxLenError(MAX_DNS1123_LABEL_LENGTH)}`);
  }
  if (name.length > 0 && !QUALIFIED_NAME.test(name)) {
    errs.push(regexError("name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
      QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc'));
  }
  return errs;
}

/** `IsValidLabelValue`. */
export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > MAX_DNS1123_LABEL_LENGTH) errs.push(maxLenError(MAX_DNS1123_LABEL_LENGTH));
  if (!LABEL_VALUE.test(value)) {
    errs.push(regexError("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
      LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
const STANDARD_RESOURCES = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods', 'resourcequotas', 'services',
  'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'storage', 'requests.storage',
  'services.nodeports', 'services.loadbalancers',
]);

function isHugePages(name: string): boolean {
  return name.startsWith('hugepages-');
}

/**
 * The standard container resource a name that is not one was meant to be: a misspelling
 * (`memroy`, `CPU`), or a quota's name for it (`requests.cpu`, `limits.memory`). The names are
 * short, so a misspelling keeps the first letter: `gpu` is not taken for `cpu`.
 */
export function closestContainerResource(name: string): string | undefined {
  const quota = /^(?:requests|limits)\.(.*)$/.exec(name);
  const meant = quota ? quota[1] : name;
  const first = meant.charAt(0).toLowerCase();
  return closestName(meant, [...STANDARD_CONTAINER_RESOURCES].filter(r => r.startsWith(first)));
}

/** `IsStandardContainerResourceName`: cpu, memory, ephemeral-storage and hugepages-*. */
export function isStandardContainerResource(name: string): boolean {
  return STANDARD_CONTAINER_RESOURCES.has(name) || isHugePages(name);
}

/**
 * `ValidateContainerResourceName`: the checks the API server runs on a ContainerResource
 * metric's `name`. Remembered by name (every Resource metric is checked, with a few names): the
 * array returned is shared, not to be changed.
 */
export const containerResourceNameErrors: (value: string) => readonly string[] = memoize(uncachedContainerResourceNameErrors);

function uncachedContainerResourceNameErrors(value: string): string[] {
  const errs = qualifiedNameErrors(value);
  const native = !value.includes('/') || value.includes('kubernetes.io/');
  if (errs.length === 0 && !value.includes('/')
    && !(STANDARD_RESOURCES.has(value) || isHugePages(value) || value.startsWith('requests.hugepages-'))) {
    errs.push('must be a standard resource type or fully qualified');
  }
  if (native && !value.includes('/') && !isStandardContainerResource(value)) {
    errs.push('must be a standard resource for containers');
  } else if (!native && !isExtendedResourceName(value)) {
    errs.push("doesn't follow extended resource name standard");
  }
  return errs;
}

/** `IsExtendedResourceName`: a fully-qualified name outside kubernetes.io, not `requests.`-prefixed. */
export function isExtendedResourceName(name: string): boolean {
  if (name.includes('kubernetes.io/') || !name.includes('/')) return false;
  return qualifiedNameErrors(`requests.${name}`).length === 0;
}
