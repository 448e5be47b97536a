import * as fs from 'fs';
import { cdk8s, javascript, JsonFile } from 'projen';

// The one version of both packages (cdk8s-hpa and cdk8s-hpa-cli), released together; the bump
// task (commit-and-tag-version) writes it, and `npx projen` carries it into both package.json files.
const VERSION: string = JSON.parse(fs.readFileSync('version.json', 'utf8')).version;
// What the command line package needs besides cdk8s-hpa; also devDependencies here, so that the
// command line runs and is tested from the checkout.
const CLI_DEPS: { readonly [name: string]: string } = { '@kubernetes/client-node': '^1.4.0' };

const project = new cdk8s.ConstructLibraryCdk8s({
  name: 'cdk8s-hpa',
  description: 'Typed autoscaling/v2 HorizontalPodAutoscalers for cdk8s, with every mistake a cluster would reject caught at synth time.',
  author: 'cdk8s-hpa maintainers',
  authorAddress: 'maintainers@users.noreply.a-seed-9cc2a800.example',
  repositoryUrl: 'https://github.com/cdk8s-hpa/cdk8s-hpa.git',
  defaultReleaseBranch: 'main',
  keywords: ['cdk8s', 'kubernetes', 'hpa', 'autoscaling', 'horizontal-pod-autoscaler'],

  cdk8sVersion: '2.70.106',
  constructsVersion: '10.5.0',
  jsiiVersion: '~6.0.0',
  typescriptVersion: '~6.0.0',
  minNodeVersion: '20.16.0',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,

  peerDeps: ['cdk8s-plus-27@^2.9.5'],
  devDeps: [
    // The changelog and the version bump from the conventional commits (13.x needs Node 22).
    'commit-and-tag-version@12.7.3',
    'cdk8s-plus-27@2.9.5', 'fast-check@^4', 'kubernetes-models@^4.5.1', 'ajv@^8', 'ajv-draft-04@^1', '@types/js-yaml@^4',
    ...Object.entries(CLI_DEPS).map(([name, range]) => `${name}@${range}`),
  ],
  // The input path reads YAML with js-yaml, and words syntax errors with `yaml`, ten times slower
  // (src/manifests/yaml-source.ts). Neither is a jsii module, so both are bundled; neither is loaded
  // by the library's entry point. The command line and its Kubernetes client are the package
  // cdk8s-hpa-cli (cli/), not part of this one.
  deps: ['yaml@^2', 'js-yaml@^4.3.2'],
  bundledDeps: ['yaml', 'js-yaml'],

  // Publishing targets (DESIGN.md section 5).
  publishToPypi: { distName: 'cdk8s-hpa', module: 'cdk8s_hpa' },
  publishToMaven: {
    javaPackage: 'io.cdk8shpa',
    mavenGroupId: 'io.cdk8shpa',
    mavenArtifactId: 'cdk8s-hpa',
  },
  publishToGo: { moduleName: 'github.com/cdk8s-hpa/cdk8s-hpa-go' },

  // This repository is not hosted on GitHub Actions; CI is `.ci/run`.
  github: false,
  release: false,

  jestOptions: {
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    jestConfig: {
      testPathIgnorePatterns: ['/node_modules/', '/test/bindings/'],
      // The command line's tests live beside its sources (cli/src/**), and run its code against
      // the library's sources, as the library's own tests do.
      testMatch: ['<rootDir>/@(src|test)/**/*(*.)@(spec|test).ts?(x)', '<rootDir>/cli/src/**/*.test.ts'],
      moduleNameMapper: { '^cdk8s-hpa$': '<rootDir>/src/index.ts', '^cdk8s-hpa/lib/(.*)$': '<rootDir>/src/$1' },
    },
  },
  gitignore: ['/node_modules', '/test-reports/', '/.bindings/', '/bench/results/', '.jsii.tabl.json', '/cli/lib/', '/cli/node_modules/'],
  // Source maps (with the TypeScript sources in them) in .js.map files beside the JavaScript:
  // inline, they made up 70 % of lib/ and Node read them with every module it loaded.
  tsconfig: { compilerOptions: { inlineSourceMap: false, sourceMap: true } },
  eslintOptions: { dirs: ['src', 'cli/src'], devdirs: ['test', 'cli/test', 'examples', 'build-tools', 'projenrc'] },
});

// No import cycle (value imports; test/architecture.test.ts also counts type-only and lazy
// imports, and holds the layers of src/: docs/ARCHITECTURE.md).
project.eslint?.addRules({
  'import/no-cycle': ['error', { ignoreExternal: true }],
});
// The command line's tests sit beside its sources (cli/src/**/*.test.ts).
project.eslint?.allowDevDeps('**/*.test.ts');
// Its tests and their helpers use the checkout's devDependencies (cli/package.json lists only what
// the published command line needs).
project.eslint?.addOverride({
  files: ['cli/src/**/*.test.ts', 'cli/test/**/*.ts'],
  rules: { 'import/no-extraneous-dependencies': ['error', { devDependencies: true, optionalDependencies: false, peerDependencies: true, packageDir: ['.', 'cli'] }] },
});

// The main job: synthesize the example app and print its YAML.
project.addTask('example', {
  description: 'Synthesize the example app (examples/app.ts) and print its YAML',
  exec: 'ts-node --project examples/tsconfig.json examples/main.ts',
});

// README and @example snippets must compile, so pacmak can translate them for Python/Java/Go;
// rosetta/translations/ replaces the translations rosetta cannot make compile (see
// build-tools/rosetta-translations.js). pacmak reads the result from .jsii.tabl.json.
const rosetta = project.addTask('rosetta', {
  description: 'Translate README and @example snippets into Python, Java and Go (.jsii.tabl.json)',
  steps: [
    { exec: 'jsii-rosetta extract --strict' },
    { exec: 'node build-tools/rosetta-translations.js' },
  ],
});
project.postCompileTask.spawn(rosetta);
// Every language package shows its README and examples translated: each package task translates
// first, so `npx projen package:python` alone never ships TypeScript under python fences.
for (const language of ['python', 'java', 'go']) {
  const task = project.tasks.tryFind(`package:${language}`);
  if (!task) throw new Error(`.projenrc.ts: projen has no package:${language} task`);
  task.prependSpawn(rosetta);
}
// The API reference in each language (API.md is TypeScript's), with the names and examples a
// Python, Java or Go user writes: docs/api/API.<language>.md, linked from docs/languages.md.
const docgenLanguages = project.addTask('docgen:languages', {
  description: 'Generate the API reference in Python, Java and Go (docs/api/)',
  steps: [{ exec: 'mkdir -p docs/api' }, { exec: 'jsii-docgen -l python -l java -l go -o docs/api/API.md' }],
});
project.postCompileTask.spawn(docgenLanguages);

// docs/rules.md and the README's table of checks, generated from the catalogs in lib/ (so a stale
// page dirties the tree, which CI rejects), and every relative link of the docs checked.
const docs = project.addTask('docs', {
  description: 'Generate docs/rules.md and the README table of checks from the rule catalog; check the links of the docs',
  exec: 'node build-tools/docs.js',
});
project.postCompileTask.spawn(docs);

// The package.json of the command line (cli/), npm only: the same version, and cdk8s-hpa at exactly
// that version. In the checkout cli/node_modules/cdk8s-hpa links to this package
// (build-tools/link-cli.js), so the command line compiles against lib/ and runs from cli/bin.
new JsonFile(project, 'cli/package.json', {
  obj: {
    name: 'cdk8s-hpa-cli',
    version: VERSION,
    description: 'The cdk8s-hpa command line (validate, simulate, explain HorizontalPodAutoscalers) and its cdk8s synth plugin.',
    keywords: ['cdk8s', 'kubernetes', 'hpa', 'autoscaling', 'cli'],
    license: 'Apache-2.0',
    author: project.package.manifest.author,
    repository: { type: 'git', url: 'https://github.com/cdk8s-hpa/cdk8s-hpa.git', directory: 'cli' },
    bin: { 'cdk8s-hpa': 'bin/cdk8s-hpa' },
    main: 'lib/index.js',
    types: 'lib/index.d.ts',
    files: ['bin/', 'lib/**/*.js', 'lib/**/*.d.ts', 'README.md'],
    engines: { node: '>= 20.16.0' },
    dependencies: { 'cdk8s-hpa': VERSION, ...CLI_DEPS },
    publishConfig: { access: 'public' },
  },
});
project.package.file.addOverride('version', VERSION);

// A release: the next version from the conventional commits since the last tag (`v<version>`),
// written to version.json and from there to both packages, and CHANGELOG.md from the same commits
// (`npx projen bump`; the first release: `npx projen bump --first-release`). The maintainer then
// commits, tags, builds every package (`npx projen package-all`) and publishes them (docs/release.md).
project.addTask('bump', {
  description: 'Set the next version from the conventional commits and write CHANGELOG.md',
  steps: [
    { exec: 'commit-and-tag-version', receiveArgs: true }, // settings in .versionrc.json
    { exec: 'ts-node --project projenrc/tsconfig.json .projenrc.ts' },
  ],
});

// The command line, compiled after the library against its lib/ (cli/lib/).
project.compileTask.exec('node build-tools/link-cli.js');
project.compileTask.exec('tsc -p cli/tsconfig.build.json');
// Its npm tarball beside the library's, in dist/js.
const packageCli = project.addTask('package:cli', {
  description: 'Pack the command line package (cdk8s-hpa-cli) into dist/js',
  steps: [{ exec: 'mkdir -p dist/js' }, { exec: 'npm pack ./cli --pack-destination dist/js --loglevel=warn' }],
});

// ts-jest runs the tests without type checking (isolatedModules): the types of every test file,
// the conformance and bindings drivers among them, are checked before jest runs.
project.testTask.prependExec('tsc --noEmit -p test/tsconfig.json && tsc --noEmit -p cli/tsconfig.json', { name: 'typecheck-tests' });

// Performance: synth and validation cost against cdk8s-plus-27 and the raw L1 (not part of the tests).
project.addTask('bench', {
  description: 'Benchmark synth and validation against cdk8s-plus-27 and the L1 (needs `npx projen compile` first)',
  exec: 'node bench/bench.js',
  receiveArgs: true,
});

// `npx projen build` packages the npm tarball alone, in CI and out. Outside CI projen's package
// step would build every language (package-all), and plain jsii-pacmak cannot build the Java and
// Go packages where Maven Central and the Go module proxy lack cdk8s's (test/bindings/README.md):
// the README's build command would fail after the tests passed. test:bindings builds all three.
const packageJs = project.tasks.tryFind('package:js');
if (!packageJs) throw new Error('.projenrc.ts: projen has no package:js task');
project.packageTask.reset();
project.packageTask.spawn(packageJs);
project.packageTask.spawn(packageCli);

// Python, Java and Go packages, each installed with its own tool and used by a smoke program.
project.addTask('test:bindings', {
  description: 'Build the Python, Java and Go packages and run a smoke program against each',
  exec: 'bash test/bindings/run.sh',
});

// The release rehearsed: publib publishes the built packages to registry servers on 127.0.0.1, then
// README.md's install lines and quick starts run against them (test/release/README.md).
project.addTask('test:release', {
  description: 'Publish the built packages to local registry servers with publib and run the README install lines',
  exec: 'bash test/release/run.sh',
});

// The real Kubernetes code (API server create path per release, HPA controller), built from Go
// modules, against the validation engine and the simulator (docs/conformance.md).
project.addTask('test:conformance', {
  description: 'Build the real Kubernetes code from Go modules and run the differential tests against it',
  exec: 'ts-node --transpile-only --project test/tsconfig.json test/conformance/run.ts',
});

// Scratch of the bindings smoke tests and benchmark results must never be packed (jsii-pacmak
// runs `npm pack` on the repository).
project.npmignore?.exclude('/.bindings/', '/bench/results/');
// The npm package carries the library, its command line and docs; not CI, benchmarks, build
// tools, examples or rosetta fixtures (test/package-contents.test.ts keeps it so).
project.npmignore?.exclude('/.ci/', '/bench/', '/build-tools/', '/examples/', '/rosetta/', '/cli/', '/version.json', '/.versionrc.json');

// The registry lacks some platform builds of newer unrs-resolver releases (pulled in by
// eslint's import resolver), which makes `npm ci` reject the lockfile.
project.package.addPackageResolutions('unrs-resolver@1.12.2');

// None of these install scripts is needed to build or test the library.
project.package.addField('allowScripts', {
  '@parcel/watcher': false,
  'backport': false,
  'unrs-resolver': false,
});

project.synth();
