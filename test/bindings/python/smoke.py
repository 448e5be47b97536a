"""Python smoke test of the cdk8s-hpa wheel built by jsii-pacmak.

Builds a cdk8s app with a cdk8s-plus-27 Deployment and a HorizontalPodAutoscalerV2, synthesizes
it to YAML, reads the YAML back and checks the values; then checks that a validation error
surfaces as a Python exception. Prints one PASS/FAIL line per check and exits non-zero on any
failure. Run by test/bindings/run.sh inside a venv with the wheel installed.
"""
import glob
import os
import sys
import tempfile
import traceback

import yaml
from cdk8s import App, Chart, Duration, Size
import cdk8s_plus_27 as kplus
from cdk8s_hpa import (
    Behavior,
    ClusterProfile,
    DescribedObject,
    ExternalFallback,
    HorizontalPodAutoscalerV2,
    Metric,
    MetricTarget,
    ScalingPolicy,
    ScalingRules,
    SelectPolicy,
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


def main():
    for step in (check_synth, check_validation_error):
        try:
            step()
        except Exception:  # an unexpected exception is a failure of that step, not a crash
            fail(step.__name__, "unexpected exception:\n" + traceback.format_exc())
    print(f"{LANG} smoke: {'FAIL' if failures else 'PASS'} ({failures} failed checks)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
