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
