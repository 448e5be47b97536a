/**
 * `--format sarif` checked against the SARIF 2.1.0 JSON schema, and unreadable inputs in every
 * output format.
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv-draft-04';
import { cli, FIXTURES, requireCompiledCli, ROOT } from './cli-helpers';
import { RULES } from '../../src/validation/rule-catalog';

beforeAll(() => requireCompiledCli());

const HELM = `${FIXTURES}/helm-web.yaml`;
const MISSING = `${FIXTURES}/no-such-file.yaml`;

function sarifValidator() {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'sarif', 'sarif-2.1.0-rtm.5.json'), 'utf8'));
  // The schema's language-tag pattern is not valid with the u flag; its formats (uri, date-time) are not checked.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false });
  return ajv.compile(schema);
}

describe('cdk8s-hpa validate --format sarif', () => {
  const validate = sarifValidator();

  test('is a SARIF 2.1.0 log the schema accepts, with every issue as a result and the catalog\'s rules', () => {
    const run = cli(['validate', '--format', 'sarif', HELM, `${FIXTURES}/malformed.yaml`, MISSING]);
    const log = JSON.parse(run.stdout);
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const sarifRun = log.runs[0];
    const rules = sarifRun.tool.driver.rules;
    expect(rules.map((r: any) => r.id)).toEqual([...Object.keys(RULES), 'YAML', 'INPUT']);
    expect(rules.find((r: any) => r.id === 'HPA404')).toEqual({
      id: 'HPA404',
      shortDescription: { text: RULES.HPA404.summary },
      defaultConfiguration: { level: 'warning' },
      properties: { tags: ['kubernetes', 'lint'] },
    });
    const results = sarifRun.results;
    const text = cli(['validate', HELM, `${FIXTURES}/malformed.yaml`, MISSING]).lines;
    expect(results).toHaveLength(text.length);
    expect(results[0]).toEqual({
      ruleId: 'INPUT',
      ruleIndex: rules.length - 1,
      level: 'error',
      message: { text: '<root>: cannot be read: no such file or directory' },
      locations: [{ physicalLocation: { artifactLocation: { uri: MISSING }, region: { startLine: 1, startColumn: 1 } } }],
      properties: { path: '<root>' },
    });
    const hpa303 = results.find((r: any) => r.ruleId === 'HPA303');
    expect(hpa303.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: HELM }, region: { startLine: 52, startColumn: 3 } });
    expect(hpa303.locations[0].logicalLocations).toEqual([{ name: 'web', fullyQualifiedName: 'default/HorizontalPodAutoscaler/web', kind: 'object' }]);
    expect(rules[hpa303.ruleIndex].id).toBe('HPA303');
    expect(sarifRun.invocations).toEqual([{
      executionSuccessful: false,
      toolExecutionNotifications: [{
        level: 'error',
        message: { text: `${MISSING}: cannot be read: no such file or directory` },
        locations: [{ physicalLocation: { artifactLocation: { uri: MISSING } } }],
      }],
    }]);
    expect(run.code).toBe(2);
  });

  test('a clean input gives a valid log with no results: exit 0', () => {
    const run = cli(['validate', '--format=sarif', `${FIXTURES}/clean.yaml`]);
    const log = JSON.parse(run.stdout);
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    expect([log.runs[0].results, log.runs[0].invocations[0].executionSuccessful]).toEqual([[], true]);
    expect(run.code).toBe(0);
  });

  test('the schema check can fail: a result without a message is refused', () => {
    const run = cli(['validate', '--format', 'sarif', HELM]);
    const log = JSON.parse(run.stdout);
    delete log.runs[0].results[0].message;
    expect(validate(log)).toBe(false);
  });
});

describe('an unreadable input appears in every output format', () => {
  test.each([
    ['text', (out: string) => out.split('\n')[0], `${MISSING}:1:1: error [INPUT] <root>: cannot be read: no such file or directory`],
    ['github', (out: string) => out.split('\n')[0], `::error file=${MISSING},line=1,col=1,title=INPUT::<root>: cannot be read: no such file or directory`],
    ['json', (out: string) => { const j = JSON.parse(out); return [j.unreadable, j.issues[0].ruleId, j.issues[0].file]; }, [1, 'INPUT', MISSING]],
    ['sarif', (out: string) => JSON.parse(out).runs[0].results[0].ruleId, 'INPUT'],
  ])('--format %s', (format, pick, expected) => {
    const run = cli(['validate', '--format', format, MISSING, `${FIXTURES}/clean.yaml`]);
    expect(pick(run.stdout)).toEqual(expected);
    expect(run.code).toBe(2);
  });
});
