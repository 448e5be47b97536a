/**
 * Every kubectl command an explanation suggests runs in sh as printed: taken from the text of
 * each fix and next step of every fixture's explanation, run by sh against a kubectl that
 * records its arguments, which must be the namespace of the HPA and a whole API path.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURES, GATES, NOW } from '../../../../test/explain/fixtures';
import { run } from '../../../test/run-cli';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const CONTROLLER_FIXTURES = 'test/fixtures/explain';

/** The commands in a text: from `kubectl ` to the first `)` or `;` outside single quotes. */
export function commandsIn(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf('kubectl '); at >= 0; at = text.indexOf('kubectl ', at + 1)) {
    let quoted = false;
    let end = at;
    for (; end < text.length; end++) {
      const c = text[end];
      if (c === "'") quoted = !quoted;
      else if (!quoted && (c === ')' || c === ';')) break;
    }
    out.push(text.slice(at, end).trim());
    at = end;
  }
  return out;
}

/** Each explanation of the fixtures, with the texts that hold commands. */
function explanations(): Array<{ where: string; namespace: string; texts: string[] }> {
  const runs: Array<[string, string[]]> = fs.readdirSync(path.join(ROOT, FIXTURES)).filter(f => f.endsWith('.yaml'))
    .map(f => [`${FIXTURES}/${f}`, ['--now', NOW, '--feature-gates', Object.entries(GATES).map(([g, on]) => `${g}=${on}`).join(',')]]);
  for (const f of fs.readdirSync(path.join(ROOT, CONTROLLER_FIXTURES)).filter(x => x.endsWith('.yaml'))) {
    const text = fs.readFileSync(path.join(ROOT, CONTROLLER_FIXTURES, f), 'utf8');
    runs.push([`${CONTROLLER_FIXTURES}/${f}`, JSON.parse(/^# explain: (.*)$/m.exec(text)![1])]);
  }
  const explained = runs.flatMap(([file, flags]) => JSON.parse(run(['explain', ...flags, '--format', 'json', file]).stdout).explanations.map((e: any) => ({
    where: `${file} ${e.name}`,
    namespace: e.namespace,
    texts: [e.nextStep ?? '', ...e.findings.map((x: any) => x.fix ?? '')],
  })));
  // An HPA printed as autoscaling/v1, from standard input: the command that reads it as v2, and the one that saves it to replay it.
  const v1 = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'old', namespace: 'team-a' }, spec: { maxReplicas: 5 }, status: { currentReplicas: 2 } };
  const saved = run(['explain', '--now', NOW, '--verbose', '-'], fs.readFileSync(path.join(ROOT, FIXTURES, 'stuck-at-max.yaml'), 'utf8')).stdout;
  return [
    ...explained,
    { where: 'autoscaling/v1 on standard input', namespace: 'team-a', texts: [JSON.parse(run(['explain', '--format', 'json', '-'], JSON.stringify(v1)).stdout).explanations[0].nextStep] },
    { where: 'the replay of standard input', namespace: 'shop', texts: saved.split('\n').filter(line => line.startsWith('    kubectl get hpa ')).map(line => line.replace(/ > .*$/, '')) },
  ];
}

describe('the kubectl commands explain suggests', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-kubectl-'));
  const log = path.join(dir, 'argv.jsonl');
  // A kubectl that records its arguments, one JSON array a line.
  fs.writeFileSync(path.join(dir, 'kubectl'), `#!/usr/bin/env node\nrequire('fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + '\\n');\n`, { mode: 0o755 });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cases = explanations().flatMap(e => [...new Set(e.texts.flatMap(commandsIn))].map(command => [e.where, command, e.namespace]));

  test('are many, of every kind', () => {
    const verbs = new Set(cases.map(([, command]) => command.split(' ').slice(0, 3).join(' ')));
    expect(cases.length).toBeGreaterThan(15);
    for (const verb of ['kubectl scale', 'kubectl get --raw', 'kubectl top pods', 'kubectl get scaledobject', 'kubectl get hpa.v2.autoscaling', 'kubectl get hpa']) {
      expect([...verbs].some(v => v.startsWith(verb))).toBe(true);
    }
  });

  test.each(cases)('%s: %s', (_where, command, namespace) => {
    fs.rmSync(log, { force: true });
    const r = spawnSync('sh', ['-c', command], { env: { ...process.env, PATH: `${dir}:${process.env.PATH}` }, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const calls = fs.readFileSync(log, 'utf8').trim().split('\n').map(line => JSON.parse(line) as string[]);
    for (const argv of calls) {
      const n = argv.indexOf('-n');
      const raw = argv.indexOf('--raw');
      if (n >= 0) expect(argv[n + 1]).toBe(namespace);
      if (raw >= 0) {
        expect(argv[raw + 1]).toMatch(/^\/apis\/[^\s]+$/);
        if (argv[raw + 1].includes('/namespaces/')) expect(argv[raw + 1]).toContain(`/namespaces/${namespace}/`);
      }
      // A command about one namespace's objects names it.
      if (['scale', 'top'].includes(argv[0]) || (argv[0] === 'get' && raw < 0 && !['apiservice'].includes(argv[1]))) expect(n).toBeGreaterThan(0);
    }
  });
});
