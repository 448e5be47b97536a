"""Python smoke test of the cdk8s-hpa wheel built by jsii-pacmak.

Builds a cdk8s app with a cdk8s-plus-27 Deployment and a HorizontalPodAutoscalerV2, synthesizes
it to YAML, reads the YAML back and checks the values; then checks that a validation error
surfaces as a Python exception; then goes over the rest of the public API as a Python user
reaches it: every factory, the validator (object, YAML text, app), the simulator, the cluster
profile set on a scope, and the error a missing required prop gives. Prints one PASS/FAIL line per check and exits non-zero on any
failure. Run by test/bindings/run.sh inside a venv with the wheel installed.
"""
import glob
import os
import sys
import tempfile
import traceback

import yaml
from cdk8s import App, Chart, Duration, Size, Testing
import cdk8s_plus_27 as kplus
from cdk8s_hpa import (
    Behavior,
    ClusterProfile,
    DescribedObject,
    ExternalFallback,
    HistoryLoad,
    HorizontalPodAutoscalerV2,
    HpaSimulator,
    HpaValidator,
    Metric,
    MetricObservation,
    MetricTarget,
    Quantity,
    RuleLevel,
    ScaleTarget,
    ScalingPolicy,
    PrometheusHistory,
    ScalingRules,
    SelectPolicy,
    Severity,
    SimulationTrace,
)

LANG = "python"
failures = 0


def check(name, actual, expected):
    global failures
    if actual == expected:
        print(f"PASS {LANG}: {name}")
    else:
        failures += 1
        print(f"FAIL {LANG}: {name}: expected {expected!r}, got {actual!r}")


def fail(name, detail):
    global failures
    failures += 1
    print(f"FAIL {LANG}: {name}: {detail}")


def dig(obj, *path):
    """obj[path[0]][path[1]]..., or None when a step is missing."""
    for key in path:
        try:
            obj = obj[key]
        except (KeyError, IndexError, TypeError):
            return None
    return obj


def build_app(outdir, max_replicas):
    app = App(outdir=outdir)
    chart = Chart(app, "smoke")
    deployment = kplus.Deployment(
        chart,
        "Workers",
        containers=[
            kplus.ContainerProps(
                image="registry.example/worker:1.0",
                resources=kplus.ContainerResources(
                    cpu=kplus.CpuResources(request=kplus.Cpu.millis(250)),
                    memory=kplus.MemoryResources(request=Size.mebibytes(256)),
                ),
            )
        ],
    )
    HorizontalPodAutoscalerV2(
        chart,
        "Hpa",
        target=deployment,
        min_replicas=2,
        max_replicas=max_replicas,
        metrics=[
            Metric.external(
                name="queue_depth",
                selector=kplus.LabelSelector.of(labels={"queue": "worker_tasks"}),
                target=MetricTarget.average_value(30),
                # failureDuration left out: the 3-minute default must render as '3m'
                fallback=ExternalFallback.replicas(10),
            ),
            Metric.resource_cpu(MetricTarget.average_utilization(70)),
            Metric.object(
                described_object=DescribedObject.from_reference(
                    api_version="networking.k8s.io/v1", kind="Ingress", name="main-route"
                ),
                name="requests-per-second",
                target=MetricTarget.value("2k"),
            ),
        ],
        behavior=Behavior.of(
            scale_up=ScalingRules(
                policies=[ScalingPolicy.pods(4, Duration.seconds(60))],
                select_policy=SelectPolicy.MAX,
            ),
            scale_down=ScalingRules(
                stabilization_window=Duration.minutes(5),
                policies=[ScalingPolicy.percent(50, Duration.minutes(1))],
                select_policy=SelectPolicy.MIN,
            ),
        ),
        cluster=ClusterProfile.of(
            version="1.36", feature_gates={"HPAExternalMetricFallback": True}
        ),
    )
    return app, deployment


def check_synth():
    outdir = tempfile.mkdtemp(prefix="cdk8s-hpa-py-")
    app, deployment = build_app(outdir, 20)
    app.synth()
    files = sorted(glob.glob(os.path.join(outdir, "*.yaml")))
    check("synth writes one YAML file", len(files), 1)
    if not files:
        return
    with open(files[0], encoding="utf-8") as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    hpas = [d for d in docs if d.get("kind") == "HorizontalPodAutoscaler"]
    deps = [d for d in docs if d.get("kind") == "Deployment"]
    check("one HorizontalPodAutoscaler in the manifest", len(hpas), 1)
    check("one Deployment in the manifest", len(deps), 1)
    if not hpas or not deps:
        return
    hpa, dep = hpas[0], deps[0]
    spec = hpa.get("spec", {})
    check("kind", hpa.get("kind"), "HorizontalPodAutoscaler")
    check("apiVersion", hpa.get("apiVersion"), "autoscaling/v2")
    check("spec.minReplicas", spec.get("minReplicas"), 2)
    check("spec.maxReplicas", spec.get("maxReplicas"), 20)
    check("spec.scaleTargetRef.kind", dig(spec, "scaleTargetRef", "kind"), "Deployment")
    check("spec.scaleTargetRef.apiVersion", dig(spec, "scaleTargetRef", "apiVersion"), "apps/v1")
    check("spec.scaleTargetRef.name is the Deployment's name",
          dig(spec, "scaleTargetRef", "name"), deployment.name)
    check("Deployment metadata.name", dig(dep, "metadata", "name"), deployment.name)
    check("Deployment renders no replicas (it is autoscaled)", dig(dep, "spec", "replicas"), None)
    check("container cpu request", dig(dep, "spec", "template", "spec", "containers", 0,
                                       "resources", "requests", "cpu"), "250m")
    check("metrics[0].type", dig(spec, "metrics", 0, "type"), "External")
    ext = dig(spec, "metrics", 0, "external")
    check("external metric name", dig(ext, "metric", "name"), "queue_depth")
    check("external metric selector", dig(ext, "metric", "selector", "matchLabels", "queue"),
          "worker_tasks")
    check("external target type", dig(ext, "target", "type"), "AverageValue")
    check("external target averageValue", str(dig(ext, "target", "averageValue")), "30")
    check("fallback.replicas", dig(ext, "fallback", "replicas"), 10)
    check("fallback.failureDuration (default)", dig(ext, "fallback", "failureDuration"), "3m")
    check("metrics[1].type", dig(spec, "metrics", 1, "type"), "Resource")
    check("metrics[1] cpu at 70% utilization", dig(spec, "metrics", 1, "resource"),
          {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}})
    check("metrics[2].type (Metric.object)", dig(spec, "metrics", 2, "type"), "Object")
    check("metrics[2].object.describedObject", dig(spec, "metrics", 2, "object", "describedObject"),
          {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "name": "main-route"})
    check("metrics[2].object.metric.name", dig(spec, "metrics", 2, "object", "metric", "name"),
          "requests-per-second")
    check("metrics[2].object.target", dig(spec, "metrics", 2, "object", "target"),
          {"type": "Value", "value": "2k"})
    up = dig(spec, "behavior", "scaleUp")
    down = dig(spec, "behavior", "scaleDown")
    check("scaleUp.policies[0]", dig(up, "policies", 0),
          {"type": "Pods", "value": 4, "periodSeconds": 60})
    check("scaleUp.selectPolicy", dig(up, "selectPolicy"), "Max")
    check("scaleDown.policies[0].periodSeconds", dig(down, "policies", 0, "periodSeconds"), 60)
    check("scaleDown.policies[0].type", dig(down, "policies", 0, "type"), "Percent")
    check("scaleDown.selectPolicy", dig(down, "selectPolicy"), "Min")
    check("scaleDown.stabilizationWindowSeconds", dig(down, "stabilizationWindowSeconds"), 300)


def check_validation_error():
    name = "maxReplicas 0 makes app.synth() raise with spec.maxReplicas and [HPA102]"
    outdir = tempfile.mkdtemp(prefix="cdk8s-hpa-py-bad-")
    app, _ = build_app(outdir, 0)
    try:
        app.synth()
    except Exception as e:  # jsii surfaces the JavaScript error as a Python exception
        message = str(e)
        if "spec.maxReplicas" in message and "[HPA102]" in message:
            print(f"PASS {LANG}: {name} ({type(e).__name__})")
        else:
            fail(name, f"raised {type(e).__name__} without them: {message[:500]}")
        return
    fail(name, "app.synth() did not raise")


WEB_HPA_YAML = """apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 0
"""


def check_factories():
    app = Testing.app()
    chart = Chart(app, "factories")
    ClusterProfile.of(version="1.36", feature_gates={"HPAExternalMetricFallback": True}).apply_to(chart)
    api = kplus.Deployment(chart, "Api", containers=[kplus.ContainerProps(
        name="app", image="api",
        resources=kplus.ContainerResources(cpu=kplus.CpuResources(request=kplus.Cpu.millis(100)),
                                           memory=kplus.MemoryResources(request=Size.mebibytes(128))))])
    hpa = HorizontalPodAutoscalerV2(
        chart, "Hpa",
        target=ScaleTarget.from_scalable(api),
        min_replicas=2,
        max_replicas=9,
        metrics=[
            Metric.resource("ephemeral-storage", MetricTarget.average_value_quantity(Quantity.parse("100Mi"))),
            Metric.resource_memory(MetricTarget.average_utilization(80)),
            Metric.container_resource(container="app", resource="cpu", target=MetricTarget.average_utilization(60)),
            Metric.pods(name="rps", target=MetricTarget.average_value(Quantity.of(5).to_string())),
            Metric.object(described_object=DescribedObject.from_resource(api), name="hits",
                          target=MetricTarget.value_quantity(Quantity.of(100))),
            Metric.external(name="q", target=MetricTarget.value(7),
                            fallback=ExternalFallback.replicas(3, failure_duration=Duration.minutes(2))),
        ],
        rule_levels={"HPA404": RuleLevel.OFF},
    )
    hpa.add_metric(Metric.resource_cpu(MetricTarget.average_utilization(50)))
    check("ClusterProfile.apply_to: the HPA below uses it", hpa.cluster.version, "1.36")
    check("ClusterProfile.lookup(chart)", ClusterProfile.lookup(chart).version, "1.36")
    check("ClusterProfile.default_profile() has a version", bool(ClusterProfile.default_profile().version), True)
    check("validate_chart: no issues", [HpaValidator.format(i) for i in HpaValidator.validate_chart(chart)], [])
    manifests = Testing.synth(chart)
    spec = next(m for m in manifests if m["kind"] == "HorizontalPodAutoscaler")["spec"]
    check("metric types, add_metric last", [m["type"] for m in spec["metrics"]],
          ["Resource", "Resource", "ContainerResource", "Pods", "Object", "External", "Resource"])
    check("Quantity.parse renders as given", spec["metrics"][0]["resource"]["target"],
          {"type": "AverageValue", "averageValue": "100Mi"})
    check("Quantity.of renders as a quantity string", spec["metrics"][4]["object"]["target"],
          {"type": "Value", "value": "100"})
    check("Object metric from_resource", spec["metrics"][4]["object"]["describedObject"]["kind"], "Deployment")
    check("fallback failureDuration", spec["metrics"][5]["external"]["fallback"],
          {"failureDuration": "2m", "replicas": 3})


def check_validator():
    issues = HpaValidator.validate_yaml(WEB_HPA_YAML, cluster=ClusterProfile.of(version="1.35"))
    check("validate_yaml: rule ids", [i.rule_id for i in issues], ["HPA102", "HPA103"])
    check("validate_yaml: line and column", [(i.line, i.column) for i in issues], [(11, 3), (11, 3)])
    check("format without the fix", HpaValidator.format(issues[0], with_fix=False),
          "spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102]")
    as_dict = yaml.safe_load(WEB_HPA_YAML)
    check("validate (a dict) gives the same rule ids",
          [i.rule_id for i in HpaValidator.validate(as_dict, cluster=ClusterProfile.of(version="1.35"))],
          ["HPA102", "HPA103"])
    check("validate ({}) is one issue", [i.rule_id for i in HpaValidator.validate({})], ["HPA100"])
    check("rules() lists HPA102", any(r.rule_id == "HPA102" for r in HpaValidator.rules()), True)
    app = Testing.app()
    chart = Chart(app, "bad")
    HorizontalPodAutoscalerV2(chart, "Hpa", target=ScaleTarget.from_reference(
        api_version="apps/v1", kind="Deployment", name="web"), min_replicas=2, max_replicas=1)
    errors = [i for i in HpaValidator.validate_app(app) if i.severity == Severity.ERROR]
    check("validate_app: construct path and rule id", [(i.construct_path, i.rule_id) for i in errors],
          [("bad/Hpa", "HPA103")])


def check_simulator():
    app = Testing.app()
    chart = Chart(app, "sim")
    web = kplus.Deployment(chart, "Web", containers=[kplus.ContainerProps(image="nginx")])
    hpa = HorizontalPodAutoscalerV2(chart, "WebHpa", target=web, min_replicas=1, max_replicas=10,
                                    metrics=[Metric.resource_cpu(MetricTarget.average_utilization(50))])
    trace = (SimulationTrace.create()
             .at(0, "cpu", MetricObservation.per_pod_usage(40))
             .at(60, "cpu", MetricObservation.per_pod_usage(200))
             .at(150, "cpu", MetricObservation.per_pod_usage(10)))
    result = HpaSimulator.from_construct(hpa).run(trace, until=480)
    replicas = [s.replicas for s in result.steps]
    check("simulation: one step per 15 s sync", len(result.steps), 33)
    check("simulation: scales up to maxReplicas", max(replicas), 10)
    check("simulation: back to 2 at the end", replicas[-1], 2)
    check("to_csv has a header and a row per step", len(result.to_csv().strip().splitlines()), 34)
    check("to_svg is an SVG", result.to_svg().startswith("<svg"), True)
    from_manifest = HpaSimulator.from_manifest(yaml.safe_load(WEB_HPA_YAML.replace("maxReplicas: 0", "maxReplicas: 4")))
    check("from_manifest: metric ids", from_manifest.metric_ids, ["cpu"])
    series = SimulationTrace.create().at(0, "cpu", MetricObservation.pod_samples([10, 20])) \
        .at(30, "cpu", MetricObservation.total_usage(100)).at(60, "cpu", MetricObservation.failure("down")) \
        .scale_to(90, 3)
    check("from_manifest runs", from_manifest.run(series, until=120).steps[-1].replicas >= 2, True)


# An HPA that scales at once both ways, over a total CPU load (percent of one pod's request) that
# needs 2, 4.8, 8, 2, 2.8, 2 replicas at its target of 50 (test/simulation/history-replay.test.ts
# works the replay out by hand).
HISTORY_HPA_YAML = """
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: MAX
  metrics:
    - {type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}
  behavior:
    scaleUp: {stabilizationWindowSeconds: 0, policies: [{type: Pods, value: 100, periodSeconds: 15}]}
    scaleDown: {stabilizationWindowSeconds: 0}
"""
HISTORY_START = 1794787200


def range_response(values):
    """A range-query response as curl saves Prometheus's: one series, [seconds after the start, value] pairs."""
    pairs = ",".join(f'[{HISTORY_START + t},"{v}"]' for t, v in values)
    return '{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"app":"web"},"values":[' + pairs + "]}]}}"


def check_history():
    def total(t):
        return 100 if t < 60 else 240 if t < 120 else 400 if t < 180 else 100 if t < 240 else 140 if t < 270 else 100
    steps = range(0, 300, 15)
    history = (PrometheusHistory.create()
               .metric_from_json("cpu", range_response([(t, total(t)) for t in steps]), load=HistoryLoad.TOTAL)
               .replicas_from_json(range_response([(t, 2 if t < 120 else 4) for t in steps])))
    check("history: metrics", history.metrics, ["cpu"])
    current = HpaSimulator.from_manifest(yaml.safe_load(HISTORY_HPA_YAML.replace("MAX", "6")))
    wider = HpaSimulator.from_manifest(yaml.safe_load(HISTORY_HPA_YAML.replace("MAX", "8")))
    replay = current.replay(history)
    check("replay: replicas follow the history", [s.replicas for s in replay.result.steps],
          [2, 2, 2, 2, 5, 5, 5, 5, 6, 6, 6, 6, 2, 2, 2, 2, 3, 3, 2, 2])
    check("replay: replica-hours", replay.measures.replica_hours, 70 * 15 / 3600)
    check("replay: the recorded count", (replay.replicas_check.syncs_equal, replay.replicas_check.largest_difference), (4, 3))
    check("replay: the load step", (replay.load_step.start, replay.load_step.end), (45, 120))
    comparison = current.compare(wider, history, until=285)
    candidate = comparison.candidate.measures
    check("compare: the candidate's reaction", (candidate.reaction.required_replicas, candidate.reaction.seconds), (8, 75))
    check("compare: the candidate above target", candidate.above_target[0].syncs_above, 3)
    check("to_json", [s["maxReplicas"] for s in __import__("json").loads(comparison.to_json())["specs"]], [6, 8])
    html = comparison.to_html(baseline_label="max 6", candidate_label="max 8", width=800)
    check("to_html: a page with the labels", html.startswith("<!DOCTYPE html>") and "max 8" in html, True)
    check("to_svg", replay.to_svg().startswith("<svg"), True)


def check_missing_target():
    name = "a missing target is Python's TypeError naming it"
    try:
        HorizontalPodAutoscalerV2(Chart(Testing.app(), "c"), "Hpa", max_replicas=3)
    except TypeError as e:
        if "target" in str(e):
            print(f"PASS {LANG}: {name} ({e})")
        else:
            fail(name, f"TypeError without the prop's name: {e}")
        return
    fail(name, "no TypeError")


def main():
    for step in (check_synth, check_validation_error, check_factories, check_validator, check_simulator,
                 check_history, check_missing_target):
        try:
            step()
        except Exception:  # an unexpected exception is a failure of that step, not a crash
            fail(step.__name__, "unexpected exception:\n" + traceback.format_exc())
    print(f"{LANG} smoke: {'FAIL' if failures else 'PASS'} ({failures} failed checks)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
