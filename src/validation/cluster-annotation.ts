/**
 * The cluster profile an HPA was judged with, carried by its `cdk8s-hpa.io/cluster` annotation
 * (`version=1.36,HPAScaleToZero=true`) as rule levels are by `cdk8s-hpa.io/rules`: the construct
 * writes it when the profile was set in code or by the config file, and every checker of the
 * manifest judges the object with it, over the profile of its run.
 */
import { ClusterProfile } from '../cluster-profile';
import { ExternalFallbackFormat } from '../external-fallback';
import { IssueList, key } from './issue-list';
import { ClusterFacts } from '../model/cluster-facts';
import { CLUSTER_ANNOTATION } from '../private/constants';

const VERSION_KEY = 'version';
const FALLBACK_FORMAT_KEY = 'fallbackFormat';
const FALLBACK_FORMATS: readonly string[] = Object.values(ExternalFallbackFormat);
const PATH = key('metadata.annotations', CLUSTER_ANNOTATION);
const FIX = 'write version=<Kubernetes version> and <FeatureGate>=true|false items separated by commas, such as "version=1.36,HPAScaleToZero=true"';

/** The annotation of each cluster (immutable, one per profile), written into every HPA of its scope at each render. */
const formatted = new WeakMap<ClusterFacts, string>();

/** `version=1.36,HPAScaleToZero=true`: the cluster's version and the gates set on it (the fallback format when not the default). */
export function formatClusterAnnotation(cluster: ClusterFacts): string {
  let text = formatted.get(cluster);
  if (text === undefined) formatted.set(cluster, text = formatCluster(cluster));
  return text;
}

function formatCluster(cluster: ClusterFacts): string {
  const items = [`${VERSION_KEY}=${cluster.version}`, ...Object.entries(cluster.gatesSet).map(([gate, on]) => `${gate}=${on}`)];
  if (cluster.fallbackFormat !== ExternalFallbackFormat.FAILURE_DURATION) items.push(`${FALLBACK_FORMAT_KEY}=${cluster.fallbackFormat}`);
  return items.join(',');
}

/** What an annotation's text gives: the profile, and each problem as `[item, why]`. */
interface Parsed {
  readonly profile: ClusterProfile;
  readonly problems: ReadonlyArray<[string, string]>;
}

/** Parsed texts: the construct's manifests carry one text per profile, read at every check. */
const parsedTexts = new Map<string, Parsed>();
const MAX_PARSED_TEXTS = 256;

/**
 * The cluster the manifest's `cdk8s-hpa.io/cluster` annotation names, or undefined without one;
 * its problems (a bad item, an unknown version or gate) are reported as HPA154 on the annotation.
 */
export function annotationCluster(manifest: unknown, out: IssueList): ClusterFacts | undefined {
  return annotationProfile(manifest, out)?._facts();
}

/** The profile the manifest's annotation names, or undefined without one, for a caller that reports no issues. */
export function annotatedCluster(manifest: unknown): ClusterProfile | undefined {
  return annotationProfile(manifest, new IssueList());
}

function annotationProfile(manifest: unknown, out: IssueList): ClusterProfile | undefined {
  const annotations = (manifest as any)?.metadata?.annotations;
  if (annotations === null || typeof annotations !== 'object' || !(CLUSTER_ANNOTATION in annotations)) return undefined;
  const text = annotations[CLUSTER_ANNOTATION];
  if (typeof text !== 'string') {
    out.invalid('HPA154', PATH, text, 'must be a string of KEY=VALUE items separated by commas', FIX);
    return undefined;
  }
  let parsed = parsedTexts.get(text);
  if (!parsed) {
    parsed = parse(text);
    if (parsedTexts.size >= MAX_PARSED_TEXTS) parsedTexts.clear();
    parsedTexts.set(text, parsed);
  }
  for (const [item, why] of parsed.problems) out.invalid('HPA154', PATH, item, why, FIX);
  return parsed.profile;
}

function parse(text: string): Parsed {
  const problems: Array<[string, string]> = [];
  let version: string | undefined;
  let fallbackFormat: ExternalFallbackFormat | undefined;
  const featureGates: { [gate: string]: boolean } = {};
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const m = /^([^=\s]+)\s*=\s*(\S+)$/.exec(item);
    if (!m) {
      problems.push([item, `"${item}" is not KEY=VALUE (such as version=1.36 or HPAScaleToZero=true)`]);
    } else if (m[1] === VERSION_KEY) {
      version = m[2];
    } else if (m[1] === FALLBACK_FORMAT_KEY) {
      if (FALLBACK_FORMATS.includes(m[2])) fallbackFormat = m[2] as ExternalFallbackFormat;
      else problems.push([item, `the fallback format must be one of ${FALLBACK_FORMATS.join(', ')}`]);
    } else if (/^(true|false)$/i.test(m[2])) {
      featureGates[m[1]] = m[2].toLowerCase() === 'true';
    } else {
      problems.push([item, `the feature gate ${m[1]} must be true or false`]);
    }
  }
  const profile = ClusterProfile.of({ version, featureGates, fallbackFormat });
  // The profile's own problems (an unknown version or gate), by the item that names the field.
  for (const [field, value, detail] of profile._facts().problems) {
    const item = field === 'version' ? `${VERSION_KEY}=${value}` : `${field.replace(/^featureGates\./, '')}=${value}`;
    problems.push([item, detail]);
  }
  return { profile, problems };
}
