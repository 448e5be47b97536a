import { parseFeatureGates } from '../../src/cli/flags';
import { parseSimulateArgs } from '../../src/cli/simulate-args';
import { parseValidateArgs } from '../../src/cli/validate-args';

describe('parseValidateArgs', () => {
  test('reads flags in both forms, repeated gates merged, and inputs in order', () => {
    expect(parseValidateArgs(['a.yaml', '--k8s-version', '1.33', '--feature-gates=HPAScaleToZero=true', '-', '--feature-gates', 'HPAConfigurableTolerance=false', '--format=json', '--strict', 'dir'])).toEqual({
      help: false,
      k8sVersion: '1.33',
      featureGates: { HPAScaleToZero: true, HPAConfigurableTolerance: false },
      format: 'json',
      strict: true,
      inputs: ['a.yaml', '-', 'dir'],
    });
  });

  test('-- ends the flags', () => {
    expect(parseValidateArgs(['--', '--strict']).inputs).toEqual(['--strict']);
  });

  test.each([
    [['--nope'], 'unknown option --nope'],
    [['--format'], '--format needs a value'],
    [['--format', '--strict'], '--format needs a value'],
    [['--help=1'], '--help takes no value'],
    [['--k8s-version='], '--k8s-version needs a value such as 1.36'],
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
