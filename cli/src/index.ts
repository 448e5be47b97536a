/**
 * The package's main module: the cdk8s synth plugin, as cdk8s-cli loads it by package name
 * (`validations: [{ package: cdk8s-hpa-cli, class: HpaValidation }]` in cdk8s.yaml).
 */
export { HpaValidation } from './plugin/synth-plugin';
