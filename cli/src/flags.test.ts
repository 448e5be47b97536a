import { parseSimulateArgs } from './commands/simulate/args';
import { parseValidateArgs } from './commands/validate/args';
import { parseFeatureGates } from './flags';

describe('parseSimulateArgs: when the controller\'s syncs run', () => {
  test('--api-latency and --first-sync-delay become simulator options, durations as Go writes them', () => {
    const args = parseSimulateArgs(['--hpa', 'h.yaml', '--trace', 't.csv', '--api-latency', 'scale=1ms,metrics=250us', '--first-sync-delay=0.1s']);
    expect(args.timing.apiLatency?.scale?.toMilliseconds()).toBe(1);
    expect(args.timing.apiLatency?.metrics?.toSeconds({ integral: false })).toBeCloseTo(0.00025, 12);
    expect(args.timing.firstSyncDelay?.toMilliseconds()).toBe(100);
    expect(parseSimulateArgs(['--hpa', 'h.yaml']).timing).toEqual({});
  });

  test('refuses what is not a duration, an unknown call, or a negative delay, naming the flag and the value', () => {
    expect(() => parseSimulateArgs(['--api-latency', 'scale=1 ms'])).toThrow(/^--api-latency: scale: "1 ms" is not a duration/);
    expect(() => parseSimulateArgs(['--api-latency', 'get=1ms'])).toThrow(/^--api-latency: "get=1ms" is not scale=<duration> or metrics=<duration>/);
    expect(() => parseSimulateArgs(['--first-sync-delay=-1s'])).toThrow(/^--first-sync-delay: .*"-1s"/);
  });
});

describe('parseValidateArgs', () => {
  test('reads flags in both forms, repeated gates merged, and inputs in order', () => {
    expect(parseValidateArgs(['a.yaml', '--k8s-version', '1.33', '--feature-gates=HPAScaleToZero=true', '-', '--feature-gates', 'HPAConfigurableTolerance=false', '--format=json', '--strict', 'dir'])).toEqual({
      help: false,
      k8sVersion: '1.33',
      featureGates: { HPAScaleToZero: true, HPAConfigurableTolerance: false },
      ruleLevels: {},
      format: 'json',
      strict: true,
      allowEmpty: false,
      inputs: ['a.yaml', '-', 'dir'],
    });
  });

  test('--allow-empty takes no value', () => {
    expect(parseValidateArgs(['--allow-empty', 'dist/']).allowEmpty).toBe(true);
    expect(() => parseValidateArgs(['--allow-empty=yes', 'dist/'])).toThrow(/--allow-empty/);
  });

  test('-- ends the flags', () => {
    expect(parseValidateArgs(['--', '--strict']).inputs).toEqual(['--strict']);
  });

  test('rule flags set levels in the order given, ids separated by commas, a later flag winning', () => {
    const args = parseValidateArgs(['--disable', 'HPA404,hpa402', '--error=HPA303', '--warn', 'HPA304', '--enable', 'HPA402', '--config', 'ci.yaml', 'x']);
    expect(args.ruleLevels).toEqual({ HPA404: 'off', HPA402: 'on', HPA303: 'error', HPA304: 'warning' });
    expect(args.config).toEqual('ci.yaml');
    expect(parseValidateArgs(['--enable', 'HPA303', 'x']).ruleLevels).toEqual({ HPA303: 'on' });
    expect(parseValidateArgs(['--no-config', 'x']).noConfig).toBe(true);
  });

  test.each([
    [['--nope'], 'unknown option --nope'],
    [['--format'], '--format needs a value'],
    [['--format', '--strict'], '--format needs a value'],
    [['--help=1'], '--help takes no value'],
    [['--k8s-version='], '--k8s-version needs a value such as 1.36'],
    [['--disable', 'HPA999'], '--disable: no such rule "HPA999" (see HpaValidator.rules() for the rule ids)'],
    [['--error', 'HPA102'], '--error: HPA102 cannot be changed: only cross-object rules (HPA3xx), lints (HPA4xx) and warnings can be set to error, warning, on or off'],
    [['--warn', ','], '--warn needs rule ids, such as --warn HPA404,HPA402'],
    [['--config='], '--config needs a value'],
    [['--no-config=yes'], '--no-config takes no value'],
  ])('fails on %j', (argv, message) => {
    expect(() => parseValidateArgs(argv)).toThrow(message);
  });
});

describe('parseFeatureGates', () => {
  test('accepts NAME=true|false separated by commas, in any case, with spaces', () => {
    expect(parseFeatureGates('A=true, B=FALSE,')).toEqual({ A: true, B: false });
  });

  test('passes unknown gate names on (the engine reports them)', () => {
    expect(parseFeatureGates('NoSuchGate=true')).toEqual({ NoSuchGate: true });
  });

  test.each(['A', 'A=', 'A=1', '=true'])('fails on %j', text => {
    expect(() => parseFeatureGates(text)).toThrow(/--feature-gates/);
  });
});

describe('cluster flags, read alike by every command', () => {
  test('validate and simulate read --k8s-version and repeated --feature-gates the same way', () => {
    const flags = ['--k8s-version=1.33', '--feature-gates', 'HPAScaleToZero=true', '--feature-gates=HPAConfigurableTolerance=false'];
    const expected = { k8sVersion: '1.33', featureGates: { HPAScaleToZero: true, HPAConfigurableTolerance: false } };
    expect(parseValidateArgs([...flags, 'a.yaml'])).toMatchObject(expected);
    expect(parseSimulateArgs(flags)).toMatchObject(expected);
  });

  test('fails in both commands when --k8s-version is empty', () => {
    expect(() => parseValidateArgs(['--k8s-version= '])).toThrow('--k8s-version needs a value such as 1.36');
    expect(() => parseSimulateArgs(['--k8s-version='])).toThrow('--k8s-version needs a value such as 1.36');
  });
});
