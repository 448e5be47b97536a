/**
 * The plain reader against `yaml`: on every document it reads, the value and positions `yaml` reads; on
 * generated documents in every layout and with random damage, and on realistic manifests, which
 * it must read itself (else the command line is slow on them).
 */
import * as fs from 'fs';
import * as path from 'path';
import { comparePlainWithYaml, documentTexts } from './plain-yaml-agreement';
import { NOT_PLAIN, readPlainDocument } from '../../src/manifests/plain-yaml';

/* eslint-disable no-bitwise */
/** A deterministic generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/* eslint-enable no-bitwise */

let comparedPositions = 0;

/** The plain reader agrees with `yaml` on `text`, or leaves it; returns whether it read it. */
function expectAgreement(text: string): boolean {
  const agreement = comparePlainWithYaml(text);
  expect(agreement.difference).toBeUndefined();
  comparedPositions += agreement.positions;
  return agreement.read;
}

const SCALARS = [
  'web', 'app-1', 'nginx:1.25', 'registry.example.com/web:1.2.0', 'http://x.example/a?b=c', '250m', '256Mi', '1', '0', '-1', '+12', '1.5', '.5', '1.', '1e3',
  '1_000', '0x1F', '0o17', '017', '0b101', '.inf', '-.Inf', '.nan', '.NaN', '~', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE', 'yes', 'no', 'on',
  '2001-12-14', '12345678901234567890', 'a b', 'a  b', 'a: b', 'a:b', 'a #b', 'a#b', '#a', '&a', 'a &b', '*a', '!a', 'a !b', '-a', '- a', '-', '--', '---',
  '?a', '? a', ':a', ',a', 'a,b', '[a', 'a]', '{a', 'a}', '%a', '@a', '`a', '|', '>', 'a|b', 'é', '日本', '😀', 'a\tb', 'a\rb', 'a\u0001b', 'a\u0085b', '\ufeffa',
  '__proto__', 'constructor', 'toString', "it's", 'say "hi"', 'back\\slash', 'a  ', ' a',
];
const KEYS = [
  'name', 'apiVersion', 'kind', 'metadata', 'spec', 'app.kubernetes.io/name', 'helm.sh/chart', 'checksum/config', 'x_y', 'a-b', '1abc', '8080', 'true', 'null', '~',
  '1.5', '0x1F', '-a', '.a', '/a', 'a b', 'a:b', 'a#b', '__proto__', 'constructor', 'toString', 'k'.repeat(1100), 'é',
];

/** Documents mostly hold the first, commonest scalars and keys; the rest at times. */
const COMMON_SCALARS = 14;
const COMMON_KEYS = 10;

/** A random value: maps and lists nest up to `depth`. */
function randomValue(rnd: () => number, depth: number): unknown {
  const r = rnd();
  if (depth > 0 && r < 0.3) {
    const keys = Array.from({ length: Math.floor(rnd() * 4) }, () => pick(rnd, rnd() < 0.9 ? KEYS.slice(0, COMMON_KEYS) : KEYS));
    return Object.fromEntries(keys.map(k => [k, randomValue(rnd, depth - 1)]));
  }
  if (depth > 0 && r < 0.5) return Array.from({ length: Math.floor(rnd() * 4) }, () => randomValue(rnd, depth - 1));
  return pick(rnd, rnd() < 0.9 ? SCALARS.slice(0, COMMON_SCALARS) : SCALARS);
}

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

/** A scalar written plain, single- or double-quoted (escaped or not). */
function scalar(rnd: () => number, s: string): string {
  const r = rnd();
  if (r < 0.6) return s;
  if (r < 0.75) return `'${s.replace(/'/g, "''")}'`;
  if (r < 0.9) return `"${s}"`;
  return JSON.stringify(s);
}

/** A flow collection on one line. */
function flow(rnd: () => number, v: unknown): string {
  const space = () => pick(rnd, ['', ' ', '  ']);
  if (Array.isArray(v)) return `[${space()}${v.map(x => flow(rnd, x)).join(`,${space()}`)}${space()}${rnd() < 0.05 ? ',' : ''}]`;
  if (v !== null && typeof v === 'object') {
    return `{${space()}${Object.entries(v).map(([k, x]) => `${scalar(rnd, k)}:${pick(rnd, [' ', ' ', '', '  '])}${flow(rnd, x)}`).join(`,${space()}`)}${space()}}`;
  }
  return scalar(rnd, String(v));
}

/** A literal block scalar's header and lines, its content at `indent`: blank lines, deeper lines and spaces among them. */
function literal(rnd: () => number, indent: number): [string, string[]] {
  const header = `|${pick(rnd, ['', '', '', '', '-', '-', '-  # c', ' # c', '+', '2', '#c'])}`;
  const lines = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => {
    const r = rnd();
    if (r < 0.15) return '';
    if (r < 0.18) return ' '.repeat(Math.floor(rnd() * (indent + 3)));
    return `${' '.repeat(indent + (rnd() < 0.2 ? 1 + Math.floor(rnd() * 2) : 0))}${pick(rnd, rnd() < 0.8 ? SCALARS.slice(0, COMMON_SCALARS) : SCALARS)}`;
  });
  return [header, lines];
}

/** Lines of a block node at `indent`, in random layouts. */
function block(rnd: () => number, v: unknown, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const step = pick(rnd, [2, 2, 2, 4, 1]);
  const comment = () => (rnd() < 0.1 ? pick(rnd, [' # note', '# note', '  #', ' #: x']) : '');
  if (Array.isArray(v) && v.length > 0) {
    return v.flatMap(item => {
      if (item !== null && typeof item === 'object' && rnd() < 0.7) {
        const inner = block(rnd, item, indent + step);
        if (inner.length === 0) return [`${pad}-${comment()}`];
        if (!Array.isArray(item) && rnd() < 0.7) return [`${pad}-${' '.repeat(step - 1 || 1)}${inner[0].trimStart()}`, ...inner.slice(1)];
        return [`${pad}-${comment()}`, ...inner];
      }
      if ((item === null || typeof item !== 'object') && rnd() < 0.15) {
        const [header, lines] = literal(rnd, indent + pick(rnd, [1, 2, 4]));
        return [`${pad}- ${header}`, ...lines];
      }
      return [`${pad}- ${item !== null && typeof item === 'object' ? flow(rnd, item) : scalar(rnd, String(item))}${comment()}`];
    });
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
    return Object.entries(v).flatMap(([k, x]) => {
      const key = `${pad}${scalar(rnd, k)}:`;
      if (x !== null && typeof x === 'object' && rnd() < 0.75) {
        const listAtKeyIndent = Array.isArray(x) && rnd() < 0.3;
        const inner = block(rnd, x, listAtKeyIndent ? indent : indent + step);
        if (inner.length > 0) return [`${key}${comment()}`, ...(rnd() < 0.1 ? [''] : []), ...inner];
      }
      if ((x === null || typeof x !== 'object') && rnd() < 0.15) {
        const [header, lines] = literal(rnd, indent + pick(rnd, [1, 2, 2, 4]));
        return [`${key} ${header}`, ...lines];
      }
      return [`${key} ${x !== null && typeof x === 'object' ? flow(rnd, x) : scalar(rnd, String(x))}${comment()}`];
    });
  }
  return [];
}

/** Random damage to a document: a character in, out or changed, a line moved left or right. */
function damage(rnd: () => number, text: string): string {
  const lines = text.split('\n');
  const i = Math.floor(rnd() * lines.length);
  const line = lines[i];
  const at = Math.floor(rnd() * (line.length + 1));
  switch (Math.floor(rnd() * 6)) {
    case 0: lines[i] = line.slice(0, at) + pick(rnd, [' ', ':', '#', '-', '"', "'", '[', '{', ',', '\t', '\r', '---', '...', '&a ', '*a', '!x ']) + line.slice(at); break;
    case 1: lines[i] = line.slice(0, at) + line.slice(at + 1); break;
    case 2: lines[i] = ` ${line}`; break;
    case 3: lines[i] = line.replace(/^ /, ''); break;
    case 4: lines.splice(i, 0, pick(rnd, ['', '  ', '# c', '  # c', '---', '--- # c', '--- a: 1', '...', '%YAML 1.2'])); break;
    default: lines[i] = `${line}${pick(rnd, [' ', '  ', ' # c', '#c', ':', ' :', ' x'])}`;
  }
  return lines.join('\n');
}

describe('readPlainDocument reads what yaml reads', () => {
  const cases = Number(process.env.PLAIN_YAML_CASES ?? 20000);

  test(`${cases} generated documents, a third of them damaged: every one read agrees with yaml`, () => {
    const rnd = random(Number(process.env.PLAIN_YAML_SEED ?? 20261126));
    let read = 0;
    let damaged = 0;
    let literals = 0;
    for (let n = 0; n < cases; n++) {
      const root: unknown = rnd() < 0.8 ? randomValue(rnd, 4) : Array.from({ length: 3 }, () => randomValue(rnd, 3));
      const lines = block(rnd, root, rnd() < 0.1 ? 2 : 0);
      if (lines.length === 0) continue;
      let text = `${rnd() < 0.3 ? pick(rnd, ['---\n', '--- # doc\n', '# head\n']) : ''}${lines.join('\n')}${rnd() < 0.8 ? '\n' : ''}`;
      if (rnd() < 0.33) {
        text = damage(rnd, text);
        if (expectAgreement(text)) damaged++;
      } else if (expectAgreement(text)) {
        read++;
        if (text.includes('|')) literals++;
      }
    }
    // The generator must reach the reader's ground: most undamaged documents are read, some damaged ones too.
    expect(read).toBeGreaterThan(cases * 0.15);
    expect(literals).toBeGreaterThan(cases * 0.02);
    expect(damaged).toBeGreaterThan(cases * 0.02);
    expect(comparedPositions).toBeGreaterThan(read * 5);
  });

  test('reads a part of a larger text, from one `---` line to the next', () => {
    const text = 'a: 1\n---\nkind: Deployment\nspec: {replicas: 2}\n---\nb: 2\n';
    const start = text.indexOf('---');
    const end = text.indexOf('---', start + 3);
    expect(readPlainDocument(text, start, end)).toEqual({ kind: 'Deployment', spec: { replicas: 2 } });
    expect(readPlainDocument(text, end)).toEqual({ b: 2 });
  });

  test.each([
    ['a folded block scalar', 'a: >\n  text\n'],
    ['a literal block scalar that keeps its trailing lines', 'a: |+\n  text\n\n'],
    ['a literal block scalar with an indentation indicator', 'a: |2\n   text\n'],
    ['an empty literal block scalar', 'a: |\nb: 1\n'],
    ['a scalar over two lines', 'a: b\n  c\n'],
    ['a flow collection over two lines', 'a: [1,\n  2]\n'],
    ['an escape', 'a: "\\u0041"\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['an anchor', 'a: &x 1\n'],
    ['a tab', 'a:\t1\n'],
    ['CRLF line ends', 'a: 1\r\n'],
    ['an empty document', '---\n# nothing\n'],
    ['a scalar document', 'text\n'],
    ['a JSON document', '{"a": 1}\n'],
    ['flow collections nested 100,000 deep', `a: ${'['.repeat(100000)}${']'.repeat(100000)}\n`],
  ])('leaves %s to a full parser', (_, text) => {
    expect(readPlainDocument(text)).toBe(NOT_PLAIN);
  });

  test('reads the manifests people write, render and dump, as yaml does', () => {
    const documents: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ya?ml$/.test(entry.name)) documents.push(...documentTexts(fs.readFileSync(file, 'utf8')));
      }
    };
    walk(path.join(__dirname, '..', 'fixtures', 'field'));
    const read = documents.filter(expectAgreement).length;
    expect(documents.length).toBeGreaterThan(30);
    // Helm's block scalars, JSON dumps and deliberately broken fixtures are left to the full parsers.
    expect(read).toBeGreaterThan(documents.length * 0.6);
  });

  test('reads literal block scalars, as Helm charts write ConfigMaps', () => {
    const configMap = 'kind: ConfigMap\ndata:\n  script.sh: |\n    #!/bin/sh\n\n    echo "a: b" # not a comment\n      indented\n\n\n  strip: |-\n    one\n    two\n  # a comment\n  list:\n  - |\n    item\nnext: 1\n';
    expect(expectAgreement(configMap)).toBe(true);
    expect(readPlainDocument(configMap)).toEqual({
      kind: 'ConfigMap',
      data: { 'script.sh': '#!/bin/sh\n\necho "a: b" # not a comment\n  indented\n', 'strip': 'one\ntwo', 'list': ['item\n'] },
      next: 1,
    });
  });

  test('reads a Deployment and an HPA as kubectl prints them', () => {
    const deployment = [
      'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  annotations:', '    deployment.kubernetes.io/revision: "3"',
      '  labels:', '    app.kubernetes.io/name: web', '  name: web', '  namespace: shop', 'spec:', '  replicas: 2', '  selector:',
      '    matchLabels:', '      app: web', '  template:', '    metadata:', '      labels:', '        app: web', '    spec:',
      '      containers:', '      - image: registry.example.com/web:1.2.0', '        name: web', '        ports:', '        - containerPort: 8080',
      '          protocol: TCP', '        resources:', '          requests:', '            cpu: 250m', '            memory: 256Mi',
      '      restartPolicy: Always', 'status: {}', '',
    ].join('\n');
    expect(expectAgreement(deployment)).toBe(true);
    const hpa = '---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: web}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n'
      + '  minReplicas: 2\n  maxReplicas: 10\n  metrics:\n    - type: Resource\n      resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}\n';
    expect(expectAgreement(hpa)).toBe(true);
  });
});
