/**
 * `cdk8s-hpa tune` run for real, as a subprocess, on the recorded history fixtures: the
 * recommendation is what `simulate --compare` gives for it (the certificate's digest too), the
 * workers change nothing, and usage errors name the flag and the value.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import { cli, FIXTURES, requireCompiledCli } from '../../../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const DIR = `${FIXTURES}/history`;
const HPA = `${DIR}/web-hpa.yaml`;
const HISTORY = ['--history', `cpu=${DIR}/web-cpu.json`, '--replicas-history', `${DIR}/web-replicas.json`, '--load', 'cpu=total', '--pod-request', 'cpu=250m'];
const TUNE = ['tune', '--hpa', HPA, ...HISTORY, '--max-above-target', 'cpu=5'];

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-tune-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('cdk8s-hpa tune', () => {
  test('recommends what simulate --compare reproduces, certificate and all', () => {
    const run = cli([...TUNE, '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['recommended', 'baseline', 'front', 'certificate']));
    expect(out.recommended.changes).toEqual(['window.down=0s']);
    expect(out.recommended.felt.aboveTarget[0].percent).toBeLessThanOrEqual(5);
    expect(out.recommended.measures.replicaHours).toBeLessThan(out.baseline.measures.replicaHours);

    const file = path.join(tmp, 'recommended.yaml');
    fs.writeFileSync(file, stringify(out.recommended.hpa));
    const simulate = cli(['simulate', '--hpa', HPA, '--compare', file, ...HISTORY, '--format', 'json']);
    expect(simulate.code).toBe(0);
    const specs = JSON.parse(simulate.stdout).specs;
    expect(specs[0].measures).toEqual(out.baseline.measures);
    expect(specs[1].measures).toEqual(out.recommended.measures);
    expect(sha256(JSON.stringify([specs[0].measures, specs[1].measures]))).toBe(out.certificate.measuresDigest);
  });

  test('gives the same result on one thread and on two', () => {
    const one = cli([...TUNE, '--format', 'json', '--jobs', '1']);
    const two = cli([...TUNE, '--format', 'json', '--jobs', '2']);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
  });

  test('reads each pod\'s request from the Deployment beside the HPA, as simulate does: the same search as with --pod-request cpu=250m', () => {
    const withoutFlag = ['tune', '--hpa', HPA, ...HISTORY.filter(a => a !== '--pod-request' && a !== 'cpu=250m'), '--max-above-target', 'cpu=5', '--vary', 'window.down'];
    const run = cli(withoutFlag);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.lines.slice(1, 5)).toEqual([
      '  window.down: 0s, 60s, 120s, 300s, 600s, 900s',
      '',
      'cpu: usages (cores) compared with a request of 250m per pod: what Deployment/web (web-hpa.yaml:3) requests',
      '',
    ]);
    const json = (args: string[]) => {
      const out = JSON.parse(cli([...args, '--format', 'json']).stdout);
      delete out.certificate.settingsDigest;
      return out;
    };
    expect(json(withoutFlag)).toEqual(json([...TUNE, '--vary', 'window.down']));
  });

  test('prints the change to apply, the construct code, the front and the certificate', () => {
    const run = cli([...TUNE, '--vary', 'window.down']);
    expect(run.code).toBe(0);
    expect(run.lines[0]).toMatch(/^web \(web-hpa\.yaml\): 6 specs replayed \(every combination\) in \d+\.\ds$/);
    expect(run.lines).toEqual(expect.arrayContaining([
      '  window.down: 0s, 60s, 120s, 300s, 600s, 900s',
      'recommended: window.down=0s',
      '  0.8 replica-hours instead of 1.0 (-15.8%)',
      '    behavior:',
      '      scaleDown:',
      '        stabilizationWindowSeconds: 0',
      '    behavior: Behavior.of({ scaleDown: { stabilizationWindow: Duration.seconds(0) } }),',
      '  replica-hours  cpu > 50  reaction  dir. changes  within limits  changes',
      '  0.8 *          1.2%      15s       1             yes            window.down=0s',
    ]));
    expect(run.stdout).toMatch(/ {2}reproduce: save the HPA to apply \(--output\), then cdk8s-hpa simulate --hpa cli\/test\/fixtures\/history\/web-hpa\.yaml --compare/);
  });

  test.each([
    [['--max-above-target', 'cpu=lots'], '--max-above-target cpu: "lots" is not a percent of syncs, 0 to 100'],
    [['--max-above-target', 'cpu'], '--max-above-target: "cpu" is not <metric>=<percent> (such as cpu=5)'],
    [['--max-above-target', 'memory=5'], '--max-above-target memory=5: the HPA has no metric "memory" (its metrics: cpu)'],
    [['--threshold', 'cpu=high'], '--threshold cpu: "high" is not a number'],
    [['--max-reaction', 'soon'], '--max-reaction: '],
    [['--max-direction-changes', '-1'], '--max-direction-changes needs a value'],
    [['--max-direction-changes', 'two'], '--max-direction-changes: "two" is not a whole number, 0 or more'],
    [['--vary', 'speed'], '--vary "speed" is not a setting'],
    [['--vary', 'window.up=5..x'], '--vary window.up: "5..x" is not a range low..high'],
    [['--vary', 'windows,minReplicas=6..2'], '--vary minReplicas: 6..2 is not a range of 0 or more, low to high'],
    [['--max-replays', '0'], '--max-replays: "0" is not a whole number, 1 or more'],
    [['--compare', HPA], '--compare is simulate\'s'],
    [['--compare-release', '1.38'], '--compare-release is simulate\'s: tune replays every candidate over the history it is given, on one release'],
  ])('refuses %j, naming the flag and the value', (extra, message) => {
    const run = cli([...TUNE, ...extra]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test('needs the history', () => {
    const run = cli(['tune', '--hpa', HPA]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('tune needs the history: --history <metric>=<file.json> or --prometheus <url>');
  });

  test('refuses an HPA with errors, as simulate does', () => {
    const bad = path.join(tmp, 'bad.yaml');
    fs.writeFileSync(bad, fs.readFileSync(HPA, 'utf8').replace('maxReplicas: 10', 'maxReplicas: 1'));
    const run = cli(['tune', '--hpa', bad, ...HISTORY]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('maxReplicas');
  });
});
