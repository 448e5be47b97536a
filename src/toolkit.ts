/**
 * The command line's one door into the library: what the `cdk8s-hpa-cli` package (cli/) uses, the
 * public classes it needs (each from its own module, so that a command loads only what it uses and
 * none loads cdk8s) and what no other language can call: the input path, the rule catalog, the
 * config file, the explainer over an index, report helpers. Not part of the jsii API, and no
 * compatibility promise: cdk8s-hpa-cli depends on the exact same version of this package.
 */
export { ClusterProfile } from './cluster-profile';
export { ClusterSettings, ConfigFile, ConfigFileError, KeyPosition, readFeatureGates, readRuleLevels, readVersion } from './config-file';
export { kubectlWith } from './explain/commands';
export { explainIndexed } from './explain/explainer';
export { ExplainFinding, FindingLevel, HpaExplanation, HpaHealth } from './explain/hpa-explanation';
export { SharedCause, sharedCauses } from './explain/shared-causes';
export { HpaSimulator } from './hpa-simulator';
export { HpaTuner, TuningSearch } from './hpa-tuner';
export { HpaSettings } from './manifests/check-hpa';
export { checkInputs, inputProblemIssues } from './manifests/check-inputs';
export { InputObject } from './manifests/input-objects';
export { INPUT_RULE_ID, INPUT_RULES, SYNTAX_RULE_ID } from './manifests/input-rules';
export { issueFields, Located } from './manifests/located';
export { parseDuration } from './model/duration-arg';
export { secondsDuration } from './model/duration';
export { labelSelectorString } from './model/label-selector';
export { parseQuantity } from './model/quantity';
export { isObject } from './model/values';
export { closestName } from './private/closest-name';
export { CLUSTER_ANNOTATION, DEFAULT_SYNC_PERIOD_SECONDS, INT32_MAX } from './private/constants';
export { table } from './private/table';
export { plural, shellCommand, shellQuote } from './private/words';
export { RuleLevel } from './rule-level';
export { HistoryComparison, HistoryReplay, HistoryReport, ReplayReportOptions } from './history/history-replay';
export { ReleaseComparison } from './history/release-comparison';
export { HistoryLoad, PrometheusHistory } from './history/prometheus-history';
export { MatrixDocument, MatrixError, MatrixReader, MatrixSeries, readMatrixText } from './history/prometheus-matrix';
export { historyLines, measureRows } from './history/replay-report';
export { SimulationResult } from './simulation/simulation-result';
export { MetricStepResult, SimulatedMetric, SimulationStep } from './simulation/simulation-step';
export { SimulationTrace } from './simulation/simulation-trace';
export { HpaSimulatorOptions } from './simulation/simulator-options';
export { DEFAULT_SYNC_LATENCIES, parseApiLatencyArg, parseFirstSyncDelayArg } from './simulation/sync-timing';
export { parseTraceCsv, TRACE_HEADER } from './simulation/trace-csv';
export { ConditionStatus, ConditionType, HorizontalPodAutoscalerCondition } from './status';
export { TuningSettingError } from './tuning/search-space';
export { CODE_LANGUAGES, CodeLanguage, constructCode, LANGUAGE_NAMES } from './tuning/construct-code';
export { frontRows, specYaml } from './tuning/tuning-report';
export { HpaTunerOptions, TunedSpec, TuningLimits, TuningResult, TuningScore } from './tuning/tuning-types';
export { annotatedCluster, formatClusterAnnotation } from './validation/cluster-annotation';
export { profileIssues } from './validation/engine';
export { docsUrl, isAdjustableRule, ruleDocUrl, RULES } from './validation/rule-catalog';
export { applyRuleLevels, ruleLevelProblem } from './validation/rule-levels';
export { Severity } from './validation/validation-issue';
