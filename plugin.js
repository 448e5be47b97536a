// The cdk8s validation plugin of cdk8s-hpa (cdk8s.yaml `validations:`, class HpaValidation), by
// local path. By package name, cdk8s-cli reads the same class from lib/index.js, where it loads
// only when read (build-tools/lazy-exports.js); it is no part of the library's API.
module.exports = require('./lib/cli/synth-plugin.js');
