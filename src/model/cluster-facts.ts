/**
 * The cluster a manifest is judged for, resolved once from what a `ClusterProfile` declares:
 * the release's facts, whether each gate is on, and what is wrong with the declaration itself.
 * As kube-apiserver's strategy.go turns feature gates into plain validation options once, the
 * engines read these facts and never the profile.
 */
import {
  DEFAULT_MINOR, GateStage, isKnownGate, KNOWN_GATES, kubernetesRelease, KubernetesRelease, NEWEST_KNOWN_MINOR, OLDEST_KNOWN_MINOR,
} from '../private/kubernetes-releases';
import { ExternalFallbackSpec } from '../private/spec-types';
import { table } from '../private/table';

/** How `external.fallback` is written: the name of its duration field (the values of `ExternalFallbackFormat`). */
export type FallbackFormat = Exclude<keyof ExternalFallbackSpec, 'replicas'>;

/** A problem with the declaration itself: the field (`version`, `featureGates.<gate>`), its value, and why. */
export type ClusterProblem = readonly [field: string, value: unknown, detail: string];

/** What a profile declares: `ClusterProfileOptions`, with the fallback format resolved. */
export interface ClusterDeclaration {
  readonly version?: string;
  readonly featureGates?: { readonly [gate: string]: unknown };
  readonly fallbackFormat: FallbackFormat;
}

/** The cluster as the engines read it. */
export interface ClusterFacts {
  /** The version as declared (`'1.36'`, `'v1.38.2'`), or the default release's. */
  readonly version: string;
  /** The minor version number the version names (38 for `1.38`); the default release's when it is not understood. */
  readonly minor: number;
  /** Whether a version was declared, rather than the default release assumed. */
  readonly versionDeclared: boolean;
  /** Whether the version is newer than every release the table holds (judged as the newest). */
  readonly newerThanKnown: boolean;
  /**
   * What the release the cluster is judged as knows: its own, or the newest the table holds for
   * a newer one (the default's for a version not understood).
   */
  readonly release: KubernetesRelease;
  /** Whether each known gate is on: the declared state where it can apply, else the release's default. An unknown gate is off. */
  readonly gatesOn: { readonly [gate: string]: boolean };
  /** The gates declared over the release's defaults, as given. */
  readonly gatesSet: { readonly [gate: string]: unknown };
  /** The wire shape of `external.fallback` the cluster takes. */
  readonly fallbackFormat: FallbackFormat;
  /** An unknown version or gate, or a gate set where it does not exist or cannot be changed. */
  readonly problems: readonly ClusterProblem[];
}

/** The facts of the cluster `declared` describes. */
export function resolveCluster(declared: ClusterDeclaration): ClusterFacts {
  const versionDeclared = declared.version !== undefined;
  const version = declared.version ?? `1.${DEFAULT_MINOR}`;
  const gatesSet = { ...declared.featureGates };
  const parsed = parseMinor(version);
  const newerThanKnown = parsed !== undefined && parsed > NEWEST_KNOWN_MINOR;
  const release = kubernetesRelease(Math.min(parsed ?? DEFAULT_MINOR, NEWEST_KNOWN_MINOR));
  const gateOn = (gate: string): boolean => {
    const state = release.gates[gate];
    const override = gatesSet[gate];
    // A release newer than the table may have moved any gate: what the profile declares is taken as given.
    if (newerThanKnown && typeof override === 'boolean') return override;
    if (state.stage === GateStage.GA) return true;
    if (typeof override === 'boolean') return override && state.stage !== GateStage.ABSENT;
    return state.enabledByDefault;
  };
  return {
    version,
    minor: parsed ?? DEFAULT_MINOR,
    versionDeclared,
    newerThanKnown,
    release,
    gatesOn: table(Object.fromEntries(KNOWN_GATES.map(gate => [gate, gateOn(gate)]))),
    gatesSet,
    fallbackFormat: declared.fallbackFormat,
    problems: findProblems(version, parsed, gatesSet, newerThanKnown ? undefined : release),
  };
}

/** `release`: the one the gates are checked against; undefined for a version newer than the table. */
function findProblems(
  version: string, minor: number | undefined, gates: { readonly [gate: string]: unknown }, release: KubernetesRelease | undefined,
): ClusterProblem[] {
  const problems: ClusterProblem[] = [];
  if (minor === undefined) {
    problems.push(['version', version, `must be a Kubernetes version 1.${OLDEST_KNOWN_MINOR} or later, such as "1.${DEFAULT_MINOR}"`]);
  }
  for (const [gate, value] of Object.entries(gates)) {
    const field = `featureGates.${gate}`;
    if (!isKnownGate(gate)) {
      problems.push([field, value, `unknown feature gate; known gates: ${KNOWN_GATES.join(', ')}`]);
    } else if (typeof value !== 'boolean') {
      problems.push([field, value, 'must be true or false']);
    } else if (release) {
      const state = release.gates[gate];
      if (value && state.stage === GateStage.ABSENT) {
        problems.push([field, value, `Kubernetes ${version} has no ${gate} feature gate; declare a version that has it`]);
      } else if (!value && state.stage === GateStage.GA) {
        problems.push([field, value, `${gate} is GA and locked on in Kubernetes ${version}; it cannot be turned off`]);
      }
    }
  }
  return problems;
}

/** `'1.36'`, `'v1.36.2'` -> 36; undefined when not a 1.x version the library knows or one newer. */
function parseMinor(version: unknown): number | undefined {
  if (typeof version !== 'string') return undefined;
  const m = /^v?1\.(\d+)(\.\d+)?$/.exec(version.trim());
  if (!m) return undefined;
  const minor = Number(m[1]);
  return minor >= OLDEST_KNOWN_MINOR && Number.isSafeInteger(minor) ? minor : undefined;
}
