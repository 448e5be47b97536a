/**
 * `--format sarif` checked against the SARIF 2.1.0 JSON schema, and unreadable inputs in every
 * output format.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import Ajv from 'ajv-draft-04';
import { ruleDocUrl, RULES } from 'cdk8s-hpa/lib/validation/rule-catalog';
import { cli, FIXTURES, requireCompiledCli, ROOT, testdata } from '../test/cli-helpers';

beforeAll(() => requireCompiledCli());

const VALIDATE = testdata('validate');
const HELM = `${VALIDATE}/helm-web.yaml`;
const MISSING = `${VALIDATE}/no-such-file.yaml`;

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
      fullDescription: { text: `Expects: ${RULES.HPA404.summary}. Default: off unless turned on, then a warning; adjustable (error, warning, on or off); reported as "Lint".` },
      helpUri: 'https://github.com/cdk8s-hpa/cdk8s-hpa/blob/main/docs/rules.md#hpa404',
      help: {
        text: `Expects: ${RULES.HPA404.summary}. Fix: ${RULES.HPA404.fix}. Default: off unless turned on, then a warning; adjustable (error, warning, on or off); reported as "Lint". https://github.com/cdk8s-hpa/cdk8s-hpa/blob/main/docs/rules.md#hpa404`,
        markdown: `**Expects:** ${RULES.HPA404.summary}\n\n**Fix:** ${RULES.HPA404.fix}\n\n**Default:** off unless turned on, then a warning; adjustable (error, warning, on or off); reported as "Lint"\n\n[HPA404 in the rules reference](https://github.com/cdk8s-hpa/cdk8s-hpa/blob/main/docs/rules.md#hpa404)`,
      },
      defaultConfiguration: { level: 'warning', enabled: false },
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
      locations: [{ physicalLocation: { artifactLocation: { uri: MISSING, uriBaseId: '%SRCROOT%' }, region: { startLine: 1, startColumn: 1 } } }],
      partialFingerprints: { 'cdk8sHpaFinding/v1': expect.stringMatching(/^[0-9a-f]{32}:1$/) },
      properties: { path: '<root>' },
    });
    expect(sarifRun.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `${pathToFileURL(ROOT).href}/` } });
    const hpa303 = results.find((r: any) => r.ruleId === 'HPA303');
    expect(hpa303.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: HELM, uriBaseId: '%SRCROOT%' }, region: { startLine: 52, startColumn: 3 } });
    expect(hpa303.locations[0].logicalLocations).toEqual([{ name: 'web', fullyQualifiedName: 'default/HorizontalPodAutoscaler/web', kind: 'object' }]);
    expect(rules[hpa303.ruleIndex].id).toBe('HPA303');
    expect(sarifRun.invocations).toEqual([{
      executionSuccessful: false,
      toolExecutionNotifications: [{
        level: 'error',
        message: { text: `${MISSING}: cannot be read: no such file or directory` },
        locations: [{ physicalLocation: { artifactLocation: { uri: MISSING, uriBaseId: '%SRCROOT%' } } }],
      }],
    }]);
    expect(run.code).toBe(2);
  });

  test('every rule carries what GitHub code scanning shows: a full description, help as text and markdown, its page', () => {
    const rules = JSON.parse(cli(['validate', '--format', 'sarif', `${VALIDATE}/clean.yaml`]).stdout).runs[0].tool.driver.rules;
    const reference = fs.readFileSync(path.join(ROOT, 'docs', 'rules.md'), 'utf8');
    for (const rule of rules) {
      expect([rule.id, rule.helpUri]).toEqual([rule.id, ruleDocUrl(rule.id)]);
      expect(reference).toContain(`\n### ${rule.id}\n`); // the anchor the URI points at
      expect(rule.fullDescription.text).toMatch(/^Expects: .+\. Default: .+\.$/);
      expect(rule.help.text).toContain(rule.helpUri);
      expect(rule.help.markdown).toContain(`](${rule.helpUri})`);
    }
    // The text output's pointer to the same pages, once, in --help.
    expect(cli(['validate', '--help']).stdout).toContain(`in the rules reference, e.g. ${ruleDocUrl('HPA404')}\n`);
  });

  test('fingerprints follow a finding when lines move, and tell findings apart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-sarif-'));
    fs.mkdirSync(path.join(dir, '.git'));
    fs.mkdirSync(path.join(dir, 'deploy'));
    const helm = fs.readFileSync(path.join(ROOT, HELM), 'utf8');
    const sarif = () => JSON.parse(cli(['validate', '--format', 'sarif', 'deploy'], { cwd: dir }).stdout).runs[0].results
      .map((r: any) => [r.ruleId, r.locations[0].physicalLocation.region.startLine, r.partialFingerprints['cdk8sHpaFinding/v1']]);
    fs.writeFileSync(path.join(dir, 'deploy', 'web.yaml'), helm);
    const before = sarif();
    // The next commit adds a comment at the top: every finding moves two lines down.
    fs.writeFileSync(path.join(dir, 'deploy', 'web.yaml'), `# Rendered by helm template web ./chart\n# Do not edit.\n${helm}`);
    const after = sarif();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(before.length).toBeGreaterThan(1);
    expect(after.map((r: any[]) => [r[0], r[1] - 2, r[2]])).toEqual(before);
    expect(new Set(before.map((r: any[]) => r[2])).size).toBe(before.length);
  });

  test('paths are relative to the repository\'s root, however the input was named; a file outside it is a file: URI', () => {
    const uriOf = (args: string[], cwd: string) => {
      const log = JSON.parse(cli(['validate', '--format', 'sarif', ...args], { cwd }).stdout);
      expect(validate(log) ? [] : validate.errors).toEqual([]);
      return [log.runs[0].results[0].locations[0].physicalLocation.artifactLocation, log.runs[0].originalUriBaseIds];
    };
    const base = { '%SRCROOT%': { uri: `${pathToFileURL(ROOT).href}/` } };
    const relative = { uri: HELM, uriBaseId: '%SRCROOT%' };
    expect(uriOf([path.join(ROOT, HELM)], ROOT)).toEqual([relative, base]);
    expect(uriOf([path.relative(path.join(ROOT, 'test'), path.join(ROOT, HELM))], path.join(ROOT, 'test'))).toEqual([relative, base]);
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk8s-hpa-outside-'));
    const file = path.join(outside, 'web.yaml');
    fs.copyFileSync(path.join(ROOT, HELM), file);
    const [location, bases] = uriOf([file], ROOT);
    fs.rmSync(outside, { recursive: true, force: true });
    expect([location, bases]).toEqual([{ uri: pathToFileURL(file).href }, undefined]);
  });

  test('a clean input gives a valid log with no results: exit 0', () => {
    const run = cli(['validate', '--format=sarif', `${VALIDATE}/clean.yaml`]);
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
    const run = cli(['validate', '--format', format, MISSING, `${VALIDATE}/clean.yaml`]);
    expect(pick(run.stdout)).toEqual(expected);
    expect(run.code).toBe(2);
  });
});
