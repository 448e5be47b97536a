/**
 * The one path from input to findings: read every input into one index of related objects,
 * check each HPA with what the index knows of it, and place each issue in its source.
 * `cdk8s-hpa validate`, `simulate` and `explain`, the synth plugin and `HpaValidator.validateYaml`
 * all go through it, so a check is in all of them or in none.
 */
import { checkHpa, HpaSettings } from './check-hpa';
import { InputObject, objectsOf } from './input-objects';
import { INPUT_RULE_ID, SYNTAX_RULE_ID } from './input-rules';
import { Located } from './located';
import { parseSource } from './yaml-source';
import { namespaceKey, namespaceOf } from '../model/object-keys';
import { RelatedObjects } from '../model/related-objects';
import { isObject } from '../model/values';
import { Severity, ValidationIssue } from '../validation/validation-issue';

/** One input: its name as reports print it, and its text. */
export interface TextInput {
  readonly name: string;
  readonly text: string;
  /**
   * A file of a repository, which may hold YAML that is not a Kubernetes object (a CI workflow,
   * mkdocs.yml): where it holds none, it is skipped (`notKubernetes`), broken or not.
   */
  readonly mayHoldOtherYaml?: boolean;
}

/** An input that could not be read, and why. */
export interface InputProblem {
  readonly name: string;
  readonly reason: string;
}

/** What checking the inputs found. */
export interface CheckedInputs {
  /** Every object of the inputs, indexed. */
  readonly objects: RelatedObjects<InputObject>;
  /** Each input's syntax errors and its HPAs' issues, by position in the file; inputs in the order given. */
  readonly issues: Located[];
  /** The number of YAML or JSON syntax errors among the issues. */
  readonly syntaxErrors: number;
  /** Why an HPA was not checked against a target the input holds in another namespace. */
  readonly notes: string[];
  /**
   * The inputs that hold no Kubernetes object (no document with an apiVersion or a kind: a CI
   * workflow, a docker-compose file, mkdocs.yml), skipped: their syntax errors are not reported,
   * unless the text is an attempt at one (it has an `apiVersion:` or `kind:` key).
   */
  readonly notKubernetes: string[];
  /** The issues of one HPA, in manifest order. */
  issuesOf(hpa: InputObject): Located[];
}

/** Reads and checks every input; `settingsFor` gives the settings of an input by its name. */
export function checkInputs(inputs: readonly TextInput[], settingsFor: (input: string) => HpaSettings): CheckedInputs {
  const objects = new RelatedObjects<InputObject>();
  const syntaxErrors = new Map<string, Located[]>();
  const settings = new Map<string, HpaSettings>();
  const notKubernetes: string[] = [];
  for (const input of inputs) {
    settings.set(input.name, settingsFor(input.name));
    const errors: Located[] = [];
    let kubernetes = false;
    let content = false;
    for (const document of parseSource(input.text)) {
      content ||= document.value != null;
      kubernetes ||= isObject(document.value) && (document.value.apiVersion !== undefined || document.value.kind !== undefined);
      for (const error of document.errors) {
        errors.push({
          file: input.name,
          line: error.position.line,
          column: error.position.column,
          severity: Severity.ERROR,
          ruleId: SYNTAX_RULE_ID,
          path: '<root>',
          message: `syntax error: ${error.message}`,
        });
      }
      for (const object of objectsOf(input.name, document)) objects.add(object);
    }
    if (input.mayHoldOtherYaml && !kubernetes && (content || errors.length > 0) && !KUBERNETES_KEY.test(input.text)) {
      notKubernetes.push(input.name);
      continue;
    }
    syntaxErrors.set(input.name, errors);
  }

  const byHpa = new Map<InputObject, Located[]>();
  const byFile = new Map<string, Located[]>();
  const notes: string[] = [];
  for (const hpa of objects.hpas) {
    const found = placed(hpa, checkHpa(hpa, objects, settings.get(hpa.file)!));
    byHpa.set(hpa, found);
    const ofFile = byFile.get(hpa.file);
    if (ofFile) ofFile.push(...found); else byFile.set(hpa.file, [...found]);
    const elsewhere = objects.targetOnlyElsewhere(hpa);
    if (elsewhere.length > 0) notes.push(unmatchedTargetNote(hpa, elsewhere));
  }

  const issues: Located[] = [];
  let syntaxErrorCount = 0;
  for (const input of inputs) {
    const errors = syntaxErrors.get(input.name) ?? [];
    syntaxErrorCount += errors.length;
    const ofFile = [...errors, ...byFile.get(input.name) ?? []];
    const inOrder = ofFile.map((issue, i) => ({ issue, i }))
      .sort((a, b) => a.issue.line - b.issue.line || a.issue.column - b.issue.column || a.i - b.i);
    for (const { issue } of inOrder) issues.push(issue);
  }
  return { objects, issues, syntaxErrors: syntaxErrorCount, notes, notKubernetes, issuesOf: hpa => byHpa.get(hpa) ?? [] };
}

/** An `apiVersion:` or `kind:` key anywhere in a text: an attempt at a Kubernetes object, even where its YAML is broken. */
const KUBERNETES_KEY = /^[ \t\-{,[]*["']?(?:apiVersion|kind)["']?[ \t]*:/m;

/** An HPA's issues placed in its source, each with the object it is about. */
function placed(hpa: InputObject, found: readonly ValidationIssue[]): Located[] {
  const manifest = hpa.manifest;
  const object = {
    kind: manifest.kind,
    namespace: namespaceOf(manifest),
    name: typeof manifest.metadata?.name === 'string' ? manifest.metadata.name : undefined,
  };
  return found.map(issue => {
    const position = hpa.positionOf(issue.path);
    return { ...issue, file: hpa.file, line: position.line, column: position.column, object };
  });
}

/** Inputs that cannot be read, as issues (rule id `INPUT`), so every output format shows them. */
export function inputProblemIssues(problems: readonly InputProblem[]): Located[] {
  return problems.map(p => ({
    file: p.name,
    line: 1,
    column: 1,
    severity: Severity.ERROR,
    ruleId: INPUT_RULE_ID,
    path: '<root>',
    message: `cannot be read: ${p.reason}`,
  }));
}

/** Why an HPA was not checked against a target the input holds in another namespace. */
function unmatchedTargetNote(hpa: InputObject, namespaces: readonly string[]): string {
  const at = hpa.positionOf('<root>');
  const ref = hpa.manifest.spec.scaleTargetRef;
  const namespace = (n: string) => (n ? `namespace "${n}"` : 'no namespace');
  const where = namespaces.map(namespace).join(', ');
  return `${hpa.file}:${at.line}:${at.column}: HorizontalPodAutoscaler ${hpa.manifest.metadata?.name} (${namespace(namespaceKey(hpa.manifest.metadata?.namespace))}) `
    + `was not checked against ${ref.kind}/${ref.name}, which the input holds with ${where}: `
    + '`helm install -n` puts both in one namespace, `kubectl apply` may not; give both the same metadata.namespace to have them checked together';
}
