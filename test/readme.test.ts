import { readFileSync } from 'fs';
import { join } from 'path';
import { buildThreeMistakes } from '../examples/three-mistakes';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

describe('README', () => {
  test('opens with the install-and-run and install-and-test commands', () => {
    const commands = readme.split('\n').slice(0, 6).join('\n');
    expect(commands).toContain('npm ci && npx projen example');
    expect(commands).toContain('npm ci && npx projen build');
  });

  test('shows the multi-error report exactly as a real synth prints it', () => {
    let message = '';
    try {
      buildThreeMistakes().synth();
    } catch (e) {
      message = (e as Error).message;
    }
    const lines = message.split('\n');
    expect(lines).toHaveLength(4);
    expect(readme).toContain(['```text', `Error: ${lines.join('\n')}`, '```'].join('\n'));
  });
});

describe('README: validating any HPA manifest', () => {
  const section = readme.slice(readme.indexOf('## Validating any HPA manifest'), readme.indexOf('## Command line'));

  test('prints exactly the lines the README shows for its manifest', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { HpaValidator, ClusterProfile } = require('../src');
    const manifest = /const manifest = `([\s\S]*?)`;/.exec(section)![1];
    const issues = HpaValidator.validateYaml(manifest, { cluster: ClusterProfile.of({ version: '1.35' }) });
    const printed = issues.map((issue: any) => `${issue.line}:${issue.column}: ${HpaValidator.format(issue)}`);
    expect(printed).toHaveLength(2);
    expect(section).toContain(['```text', ...printed, '```'].join('\n'));
  });
});
