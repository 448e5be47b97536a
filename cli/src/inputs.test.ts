/**
 * Reading inputs as kubectl reads them: UTF-16 with a byte order mark, kustomize directories and
 * Helm charts noted and not judged, YAML that is not Kubernetes' skipped, and a run that finds
 * nothing to read.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { collectInputs, decode, noInputs } from './inputs';
import { cli, requireCompiledCli, testdata } from '../test/cli-helpers';

const POWERSHELL = 'test/fixtures/field/ok/kubectl-get-windows-powershell.yaml';
const KUSTOMIZE = 'test/fixtures/field/kustomize/catalog';
/** A repository as it is: a Helm chart, manifests, and YAML that is not Kubernetes' at its root. */
const REPOSITORY = 'test/fixtures/field/repository';
const noStdin = () => Buffer.alloc(0);

/** `text` in UTF-16 with a byte order mark, big or little endian. */
function utf16(text: string, endian: 'LE' | 'BE'): Buffer {
  const body = Buffer.from(text, 'utf16le');
  if (endian === 'BE') body.swap16();
  return Buffer.concat([Buffer.from(endian === 'LE' ? [0xff, 0xfe] : [0xfe, 0xff]), body]);
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-inputs-'));
}

describe('decode', () => {
  test('a file Windows PowerShell wrote (`kubectl get hpa -o yaml > file`: UTF-16 LE, byte order mark, CRLF) reads as its UTF-8 twin', () => {
    const bytes = fs.readFileSync(POWERSHELL);
    expect([...bytes.subarray(0, 4)]).toEqual([0xff, 0xfe, 0x61, 0x00]);
    const text = decode(bytes);
    expect(text.startsWith('apiVersion: autoscaling/v2\r\nkind: HorizontalPodAutoscaler\r\n')).toBe(true);
    expect(text).not.toContain('\0');
  });

  test('UTF-16 BE and LE with a byte order mark, and UTF-8 with or without one, give the same text', () => {
    const text = 'kind: ConfigMap\nmetadata:\n  name: café-☕\ndata: {emoji: "😀"}\n';
    expect(decode(utf16(text, 'LE'))).toBe(text);
    expect(decode(utf16(text, 'BE'))).toBe(text);
    expect(decode(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
    expect(decode(Buffer.from(text))).toBe(text);
  });

  test('a last byte alone in UTF-16 is the replacement character; UTF-16 without a byte order mark stays as it is (kubectl reads it as UTF-8 too)', () => {
    expect(decode(Buffer.concat([utf16('a: 1', 'BE'), Buffer.from([0x00])]))).toBe('a: 1\uFFFD');
    expect(decode(Buffer.concat([utf16('a: 1', 'LE'), Buffer.from([0x62])]))).toBe('a: 1\uFFFD');
    expect(decode(Buffer.from('a: 1', 'utf16le'))).toBe('a\0:\0 \x001\0');
  });
});

describe('collectInputs', () => {
  test('UTF-16 without a byte order mark is binary, with a hint at the byte order mark', () => {
    const dir = tempDir();
    try {
      fs.writeFileSync(path.join(dir, 'no-bom.yaml'), Buffer.from('kind: Service\n', 'utf16le'));
      const collected = collectInputs([dir], noStdin);
      expect(collected.inputs).toEqual([]);
      expect(collected.problems).toEqual([{ name: path.join(dir, 'no-bom.yaml'), reason: expect.stringContaining('in UTF-16 with a byte order mark') }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a kustomize layout (a base and two overlays): every kustomize directory noted, none of their files read', () => {
    const collected = collectInputs([path.dirname(KUSTOMIZE)], noStdin);
    expect(collected.kustomizations).toEqual([`${KUSTOMIZE}/base`, `${KUSTOMIZE}/overlays/production`, `${KUSTOMIZE}/overlays/staging`]);
    expect(collected.inputs).toEqual([]);
    expect(collected.problems).toEqual([]);
    expect(noInputs([path.dirname(KUSTOMIZE)], collected)).toBe(
      `no manifest files (.yaml, .yml, .json) in ${path.dirname(KUSTOMIZE)}, only kustomize directories: check what they build (kustomize build DIR | cdk8s-hpa validate -)`);
  });

  test.each(['kustomization.yml', 'Kustomization'])('a directory with a %s is a kustomize directory; its siblings are read', name => {
    const dir = tempDir();
    try {
      fs.mkdirSync(path.join(dir, 'app'));
      fs.writeFileSync(path.join(dir, 'app', name), 'resources: [hpa.yaml]\n');
      fs.writeFileSync(path.join(dir, 'app', 'hpa.yaml'), 'kind: HorizontalPodAutoscaler\n');
      fs.writeFileSync(path.join(dir, 'rendered.yaml'), 'kind: HorizontalPodAutoscaler\n');
      const collected = collectInputs([dir], noStdin);
      expect(collected.kustomizations).toEqual([path.join(dir, 'app')]);
      expect(collected.inputs.map(i => i.name)).toEqual([path.join(dir, 'rendered.yaml')]);
      expect(noInputs([dir], collected)).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('no input at all: directories without manifest files; standard input, even empty, is an input', () => {
    const dir = tempDir();
    try {
      fs.writeFileSync(path.join(dir, 'README.md'), '# manifests land here\n');
      const collected = collectInputs([dir], noStdin);
      expect(collected.skipped).toBe(1);
      expect(noInputs([dir], collected)).toBe(`no manifest files (.yaml, .yml, .json) in ${dir}`);
      expect(noInputs(['-'], collectInputs(['-'], noStdin))).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cdk8s-hpa validate', () => {
  beforeAll(() => requireCompiledCli());

  test('reports a UTF-16 file (BE or LE) at the same lines and columns as its UTF-8 twin', () => {
    const text = fs.readFileSync(`${testdata('validate')}/clean.yaml`, 'utf8').replace('maxReplicas: 12', 'maxReplicas: 0');
    const utf8 = cli(['validate', '-'], { input: text });
    expect(utf8.code).toBe(1);
    expect(utf8.lines.map(l => l.split(' spec.')[0])).toEqual(['<stdin>:30:3: error [HPA102]', '<stdin>:30:3: error [HPA103]']);
    for (const endian of ['LE', 'BE'] as const) {
      const run = cli(['validate', '-'], { input: utf16(text.replace(/\n/g, '\r\n'), endian) });
      expect(run.lines).toEqual(utf8.lines);
      expect(run.code).toBe(1);
    }
  });

  test('a kustomize layout alone is a usage error naming the command to build it; beside manifests, a note', () => {
    const alone = cli(['validate', KUSTOMIZE]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain(`cdk8s-hpa: note: ${KUSTOMIZE}/overlays/staging is a kustomize directory: its files (patches among them) are kustomize's input, not checked; `
      + `check what it builds: kustomize build ${KUSTOMIZE}/overlays/staging | cdk8s-hpa validate -\n`);
    expect(alone.stderr).toContain(`cdk8s-hpa validate: no manifest files (.yaml, .yml, .json) in ${KUSTOMIZE}, only kustomize directories`);
    expect(alone.stdout).toBe('');
    const beside = cli(['validate', KUSTOMIZE, 'test/fixtures/field/ok/kustomize-build-catalog.yaml']);
    expect(beside.stderr.match(/note: .* is a kustomize directory/g)).toHaveLength(3);
    expect(beside.stdout).toBe('');
    expect(beside.code).toBe(0);
  });

  test('a repository: its Helm chart noted and skipped with the command that renders it, its YAML that is not Kubernetes skipped with a note, a broken manifest still an error', () => {
    const run = cli(['validate', REPOSITORY]);
    expect(run.lines).toEqual([
      `${REPOSITORY}/deploy/worker.yaml:10:16: error [YAML] <root>: syntax error: Nested mappings are not allowed in compact mappings`,
      `${REPOSITORY}/deploy/worker.yaml:10:16: error [YAML] <root>: syntax error: Implicit keys need to be on a single line`,
    ]);
    expect(run.stderr.split('\n').filter(l => l.includes('note:'))).toEqual([
      `cdk8s-hpa: note: ${REPOSITORY}/charts/api is a Helm chart: its templates are Helm's input, not checked; check what it renders: helm template RELEASE ${REPOSITORY}/charts/api | cdk8s-hpa validate -`,
      // mkdocs.yml's !!python/name tags were a syntax error before.
      `cdk8s-hpa: note: 4 files hold no Kubernetes object (no apiVersion or kind) and were skipped: ${['.gitlab-ci.yml', 'docker-compose.yml', 'mkdocs.yml', 'renovate.json'].map(f => `${REPOSITORY}/${f}`).join(', ')}`,
    ]);
    expect(run.code).toBe(1);
  });

  test('a chart alone is a usage error naming the command to render it; a template named on the command line is one error', () => {
    const alone = cli(['validate', `${REPOSITORY}/charts`]);
    expect(alone.stderr).toContain(`no manifest files (.yaml, .yml, .json) in ${REPOSITORY}/charts, only Helm charts: check what they render (helm template RELEASE DIR | cdk8s-hpa validate -)`);
    expect(alone.code).toBe(2);
    const template = cli(['validate', `${REPOSITORY}/charts/api/templates/hpa.yaml`]);
    expect(template.lines).toEqual([expect.stringMatching(/hpa\.yaml:1:1: error \[YAML\] <root>: syntax error: an unrendered template: /)]);
    expect(template.code).toBe(1);
  });

  test('a file named on the command line that holds no HPA, or no Kubernetes object, says so', () => {
    const run = cli(['validate', `${REPOSITORY}/mkdocs.yml`, 'test/fixtures/field/kustomize/catalog/base/deployment.yaml', `${REPOSITORY}/deploy/web.yaml`]);
    expect(run.stderr).toContain(`cdk8s-hpa: note: ${REPOSITORY}/mkdocs.yml holds no Kubernetes object (no apiVersion or kind): skipped\n`);
    expect(run.stderr).toContain('cdk8s-hpa: note: test/fixtures/field/kustomize/catalog/base/deployment.yaml holds no HorizontalPodAutoscaler\n');
    expect(run.stderr).not.toContain('web.yaml holds');
    expect(run.code).toBe(0);
  });

  test.each(['HorizontalPodAutoScaler', 'horizontalpodautoscaler'])('kind: %s under autoscaling/v2 is an error naming the kind meant, as kubectl refuses it', kind => {
    const text = fs.readFileSync(`${REPOSITORY}/deploy/web.yaml`, 'utf8').replace('kind: HorizontalPodAutoscaler', `kind: ${kind}`);
    const run = cli(['validate', '-'], { input: text });
    expect(run.lines).toEqual([`<stdin>:22:1: error [HPA100] kind: Unsupported value: "${kind}": kubectl fails with: no matches for kind "${kind}" in version "autoscaling/v2"; `
      + 'the autoscaling group\'s one kind is "HorizontalPodAutoscaler" (fix: did you mean "HorizontalPodAutoscaler"? kinds are case-sensitive)']);
    expect(run.stderr).toContain('1 error, 0 warnings in 1 HorizontalPodAutoscaler (1 input)');
    expect(run.code).toBe(1);
  });

  test('an empty directory is a usage error (exit 2); --allow-empty lets the run pass', () => {
    const dir = tempDir();
    try {
      const run = cli(['validate', dir]);
      expect(run.stderr).toBe(`cdk8s-hpa validate: no manifest files (.yaml, .yml, .json) in ${dir}; --allow-empty lets a run with nothing to check pass\n`
        + 'Run "cdk8s-hpa validate --help" for usage.\n');
      expect(run.code).toBe(2);
      const allowed = cli(['validate', '--allow-empty', dir]);
      expect(allowed.stderr).toContain('no HorizontalPodAutoscaler found in 0 inputs');
      expect(allowed.code).toBe(0);
      expect(cli(['validate', '--help']).stdout).toContain('--allow-empty');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
