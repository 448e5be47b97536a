/**
 * Which inputs to read: files, directories (walked for .yaml, .yml and .json files) and `-`
 * for standard input, decoded as kubectl decodes them. Every input that cannot be read is
 * reported, with why, and skipped; a kustomize directory or a Helm chart met in a walk is noted,
 * not read.
 */
import * as fs from 'fs';
import * as path from 'path';

/** Inputs larger than this are not parsed. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** What a directory walk reads; everything else in a directory is skipped. */
export const MANIFEST_EXTENSIONS: readonly string[] = ['.yaml', '.yml', '.json'];
/** The name standard input has in reports. */
export const STDIN_NAME = '<stdin>';
/** Where reports place a finding on the run's own flags (`<command line>:1:1`): not a file. */
export const COMMAND_LINE = '<command line>';
/** The files that make a directory a kustomization, as kustomize recognises them. */
const KUSTOMIZATION_FILES: readonly string[] = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
/** The file that makes a directory a Helm chart, as helm recognises it. */
const CHART_FILE = 'Chart.yaml';

export interface Input {
  /** As printed in reports: the path as given or found under a given directory, or `<stdin>`. */
  readonly name: string;
  readonly text: string;
  /** Named on the command line (a file, a pipe or `-`), not found in a directory. */
  readonly given?: boolean;
  /** A file, which may hold YAML that is not a Kubernetes object (not standard input). */
  readonly mayHoldOtherYaml?: boolean;
}

export interface InputProblem {
  readonly name: string;
  readonly reason: string;
}

export interface CollectedInputs {
  readonly inputs: Input[];
  readonly problems: InputProblem[];
  /** Files skipped in directories because of their extension. */
  readonly skipped: number;
  /**
   * Kustomize directories met in a walk (they hold a kustomization file), not read: their files
   * are kustomize's input (patches are parts of objects), not what a cluster gets.
   */
  readonly kustomizations: string[];
  /**
   * Helm charts met in a walk (they hold a Chart.yaml), not read: their templates are Helm's
   * input (`{{ }}` in YAML), not what a cluster gets.
   */
  readonly charts: string[];
}

/** Reads standard input; injectable for tests. */
export type StdinReader = () => Buffer;

/** Reads every input in the order given; directory entries in name order. */
export function collectInputs(args: readonly string[], readStdin: StdinReader): CollectedInputs {
  const inputs: Input[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  const kustomizations: string[] = [];
  const charts: string[] = [];
  let skipped = 0;

  const readFile = (name: string, size: number, given = false) => {
    if (size > MAX_INPUT_BYTES) {
      problems.push({ name, reason: `file is too large (${formatBytes(size)}; the limit is ${formatBytes(MAX_INPUT_BYTES)})` });
      return;
    }
    let buffer: Buffer;
    try {
      buffer = fs.readFileSync(name);
    } catch (e) {
      problems.push({ name, reason: describeFsError(e) });
      return;
    }
    addBuffer(name, buffer, given, true);
  };

  const addBuffer = (name: string, buffer: Buffer, given: boolean, file = false) => {
    if (buffer.length > MAX_INPUT_BYTES) {
      problems.push({ name, reason: `input is too large (${formatBytes(buffer.length)}; the limit is ${formatBytes(MAX_INPUT_BYTES)})` });
      return;
    }
    const text = decode(buffer);
    if (text.includes('\0')) {
      problems.push({ name, reason: 'binary content (it contains NUL characters); manifests must be YAML or JSON in UTF-8, or in UTF-16 with a byte order mark' });
    } else {
      inputs.push({ name, text, ...given && { given }, ...file && { mayHoldOtherYaml: true } });
    }
  };

  const walk = (dir: string) => {
    const stack = [dir];
    while (stack.length > 0) {
      const current = stack.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(current, { withFileTypes: true });
      } catch (e) {
        problems.push({ name: current, reason: describeFsError(e) });
        continue;
      }
      if (entries.some(entry => KUSTOMIZATION_FILES.includes(entry.name) && !entry.isDirectory())) {
        kustomizations.push(current);
        continue;
      }
      if (entries.some(entry => entry.name === CHART_FILE && !entry.isDirectory())) {
        charts.push(current);
        continue;
      }
      const subdirs: string[] = [];
      for (const entry of entries.sort((a, b) => compareNames(a.name, b.name))) {
        const full = path.join(current, entry.name);
        let stat: fs.Stats;
        try {
          stat = entry.isSymbolicLink() ? fs.statSync(full) : fs.lstatSync(full);
        } catch (e) {
          problems.push({ name: full, reason: describeFsError(e) });
          continue;
        }
        if (stat.isDirectory()) {
          // Hidden directories (.git, .helm) and node_modules hold no manifests to check.
          if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
          if (markSeen(full)) subdirs.push(full);
        } else if (stat.isFile()) {
          if (!MANIFEST_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) {
            skipped++;
          } else if (markSeen(full)) {
            readFile(full, stat.size);
          }
        }
      }
      // Depth first, in name order.
      stack.push(...subdirs.reverse());
    }
  };

  /** False when this file or directory was already read (given twice, or reached by a link). */
  const markSeen = (p: string): boolean => {
    let real: string;
    try {
      real = fs.realpathSync(p);
    } catch {
      real = path.resolve(p);
    }
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  };

  let stdinRead = false;
  for (const arg of args) {
    if (arg === '-') {
      if (stdinRead) continue;
      stdinRead = true;
      let buffer: Buffer;
      try {
        buffer = readStdin();
      } catch (e) {
        problems.push({ name: STDIN_NAME, reason: describeFsError(e) });
        continue;
      }
      addBuffer(STDIN_NAME, buffer, true);
      continue;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(arg);
    } catch (e) {
      problems.push({ name: arg, reason: describeFsError(e) });
      continue;
    }
    if (stat.isDirectory()) {
      if (markSeen(arg)) walk(arg);
    } else if (stat.isFile() || stat.isFIFO()) {
      // A file named on the command line is read whatever its extension; a pipe too
      // (`cdk8s-hpa validate <(helm template .)`).
      if (markSeen(arg)) readFile(arg, stat.size, true);
    } else {
      problems.push({ name: arg, reason: 'not a regular file or directory' });
    }
  }
  return { inputs, problems, skipped, kustomizations, charts };
}

/** What a kustomize directory is, and how to check what it builds. */
export function kustomizationNote(dir: string): string {
  return `${dir} is a kustomize directory: its files (patches among them) are kustomize's input, not checked; `
    + `check what it builds: kustomize build ${dir} | cdk8s-hpa validate -`;
}

/** What a Helm chart is, and how to check what it renders. */
export function chartNote(dir: string): string {
  return `${dir} is a Helm chart: its templates are Helm's input, not checked; `
    + `check what it renders: helm template RELEASE ${dir} | cdk8s-hpa validate -`;
}

/** The notes on the directories a walk met and did not read. */
export function skippedDirectoryNotes(collected: CollectedInputs): string[] {
  return [...collected.kustomizations.map(kustomizationNote), ...collected.charts.map(chartNote)];
}

/** How many names a note lists before it counts the rest. */
const NAMED_IN_NOTE = 5;

/**
 * Notes on the inputs read that held nothing to check: the files that hold no Kubernetes object
 * (`notKubernetes`, one note for those a walk found), and each file named on the command line
 * that holds no HorizontalPodAutoscaler and has no finding (`reported`: the files that have an
 * HPA or a finding).
 */
export function unusedInputNotes(inputs: readonly Input[], notKubernetes: readonly string[], reported: ReadonlySet<string>): string[] {
  const other = new Set(notKubernetes);
  const notes: string[] = [];
  const found: string[] = [];
  for (const input of inputs) {
    if (other.has(input.name)) {
      if (input.given) notes.push(`${input.name} holds no Kubernetes object (no apiVersion or kind): skipped`);
      else found.push(input.name);
    } else if (input.given && !reported.has(input.name)) {
      notes.push(`${input.name} holds no HorizontalPodAutoscaler`);
    }
  }
  if (found.length > 0) {
    const named = found.slice(0, NAMED_IN_NOTE).join(', ') + (found.length > NAMED_IN_NOTE ? ` and ${found.length - NAMED_IN_NOTE} more` : '');
    notes.push(`${found.length === 1 ? '1 file holds' : `${found.length} files hold`} no Kubernetes object (no apiVersion or kind) and ${found.length === 1 ? 'was' : 'were'} skipped: ${named}`);
  }
  return notes;
}

/**
 * Why a run found nothing to read, when every input given was a directory without manifest
 * files (an empty one, say, where a build did not write its output yet); undefined otherwise.
 */
export function noInputs(args: readonly string[], collected: CollectedInputs): string | undefined {
  if (collected.inputs.length > 0 || collected.problems.length > 0) return undefined;
  const only = [
    ...collected.kustomizations.length > 0 ? ['kustomize directories: check what they build (kustomize build DIR | cdk8s-hpa validate -)'] : [],
    ...collected.charts.length > 0 ? ['Helm charts: check what they render (helm template RELEASE DIR | cdk8s-hpa validate -)'] : [],
  ];
  return `no manifest files (${MANIFEST_EXTENSIONS.join(', ')}) in ${args.join(', ')}${only.length > 0 ? `, only ${only.join('; and ')}` : ''}`;
}

/**
 * A file's text as kubectl decodes it (k8s.io/cli-runtime, a byte order mark overriding
 * UTF-8): UTF-16 little or big endian after its byte order mark, else UTF-8 (without its byte
 * order mark). Windows PowerShell 5.1's `>` and `Out-File` write UTF-16 LE with a mark.
 */
export function decode(buffer: Buffer): string {
  const littleEndian = buffer[0] === 0xff && buffer[1] === 0xfe;
  if (!littleEndian && !(buffer[0] === 0xfe && buffer[1] === 0xff)) return buffer.toString('utf8').replace(/^\uFEFF/, '');
  const odd = buffer.length % 2 === 1;
  const body = Buffer.from(buffer.subarray(2, buffer.length - (odd ? 1 : 0)));
  if (!littleEndian) body.swap16();
  // A last byte alone is no character: the replacement character stands for it, as for kubectl.
  return body.toString('utf16le') + (odd ? '\uFFFD' : '');
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'is a directory';
    case 'ELOOP': return 'too many levels of symbolic links';
    case 'EAGAIN': return 'standard input is not ready (nothing piped in?)';
    default: return e instanceof Error ? e.message : String(e);
  }
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${n} bytes`;
}
