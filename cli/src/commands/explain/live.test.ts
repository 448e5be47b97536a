/** Which `cdk8s-hpa explain` command lines read a cluster, and their usage errors (no cluster needed). */
import { parseExplainArgs } from './args';
import { liveNames } from './live';
import { run } from '../../../test/run-cli';

describe('explain reads the cluster', () => {
  test.each([
    [['web'], ['web']],
    [['web', 'api.v2'], ['web', 'api.v2']],
    [['-n', 'shop'], []],
    [['-A'], []],
    [['--namespace=shop', 'web'], ['web']],
    [['--context', 'prod', 'web'], ['web']],
    [['--kubeconfig', '/tmp/config'], []],
    [['--metrics', 'web'], ['web']],
  ])('%j: HPA names %j', (argv, names) => {
    expect(liveNames(parseExplainArgs(argv))).toEqual(names);
  });

  test.each([
    [['-'], 'standard input'],
    [['web.yaml'], 'a manifest file name'],
    [['test/cli'], 'an existing directory'],
    [['package.json'], 'an existing file'],
    [['web', 'web.yaml'], 'a name beside a file'],
    [['Web'], 'no object name'],
  ])('%j reads files (%s)', argv => {
    expect(liveNames(parseExplainArgs(argv))).toBeUndefined();
  });

  test('reads the flags', () => {
    expect(parseExplainArgs(['-n', 'shop', '--context=prod', '--kubeconfig', 'k', '--metrics', 'web'])).toMatchObject({
      namespace: 'shop', context: 'prod', kubeconfig: 'k', metrics: true, allNamespaces: false, inputs: ['web'],
    });
  });

  test.each([
    [['explain', '-n', 'shop', '-A'], 'cdk8s-hpa explain: -n and -A cannot both be given'],
    [['explain', '-A=yes'], 'cdk8s-hpa explain: -A takes no value'],
    [['explain', '-n'], 'cdk8s-hpa explain: -n needs a value'],
    [['explain', '--context', '', 'web'], 'cdk8s-hpa explain: --context needs a value'],
    [['explain', '--compare-release', '1.38', 'web.yaml'],
      'cdk8s-hpa explain: unknown option --compare-release (explain reads what the cluster\'s own release wrote; validate --compare-release judges the spec under another)'],
    [['explain', '-n', 'shop', 'web.yaml'],
      'cdk8s-hpa explain: web.yaml: with -n, -A, --context, --kubeconfig or --metrics, give HPA names, not files (a file of that name exists, or it is no object name)'],
  ])('%j is a usage error (exit 2) before any cluster is read', (argv, message) => {
    const r = run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
  });
});
