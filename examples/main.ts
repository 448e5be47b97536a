import { buildExampleApp } from './app';

process.stdout.write(buildExampleApp().synthYaml());
