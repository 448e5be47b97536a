package io.cdk8shpa.smoke;

import io.cdk8shpa.Behavior;
import io.cdk8shpa.BehaviorOptions;
import io.cdk8shpa.ClusterProfile;
import io.cdk8shpa.ClusterProfileOptions;
import io.cdk8shpa.CrossVersionObjectReference;
import io.cdk8shpa.DescribedObject;
import io.cdk8shpa.ExternalFallback;
import io.cdk8shpa.ExternalFallbackOptions;
import io.cdk8shpa.ExternalMetricOptions;
import io.cdk8shpa.HorizontalPodAutoscalerV2;
import io.cdk8shpa.Metric;
import io.cdk8shpa.MetricTarget;
import io.cdk8shpa.ObjectMetricOptions;
import io.cdk8shpa.ScalingPolicy;
import io.cdk8shpa.ScalingRules;
import io.cdk8shpa.SelectPolicy;
import io.cdk8shpa.ContainerResourceMetricOptions;
import io.cdk8shpa.HistoryComparison;
import io.cdk8shpa.HistoryLoad;
import io.cdk8shpa.HistoryMetricOptions;
import io.cdk8shpa.HistoryReplay;
import io.cdk8shpa.HpaSimulator;
import io.cdk8shpa.PrometheusHistory;
import io.cdk8shpa.ReplayMeasures;
import io.cdk8shpa.ReplayOptions;
import io.cdk8shpa.ReplayReportOptions;
import io.cdk8shpa.HpaValidationOptions;
import io.cdk8shpa.HpaValidator;
import io.cdk8shpa.IssueFormatOptions;
import io.cdk8shpa.MetricObservation;
import io.cdk8shpa.PodsMetricOptions;
import io.cdk8shpa.Quantity;
import io.cdk8shpa.RuleLevel;
import io.cdk8shpa.ScaleTarget;
import io.cdk8shpa.Severity;
import io.cdk8shpa.SimulationResult;
import io.cdk8shpa.SimulationRunOptions;
import io.cdk8shpa.SimulationStep;
import io.cdk8shpa.SimulationTrace;
import io.cdk8shpa.ValidationIssue;
import org.cdk8s.Testing;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cdk8s.App;
import org.cdk8s.Chart;
import org.cdk8s.Duration;
import org.cdk8s.Size;
import org.cdk8s.plus27.ContainerProps;
import org.cdk8s.plus27.ContainerResources;
import org.cdk8s.plus27.Cpu;
import org.cdk8s.plus27.CpuResources;
import org.cdk8s.plus27.Deployment;
import org.cdk8s.plus27.LabelSelector;
import org.cdk8s.plus27.LabelSelectorOptions;
import org.cdk8s.plus27.MemoryResources;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Java smoke test of the cdk8s-hpa Maven artifact built by jsii-pacmak: synthesizes an HPA for a
 * cdk8s-plus-27 Deployment, reads the YAML back and checks the values, then checks that a
 * validation error surfaces as a Java exception; then goes over the rest of the public API as a
 * Java user reaches it: every factory, the validator (object, YAML text, app), the simulator, the
 * cluster profile set on a scope, and the errors a missing prop or a mistyped quantity give. One
 * PASS/FAIL line per check; exit 1 on any failure.
 */
public final class Smoke {
    private static final String LANG = "java";
    private static int failures = 0;

    private Smoke() {
    }

    private static void check(final String name, final Object actual, final Object expected) {
        if (Objects.equals(actual, expected)) {
            System.out.println("PASS " + LANG + ": " + name);
        } else {
            fail(name, "expected " + expected + ", got " + actual);
        }
    }

    private static void fail(final String name, final String detail) {
        failures++;
        System.out.println("FAIL " + LANG + ": " + name + ": " + detail);
    }

    /** obj[path[0]][path[1]]..., or null when a step is missing. */
    private static Object dig(final Object obj, final Object... path) {
        Object cur = obj;
        for (Object key : path) {
            if (key instanceof Integer && cur instanceof List) {
                List<?> list = (List<?>) cur;
                int i = (Integer) key;
                cur = i < list.size() ? list.get(i) : null;
            } else if (cur instanceof Map) {
                cur = ((Map<?, ?>) cur).get(key);
            } else {
                return null;
            }
            if (cur == null) {
                return null;
            }
        }
        return cur;
    }

    private static final class Built {
        final App app;
        final Deployment deployment;

        Built(final App app, final Deployment deployment) {
            this.app = app;
            this.deployment = deployment;
        }
    }

    private static Built buildApp(final Path outdir, final int maxReplicas) {
        App app = App.Builder.create().outdir(outdir.toString()).build();
        Chart chart = new Chart(app, "smoke");
        Deployment deployment = Deployment.Builder.create(chart, "Workers")
                .containers(List.of(ContainerProps.builder()
                        .image("registry.example/worker:1.0")
                        .resources(ContainerResources.builder()
                                .cpu(CpuResources.builder().request(Cpu.millis(250)).build())
                                .memory(MemoryResources.builder().request(Size.mebibytes(256)).build())
                                .build())
                        .build()))
                .build();
        HorizontalPodAutoscalerV2.Builder.create(chart, "Hpa")
                .target(deployment)
                .minReplicas(2)
                .maxReplicas(maxReplicas)
                .metrics(List.of(Metric.external(ExternalMetricOptions.builder()
                        .name("queue_depth")
                        .selector(LabelSelector.of(LabelSelectorOptions.builder()
                                .labels(Map.of("queue", "worker_tasks"))
                                .build()))
                        .target(MetricTarget.averageValue(30))
                        .fallback(ExternalFallback.replicas(10, ExternalFallbackOptions.builder()
                                .failureDuration(Duration.minutes(3))
                                .build()))
                        .build()),
                        Metric.resourceCpu(MetricTarget.averageUtilization(70)),
                        Metric.object(ObjectMetricOptions.builder()
                                .describedObject(DescribedObject.fromReference(CrossVersionObjectReference.builder()
                                        .apiVersion("networking.k8s.io/v1")
                                        .kind("Ingress")
                                        .name("main-route")
                                        .build()))
                                .name("requests-per-second")
                                .target(MetricTarget.value("2k"))
                                .build())))
                .behavior(Behavior.of(BehaviorOptions.builder()
                        .scaleUp(ScalingRules.builder()
                                .policies(List.of(ScalingPolicy.pods(4, Duration.seconds(60))))
                                .selectPolicy(SelectPolicy.MAX)
                                .build())
                        .scaleDown(ScalingRules.builder()
                                .stabilizationWindow(Duration.minutes(5))
                                .policies(List.of(ScalingPolicy.percent(50, Duration.minutes(1))))
                                .selectPolicy(SelectPolicy.MIN)
                                .build())
                        .build()))
                .cluster(ClusterProfile.of(ClusterProfileOptions.builder()
                        .version("1.36")
                        .featureGates(Map.of("HPAExternalMetricFallback", true))
                        .build()))
                .build();
        return new Built(app, deployment);
    }

    private static void checkSynth() throws Exception {
        Path outdir = Files.createTempDirectory("cdk8s-hpa-java-");
        Built built = buildApp(outdir, 20);
        built.app.synth();
        List<Path> files;
        try (Stream<Path> s = Files.list(outdir)) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
        }
        check("synth writes one YAML file", files.size(), 1);
        if (files.isEmpty()) {
            return;
        }
        List<Map<?, ?>> docs = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(files.get(0), StandardCharsets.UTF_8)) {
            for (Object doc : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(r)) {
                if (doc instanceof Map) {
                    docs.add((Map<?, ?>) doc);
                }
            }
        }
        List<Map<?, ?>> hpas = docs.stream().filter(d -> "HorizontalPodAutoscaler".equals(d.get("kind")))
                .collect(Collectors.toList());
        List<Map<?, ?>> deps = docs.stream().filter(d -> "Deployment".equals(d.get("kind")))
                .collect(Collectors.toList());
        check("one HorizontalPodAutoscaler in the manifest", hpas.size(), 1);
        check("one Deployment in the manifest", deps.size(), 1);
        if (hpas.isEmpty() || deps.isEmpty()) {
            return;
        }
        Map<?, ?> hpa = hpas.get(0);
        Map<?, ?> dep = deps.get(0);
        Object spec = hpa.get("spec");
        String deploymentName = built.deployment.getName();
        check("kind", hpa.get("kind"), "HorizontalPodAutoscaler");
        check("apiVersion", hpa.get("apiVersion"), "autoscaling/v2");
        check("spec.minReplicas", dig(spec, "minReplicas"), 2);
        check("spec.maxReplicas", dig(spec, "maxReplicas"), 20);
        check("spec.scaleTargetRef.kind", dig(spec, "scaleTargetRef", "kind"), "Deployment");
        check("spec.scaleTargetRef.apiVersion", dig(spec, "scaleTargetRef", "apiVersion"), "apps/v1");
        check("spec.scaleTargetRef.name is the Deployment's name", dig(spec, "scaleTargetRef", "name"), deploymentName);
        check("Deployment metadata.name", dig(dep, "metadata", "name"), deploymentName);
        check("Deployment renders no replicas (it is autoscaled)", dig(dep, "spec", "replicas"), null);
        check("container cpu request",
                dig(dep, "spec", "template", "spec", "containers", 0, "resources", "requests", "cpu"), "250m");
        check("metrics[0].type", dig(spec, "metrics", 0, "type"), "External");
        Object ext = dig(spec, "metrics", 0, "external");
        check("external metric name", dig(ext, "metric", "name"), "queue_depth");
        check("external metric selector", dig(ext, "metric", "selector", "matchLabels", "queue"), "worker_tasks");
        check("external target type", dig(ext, "target", "type"), "AverageValue");
        check("external target averageValue", String.valueOf(dig(ext, "target", "averageValue")), "30");
        check("fallback.replicas", dig(ext, "fallback", "replicas"), 10);
        check("fallback.failureDuration (given: 3 minutes)", dig(ext, "fallback", "failureDuration"), "3m");
        check("metrics[1].type", dig(spec, "metrics", 1, "type"), "Resource");
        check("metrics[1] cpu at 70% utilization", dig(spec, "metrics", 1, "resource"),
                Map.of("name", "cpu", "target", Map.of("type", "Utilization", "averageUtilization", 70)));
        check("metrics[2].type (Metric.object)", dig(spec, "metrics", 2, "type"), "Object");
        check("metrics[2].object.describedObject", dig(spec, "metrics", 2, "object", "describedObject"),
                Map.of("apiVersion", "networking.k8s.io/v1", "kind", "Ingress", "name", "main-route"));
        check("metrics[2].object.metric.name", dig(spec, "metrics", 2, "object", "metric", "name"), "requests-per-second");
        check("metrics[2].object.target", dig(spec, "metrics", 2, "object", "target"), Map.of("type", "Value", "value", "2k"));
        Object up = dig(spec, "behavior", "scaleUp");
        Object down = dig(spec, "behavior", "scaleDown");
        check("scaleUp.policies[0]", dig(up, "policies", 0), Map.of("type", "Pods", "value", 4, "periodSeconds", 60));
        check("scaleUp.selectPolicy", dig(up, "selectPolicy"), "Max");
        check("scaleDown.policies[0].periodSeconds", dig(down, "policies", 0, "periodSeconds"), 60);
        check("scaleDown.policies[0].type", dig(down, "policies", 0, "type"), "Percent");
        check("scaleDown.selectPolicy", dig(down, "selectPolicy"), "Min");
        check("scaleDown.stabilizationWindowSeconds", dig(down, "stabilizationWindowSeconds"), 300);
    }

    private static void checkValidationError() throws Exception {
        String name = "maxReplicas 0 makes app.synth() raise with spec.maxReplicas and [HPA102]";
        Built built = buildApp(Files.createTempDirectory("cdk8s-hpa-java-bad-"), 0);
        try {
            built.app.synth();
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("spec.maxReplicas") && message.contains("[HPA102]")) {
                System.out.println("PASS " + LANG + ": " + name + " (" + e.getClass().getName() + ")");
            } else {
                fail(name, "raised " + e.getClass().getName() + " without them: "
                        + message.substring(0, Math.min(500, message.length())));
            }
            return;
        }
        fail(name, "app.synth() did not raise");
    }

    private static final String WEB_HPA_YAML = String.join("\n",
            "apiVersion: autoscaling/v2",
            "kind: HorizontalPodAutoscaler",
            "metadata:",
            "  name: web",
            "spec:",
            "  scaleTargetRef:",
            "    apiVersion: apps/v1",
            "    kind: Deployment",
            "    name: web",
            "  minReplicas: 2",
            "  maxReplicas: 0",
            "");

    @SuppressWarnings("unchecked")
    private static void checkFactories() {
        App app = Testing.app();
        Chart chart = new Chart(app, "factories");
        ClusterProfile.of(ClusterProfileOptions.builder().version("1.36")
                .featureGates(Map.of("HPAExternalMetricFallback", true)).build()).applyTo(chart);
        Deployment api = Deployment.Builder.create(chart, "Api")
                .containers(List.of(ContainerProps.builder().name("app").image("api")
                        .resources(ContainerResources.builder()
                                .cpu(CpuResources.builder().request(Cpu.millis(100)).build())
                                .memory(MemoryResources.builder().request(Size.mebibytes(128)).build())
                                .build())
                        .build()))
                .build();
        HorizontalPodAutoscalerV2 hpa = HorizontalPodAutoscalerV2.Builder.create(chart, "Hpa")
                .target(ScaleTarget.fromScalable(api))
                .minReplicas(2)
                .maxReplicas(9)
                .metrics(List.of(
                        Metric.resource("ephemeral-storage", MetricTarget.averageValueQuantity(Quantity.parse("100Mi"))),
                        Metric.resourceMemory(MetricTarget.averageUtilization(80)),
                        Metric.containerResource(ContainerResourceMetricOptions.builder().container("app").resource("cpu")
                                .target(MetricTarget.averageUtilization(60)).build()),
                        Metric.pods(PodsMetricOptions.builder().name("rps").target(MetricTarget.averageValue("5")).build()),
                        Metric.object(ObjectMetricOptions.builder().describedObject(DescribedObject.fromResource(api))
                                .name("hits").target(MetricTarget.valueQuantity(Quantity.of(100))).build()),
                        Metric.external(ExternalMetricOptions.builder().name("q").target(MetricTarget.value(7))
                                .fallback(ExternalFallback.replicas(3, ExternalFallbackOptions.builder()
                                        .failureDuration(Duration.minutes(2)).build()))
                                .build())))
                .ruleLevels(Map.of("HPA404", RuleLevel.OFF))
                .build();
        hpa.addMetric(Metric.resourceCpu(MetricTarget.averageUtilization(50)));
        check("ClusterProfile.applyTo: the HPA below uses it", hpa.getCluster().getVersion(), "1.36");
        check("ClusterProfile.lookup(chart)", ClusterProfile.lookup(chart).getVersion(), "1.36");
        check("validateChart: no issues", HpaValidator.validateChart(chart).size(), 0);
        Map<String, Object> hpaManifest = null;
        for (Object m : Testing.synth(chart)) {
            if ("HorizontalPodAutoscaler".equals(((Map<String, Object>) m).get("kind"))) {
                hpaManifest = (Map<String, Object>) m;
            }
        }
        List<Object> metrics = (List<Object>) dig(hpaManifest, "spec", "metrics");
        List<Object> types = new ArrayList<>();
        for (Object m : metrics) {
            types.add(((Map<String, Object>) m).get("type"));
        }
        check("metric types, addMetric last", types,
                List.of("Resource", "Resource", "ContainerResource", "Pods", "Object", "External", "Resource"));
        check("Quantity.parse renders as given", dig(metrics, 0, "resource", "target", "averageValue"), "100Mi");
        check("Quantity.of renders as a quantity string", dig(metrics, 4, "object", "target", "value"), "100");
        check("fallback failureDuration", dig(metrics, 5, "external", "fallback", "failureDuration"), "2m");
    }

    private static void checkValidator() {
        HpaValidationOptions v135 = HpaValidationOptions.builder()
                .cluster(ClusterProfile.of(ClusterProfileOptions.builder().version("1.35").build())).build();
        List<ValidationIssue> issues = HpaValidator.validateYaml(WEB_HPA_YAML, v135);
        List<String> ids = new ArrayList<>();
        List<String> positions = new ArrayList<>();
        for (ValidationIssue issue : issues) {
            ids.add(issue.getRuleId());
            positions.add(issue.getLine().intValue() + ":" + issue.getColumn().intValue());
        }
        check("validateYaml: rule ids", ids, List.of("HPA102", "HPA103"));
        check("validateYaml: line and column", positions, List.of("11:3", "11:3"));
        check("format without the fix", HpaValidator.format(issues.get(0), IssueFormatOptions.builder().withFix(false).build()),
                "spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102]");
        Object manifest = new Yaml(new SafeConstructor(new LoaderOptions())).load(WEB_HPA_YAML);
        check("validate (a Map) gives the same issues", HpaValidator.validate(manifest, v135).size(), 2);
        check("validate (an empty Map) is one issue", HpaValidator.validate(Map.of()).get(0).getRuleId(), "HPA100");
        check("rules() lists HPA102", HpaValidator.rules().stream().anyMatch(r -> r.getRuleId().equals("HPA102")), true);
        App app = Testing.app();
        Chart chart = new Chart(app, "bad");
        HorizontalPodAutoscalerV2.Builder.create(chart, "Hpa")
                .target(ScaleTarget.fromReference(CrossVersionObjectReference.builder()
                        .apiVersion("apps/v1").kind("Deployment").name("web").build()))
                .minReplicas(2)
                .maxReplicas(1)
                .build();
        List<String> errors = new ArrayList<>();
        for (ValidationIssue issue : HpaValidator.validateApp(app)) {
            if (issue.getSeverity() == Severity.ERROR) {
                errors.add(issue.getConstructPath() + " " + issue.getRuleId());
            }
        }
        check("validateApp: construct path and rule id", errors, List.of("bad/Hpa HPA103"));
    }

    private static void checkSimulator() {
        App app = Testing.app();
        Chart chart = new Chart(app, "sim");
        Deployment web = Deployment.Builder.create(chart, "Web")
                .containers(List.of(ContainerProps.builder().image("nginx").build())).build();
        HorizontalPodAutoscalerV2 hpa = HorizontalPodAutoscalerV2.Builder.create(chart, "WebHpa")
                .target(web).minReplicas(1).maxReplicas(10)
                .metrics(List.of(Metric.resourceCpu(MetricTarget.averageUtilization(50)))).build();
        SimulationTrace trace = SimulationTrace.create()
                .at(0, "cpu", MetricObservation.perPodUsage(40))
                .at(60, "cpu", MetricObservation.perPodUsage(200))
                .at(150, "cpu", MetricObservation.perPodUsage(10));
        SimulationResult result = HpaSimulator.fromConstruct(hpa).run(trace, SimulationRunOptions.builder().until(480).build());
        List<SimulationStep> steps = result.getSteps();
        int max = 0;
        for (SimulationStep step : steps) {
            max = Math.max(max, step.getReplicas().intValue());
        }
        check("simulation: one step per 15 s sync", steps.size(), 33);
        check("simulation: scales up to maxReplicas", max, 10);
        check("simulation: back to 2 at the end", steps.get(steps.size() - 1).getReplicas().intValue(), 2);
        check("toCsv has a header and a row per step", result.toCsv().strip().split("\n").length, 34);
        check("toSvg is an SVG", result.toSvg().startsWith("<svg"), true);
        HpaSimulator fromManifest = HpaSimulator.fromManifest(
                new Yaml(new SafeConstructor(new LoaderOptions())).load(WEB_HPA_YAML.replace("maxReplicas: 0", "maxReplicas: 4")));
        check("fromManifest: metric ids", fromManifest.getMetricIds(), List.of("cpu"));
        SimulationTrace series = SimulationTrace.create()
                .at(0, "cpu", MetricObservation.podSamples(List.<Number>of(10, 20)))
                .at(30, "cpu", MetricObservation.totalUsage(100))
                .at(60, "cpu", MetricObservation.failure("down"))
                .scaleTo(90, 3);
        List<SimulationStep> s2 = fromManifest.run(series, SimulationRunOptions.builder().until(120).build()).getSteps();
        check("fromManifest runs", s2.get(s2.size() - 1).getReplicas().intValue() >= 2, true);
    }

    /**
     * An HPA that scales at once both ways, over a total CPU load (percent of one pod's request)
     * that needs 2, 4.8, 8, 2, 2.8, 2 replicas at its target of 50
     * (test/simulation/history-replay.test.ts works the replay out by hand).
     */
    private static final String HISTORY_HPA_YAML = String.join("\n",
            "apiVersion: autoscaling/v2",
            "kind: HorizontalPodAutoscaler",
            "metadata: {name: web}",
            "spec:",
            "  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}",
            "  minReplicas: 1",
            "  maxReplicas: MAX",
            "  metrics:",
            "    - {type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}",
            "  behavior:",
            "    scaleUp: {stabilizationWindowSeconds: 0, policies: [{type: Pods, value: 100, periodSeconds: 15}]}",
            "    scaleDown: {stabilizationWindowSeconds: 0}");

    /** A range-query response as curl saves Prometheus's: one series, a value every 15 s for 5 minutes from 2026-11-16T00:00:00Z. */
    private static String rangeResponse(final java.util.function.IntUnaryOperator value) {
        List<String> pairs = new ArrayList<>();
        for (int t = 0; t < 300; t += 15) {
            pairs.add("[" + (1794787200 + t) + ",\"" + value.applyAsInt(t) + "\"]");
        }
        return "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{\"app\":\"web\"},\"values\":["
                + String.join(",", pairs) + "]}]}}";
    }

    private static HpaSimulator historySimulator(final String max) {
        return HpaSimulator.fromManifest(new Yaml(new SafeConstructor(new LoaderOptions())).load(HISTORY_HPA_YAML.replace("MAX", max)));
    }

    private static void checkHistory() {
        PrometheusHistory history = PrometheusHistory.create()
                .metricFromJson("cpu", rangeResponse(t -> t < 60 ? 100 : t < 120 ? 240 : t < 180 ? 400 : t < 240 ? 100 : t < 270 ? 140 : 100),
                        HistoryMetricOptions.builder().load(HistoryLoad.TOTAL).build())
                .replicasFromJson(rangeResponse(t -> t < 120 ? 2 : 4));
        check("history: metrics", history.getMetrics(), List.of("cpu"));
        HpaSimulator current = historySimulator("6");
        HistoryReplay replay = current.replay(history);
        List<Integer> replicas = replay.getResult().getSteps().stream().map(s -> s.getReplicas().intValue()).collect(Collectors.toList());
        check("replay: replicas follow the history", replicas, List.of(2, 2, 2, 2, 5, 5, 5, 5, 6, 6, 6, 6, 2, 2, 2, 2, 3, 3, 2, 2));
        check("replay: replica-hours", replay.getMeasures().getReplicaHours().doubleValue(), 70.0 * 15 / 3600);
        check("replay: the recorded count", List.of(replay.getReplicasCheck().getSyncsEqual().intValue(),
                replay.getReplicasCheck().getLargestDifference().intValue()), List.of(4, 3));
        check("replay: the load step", List.of(replay.getLoadStep().getStart().intValue(), replay.getLoadStep().getEnd().intValue()), List.of(45, 120));
        HistoryComparison comparison = current.compare(historySimulator("8"), history, ReplayOptions.builder().until(285).build());
        ReplayMeasures candidate = comparison.getCandidate().getMeasures();
        check("compare: the candidate's reaction", List.of(candidate.getReaction().getRequiredReplicas().intValue(),
                candidate.getReaction().getSeconds().intValue()), List.of(8, 75));
        check("compare: the candidate above target", candidate.getAboveTarget().get(0).getSyncsAbove().intValue(), 3);
        check("toJson", comparison.toJson().contains("\"maxReplicas\": 8"), true);
        String html = comparison.toHtml(ReplayReportOptions.builder().baselineLabel("max 6").candidateLabel("max 8").width(800).build());
        check("toHtml: a page with the labels", html.startsWith("<!DOCTYPE html>") && html.contains("max 8"), true);
        check("toSvg", replay.toSvg().startsWith("<svg"), true);
    }

    private static void checkErrors() {
        String name = "a missing target is the NullPointerException of every jsii builder, naming it";
        try {
            HorizontalPodAutoscalerV2.Builder.create(new Chart(Testing.app(), "c"), "Hpa").maxReplicas(3).build();
            fail(name, "no exception");
        } catch (NullPointerException e) {
            check(name, String.valueOf(e.getMessage()).contains("target"), true);
        }
        name = "a quantity that is neither a number nor a String fails at the call, naming the parameter";
        try {
            MetricTarget.averageValue(Boolean.TRUE);
            fail(name, "no exception");
        } catch (RuntimeException e) {
            check(name + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")",
                    String.valueOf(e.getMessage()).contains("quantity"), true);
        }
    }

    private interface Step {
        void run() throws Exception;
    }

    public static void main(final String[] args) {
        Map<String, Step> steps = new java.util.LinkedHashMap<>();
        steps.put("checkSynth", Smoke::checkSynth);
        steps.put("checkValidationError", Smoke::checkValidationError);
        steps.put("checkFactories", Smoke::checkFactories);
        steps.put("checkValidator", Smoke::checkValidator);
        steps.put("checkSimulator", Smoke::checkSimulator);
        steps.put("checkHistory", Smoke::checkHistory);
        steps.put("checkErrors", Smoke::checkErrors);
        for (Map.Entry<String, Step> step : steps.entrySet()) {
            try {
                step.getValue().run();
            } catch (Exception e) {
                fail(step.getKey(), "unexpected exception: " + e);
                e.printStackTrace(System.out);
            }
        }
        System.out.println(LANG + " smoke: " + (failures > 0 ? "FAIL" : "PASS") + " (" + failures + " failed checks)");
        System.out.flush();
        // The jsii runtime keeps a child node process and threads: exit explicitly.
        System.exit(failures > 0 ? 1 : 0);
    }
}
