// The cdk8s validation plugin of cdk8s-hpa (cdk8s.yaml `validations:`, class HpaValidation).
// Kept out of the library's entry point (lib/index.js), like the command line.
module.exports = require('./lib/cli/synth-plugin.js');
