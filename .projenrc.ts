import { cdk8s, javascript } from 'projen';

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
  devDeps: ['cdk8s-plus-27@2.9.5', 'fast-check@^4', 'kubernetes-models@^4.5.1', 'ajv@^8', 'ajv-draft-04@^1', '@types/js-yaml@^4'],
  // The command line (`cdk8s-hpa validate`) reads YAML with js-yaml, and words syntax errors
  // with `yaml`, ten times slower (src/manifests/yaml-source.ts). `cdk8s-hpa explain` reads live
  // clusters through @kubernetes/client-node (kubeconfig contexts, exec credential plugins, tokens,
  // client certificates, proxies), loaded only by that path (src/cluster/); 1.x: 2.x needs undici 8,
  // which does not load on Node 20. None is a jsii module, so all are bundled; none is loaded by the
  // library's entry point.
  deps: ['yaml@^2', 'js-yaml@^4.3.2', '@kubernetes/client-node@^1.4.0'],
  bundledDeps: ['yaml', 'js-yaml', '@kubernetes/client-node'],
  bin: { 'cdk8s-hpa': 'bin/cdk8s-hpa' },

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
    jestConfig: { testPathIgnorePatterns: ['/node_modules/', '/test/bindings/'] },
  },
  gitignore: ['/test-reports/', '/.bindings/', '/bench/results/', '.jsii.tabl.json'],
  // Source maps (with the TypeScript sources in them) in .js.map files beside the JavaScript:
  // inline, they made up 70 % of lib/ and Node read them with every module it loaded.
  tsconfig: { compilerOptions: { inlineSourceMap: false, sourceMap: true } },
  eslintOptions: { dirs: ['src'], devdirs: ['test', 'examples', 'build-tools', 'projenrc'] },
});

// No import cycle (value imports; test/architecture.test.ts also counts type-only and lazy
// imports, and holds the layers of src/: docs/ARCHITECTURE.md).
project.eslint?.addRules({
  'import/no-cycle': ['error', { ignoreExternal: true }],
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

// docs/rules.md and the README's table of checks, generated from the catalogs in lib/ (so a stale
// page dirties the tree, which CI rejects), and every relative link of the docs checked.
const docs = project.addTask('docs', {
  description: 'Generate docs/rules.md and the README table of checks from the rule catalog; check the links of the docs',
  exec: 'node build-tools/docs.js',
});
project.postCompileTask.spawn(docs);

// require('cdk8s-hpa') loads the index alone (not cdk8s and cdk8s-plus-27): each of its re-exports
// loads its module on first use (build-tools/lazy-exports.js rewrites lib/index.js).
project.compileTask.exec('node build-tools/lazy-exports.js');

// ts-jest runs the tests without type checking (isolatedModules): the types of every test file,
// the conformance and bindings drivers among them, are checked before jest runs.
project.testTask.prependExec('tsc --noEmit -p test/tsconfig.json', { name: 'typecheck-tests' });

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
project.npmignore?.exclude('/.ci/', '/bench/', '/build-tools/', '/examples/', '/rosetta/');

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
