#!/usr/bin/env python3
"""Tunes every HPA of a fleet with HpaTuner (the Python package cdk8s_hpa), one task per HPA.

    python tune_fleet.py fleet.yaml --out results                     # here, one HPA after another
    python tune_fleet.py fleet.yaml --out results --scheduler tcp://dask-scheduler:8786

With a Dask scheduler (--scheduler, or DASK_SCHEDULER_ADDRESS) each HPA is a task on the cluster's
workers; without one, the same tasks run in this process. Each HPA's result is written to
<out>/<namespace>/<name>.json as its task finishes, and an HPA whose result is there already is
skipped: a run that stopped halfway is resumed by running it again. The result is HpaTuner's
TuningResult as JSON, with the field names of `cdk8s-hpa tune --format json` and the keys sorted,
so the same fleet gives the same bytes however it ran. See README.md.
"""
import argparse
import json
import math
import os
import re
import shlex
import sys
import time

import yaml

# The settings an entry of the fleet file may have, besides `hpa`, `name`, `history`, `replicas`.
SETTINGS = ("load", "podRequests", "initialReplicas", "cluster", "limits", "vary", "bounds", "maxReplays")
# TuningLimits, by their TypeScript and Python names; the durations are written as the command line writes them.
LIMITS = {"maxAboveTarget": "max_above_target", "thresholds": "thresholds", "maxReaction": "max_reaction",
          "maxDirectionChanges": "max_direction_changes", "maxTimeAtMax": "max_time_at_max"}
DURATIONS = ("maxReaction", "maxTimeAtMax")
# HistoryLoad, by the names the command line's --load takes (any case).
LOADS = {"total": "TOTAL", "perpod": "PER_POD", "podsamples": "POD_SAMPLES"}


class FleetError(Exception):
    """A fleet file that cannot be read: said before any HPA is tuned."""


# ---- the fleet file ----------------------------------------------------------------------------

def read_fleet(path):
    """The fleet's jobs, in file order: each HPA's manifest, history files and settings."""
    with open(path, encoding="utf-8") as f:
        fleet = yaml.safe_load(f) or {}
    base = os.path.dirname(os.path.abspath(path))
    defaults = fleet.get("defaults") or {}
    check_settings(defaults, f"{path}: defaults")
    jobs, seen = [], {}
    for i, entry in enumerate(fleet.get("hpas") or []):
        where = f"{path}: hpas[{i}]"
        check_settings({k: v for k, v in entry.items() if k not in ("hpa", "name", "history", "replicas")}, where)
        if "hpa" not in entry or not entry.get("history"):
            raise FleetError(f"{where}: needs `hpa` (a YAML or JSON file) and `history` (metric: file)")
        file = os.path.join(base, entry["hpa"])
        manifest = pick_hpa(file, entry.get("name"), where)
        meta = manifest.get("metadata") or {}
        hpa_id = f"{meta.get('namespace') or 'default'}/{meta.get('name')}"
        if hpa_id in seen:
            raise FleetError(f"{where}: {hpa_id} is also hpas[{seen[hpa_id]}]: each HPA once")
        seen[hpa_id] = i
        files = lambda v: [os.path.join(base, p) for p in (v if isinstance(v, list) else [v])]
        jobs.append({
            "id": hpa_id,
            "hpa_file": file,
            "name": entry.get("name"),
            "manifest": manifest,
            "history": {metric: files(v) for metric, v in entry["history"].items()},
            "replicas": files(entry["replicas"]) if entry.get("replicas") else [],
            "settings": {**defaults, **{k: entry[k] for k in SETTINGS if k in entry}},
        })
    if not jobs:
        raise FleetError(f"{path}: no HPA under `hpas`")
    return jobs


def check_settings(settings, where):
    """Says what is wrong with an entry's settings before any HPA is tuned (the tuner says the rest)."""
    unknown = sorted(set(settings) - set(SETTINGS))
    if unknown:
        raise FleetError(f"{where}: unknown setting {', '.join(unknown)} (known: hpa, name, history, replicas, {', '.join(SETTINGS)})")
    for metric, load in (settings.get("load") or {}).items():
        if str(load).lower() not in LOADS:
            raise FleetError(f"{where}: load: {metric}: {load!r} is not total, perPod or podSamples")
    limits = settings.get("limits") or {}
    unknown = sorted(set(limits) - set(LIMITS))
    if unknown:
        raise FleetError(f"{where}: limits: unknown {', '.join(unknown)} (known: {', '.join(LIMITS)})")
    for key in DURATIONS:
        if key in limits:
            seconds(limits[key], f"{where}: limits: {key}")
    for setting, r in (settings.get("bounds") or {}).items():
        if not (isinstance(r, dict) and set(r) == {"min", "max"}):
            raise FleetError(f"{where}: bounds: {setting}: give {{min: <low>, max: <high>}}")


def pick_hpa(file, name, where):
    """The HorizontalPodAutoscaler of a YAML or JSON file (other kinds are skipped), or the one named."""
    with open(file, encoding="utf-8") as f:
        docs = [d for d in yaml.safe_load_all(f) if isinstance(d, dict)]
    hpas = [d for d in docs if d.get("kind") == "HorizontalPodAutoscaler"]
    if name is not None:
        hpas = [d for d in hpas if (d.get("metadata") or {}).get("name") == name]
    if len(hpas) != 1:
        raise FleetError(f"{where}: {file} has {len(hpas)} HorizontalPodAutoscalers{f' named {name}' if name else ''}: give one (or `name`)")
    return hpas[0]


def seconds(text, what):
    """A duration as the command line writes one (90s, 5m, 1h30m), or a number of seconds."""
    if isinstance(text, (int, float)):
        return text
    parts = re.findall(r"(\d+(?:\.\d+)?)(h|m|s)", str(text))
    if not parts or "".join(n + u for n, u in parts) != str(text):
        raise FleetError(f"{what}: {text!r} is not a duration (90s, 5m, 1h30m)")
    return sum(float(n) * {"h": 3600, "m": 60, "s": 1}[u] for n, u in parts)


# ---- one HPA: the task -------------------------------------------------------------------------

def tune_one(task):
    """Tunes one HPA on the history texts the task carries; returns its result as JSON text."""
    started = time.monotonic()
    try:
        # Imported in the task: a Dask worker process starts its jsii kernel (a Node.js process)
        # on its first HPA and keeps it for the next ones.
        import cdk8s_hpa as hpa
        settings = task["settings"]
        loads = settings.get("load") or {}
        history = hpa.PrometheusHistory.create()
        for metric, texts in task["history"].items():
            load = loads.get(metric)
            for text in texts:
                history.metric_from_json(metric, text, load=load and getattr(hpa.HistoryLoad, LOADS[str(load).lower()]))
        for text in task["replicas"]:
            history.replicas_from_json(text)
        tuner = hpa.HpaTuner.from_manifest(task["manifest"], **tuner_options(hpa, settings))
        text = json.dumps(plain(tuner.tune(history)), indent=2, sort_keys=True, allow_nan=False) + "\n"
        return {"id": task["id"], "json": text, "seconds": time.monotonic() - started, "where": where_am_i()}
    except Exception as e:  # reported with the HPA's id; the other HPAs go on
        return {"id": task["id"], "error": f"{type(e).__name__}: {e}", "seconds": time.monotonic() - started, "where": where_am_i()}


def tuner_options(hpa, settings):
    """HpaTunerOptions (as Python keyword arguments) from an entry's settings."""
    from cdk8s import Duration
    options = {}
    if "podRequests" in settings:
        options["pod_requests"] = settings["podRequests"]
    if "initialReplicas" in settings:
        options["initial_replicas"] = settings["initialReplicas"]
    if "cluster" in settings:
        c = settings["cluster"]
        options["cluster"] = hpa.ClusterProfile.of(version=c.get("version"), feature_gates=c.get("featureGates"))
    if "limits" in settings:
        options["limits"] = hpa.TuningLimits(**{
            LIMITS[key]: Duration.seconds(seconds(value, key)) if key in DURATIONS else value
            for key, value in settings["limits"].items()
        })
    if "vary" in settings:
        options["vary"] = list(settings["vary"])
    if "bounds" in settings:
        options["bounds"] = {k: hpa.TuningRange(min=r["min"], max=r["max"]) for k, r in settings["bounds"].items()}
    if "maxReplays" in settings:
        options["max_replays"] = settings["maxReplays"]
    return options


def plain(value):
    """A value from the jsii runtime as plain JSON data: a struct becomes an object with its
    TypeScript field names (jsii's data_type decorator keeps them in __jsii_name_mapping__),
    leaving out the fields it does not have, as JSON.stringify does; a number that is not finite
    becomes null, as in JSON.stringify."""
    mapping = getattr(type(value), "__jsii_name_mapping__", None)
    if mapping is not None:
        fields = ((js, getattr(value, py)) for py, js in mapping.items())
        return {js: plain(v) for js, v in fields if v is not None}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    raise TypeError(f"no JSON for {type(value).__name__}")


def where_am_i():
    """The Dask worker running this task, or `here` in a single process."""
    try:
        from distributed import get_worker
        return get_worker().address
    except (ImportError, ValueError):
        return "here"


def installed_version():
    """The cdk8s-hpa package this process would tune with (None: not installed)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("cdk8s-hpa")
    except PackageNotFoundError:
        return None


# ---- the run -----------------------------------------------------------------------------------

def result_path(out, hpa_id):
    return os.path.join(out, *hpa_id.split("/")) + ".json"


def task_of(job):
    """What a worker needs: the manifest, the settings and the history files' text (workers on
    another machine do not see this one's files)."""
    def read(path):
        with open(path, encoding="utf-8") as f:
            return f.read()
    return {
        "id": job["id"],
        "manifest": job["manifest"],
        "settings": job["settings"],
        "history": {metric: [read(p) for p in paths] for metric, paths in job["history"].items()},
        "replicas": [read(p) for p in job["replicas"]],
    }


def write_result(out, result):
    """Writes one HPA's result whole (a temporary file renamed), so a stopped run leaves none half-written."""
    path = result_path(out, result["id"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(result["json"])
    os.replace(tmp, path)
    return path


def run_here(tasks):
    for task in tasks:
        yield tune_one(task)


def run_on_dask(address, tasks, wait_for, in_flight):
    """Each task on the cluster's workers, yielded as each finishes. At most `in_flight` tasks
    (each carries its history's text) are submitted at once; by default twice the threads the
    cluster has when a task finishes, so workers added meanwhile get tasks too."""
    from distributed import Client, as_completed
    with Client(address, timeout="60s") as client:
        if wait_for:
            client.wait_for_workers(wait_for, timeout=300)
        versions = client.run(installed_version)
        missing = sorted(w for w, v in versions.items() if v is None)
        if missing:
            raise FleetError(f"no cdk8s-hpa on the workers {', '.join(missing)}: install the wheel (and Node.js) in the workers' image")
        if len(set(versions.values())) > 1:
            raise FleetError(f"the workers have different cdk8s-hpa versions: {versions}")
        threads = lambda: sum(client.nthreads().values())
        print(f"tune-fleet: {address}: {len(versions)} workers, {threads()} threads, cdk8s-hpa {next(iter(versions.values()))}", flush=True)
        tasks = iter(tasks)
        running = as_completed()
        submitted = 0

        def submit_more():
            nonlocal submitted
            limit = in_flight or 2 * max(1, threads())
            while submitted < limit:
                task = next(tasks, None)
                if task is None:
                    return
                running.add(client.submit(tune_one, task, pure=False))
                submitted += 1

        submit_more()
        for future in running:
            submitted -= 1
            yield future.result()
            future.release()
            submit_more()


def cli_command(job):
    """The `cdk8s-hpa tune` command line that tunes the same HPA with the same settings."""
    rel = lambda p: os.path.relpath(p)
    s = job["settings"]
    args = ["cdk8s-hpa", "tune", "--hpa", rel(job["hpa_file"])]
    if job["name"]:
        args += ["--name", job["name"]]
    for metric, paths in job["history"].items():
        for p in paths:
            args += ["--history", f"{metric}={rel(p)}"]
    for p in job["replicas"]:
        args += ["--replicas-history", rel(p)]
    for metric, load in (s.get("load") or {}).items():
        args += ["--load", f"{metric}={load}"]
    for resource, q in (s.get("podRequests") or {}).items():
        args += ["--pod-request", f"{resource}={q}"]
    if "initialReplicas" in s:
        args += ["--initial-replicas", str(s["initialReplicas"])]
    cluster = s.get("cluster") or {}
    if "version" in cluster:
        args += ["--k8s-version", str(cluster["version"])]
    if cluster.get("featureGates"):
        args += ["--feature-gates", ",".join(f"{g}={str(on).lower()}" for g, on in cluster["featureGates"].items())]
    limits = s.get("limits") or {}
    for metric, v in (limits.get("maxAboveTarget") or {}).items():
        args += ["--max-above-target", f"{metric}={v}"]
    for metric, v in (limits.get("thresholds") or {}).items():
        args += ["--threshold", f"{metric}={v}"]
    for key, flag in (("maxReaction", "--max-reaction"), ("maxTimeAtMax", "--max-time-at-max")):
        if key in limits:
            args += [flag, f"{seconds(limits[key], key):g}s"]
    if "maxDirectionChanges" in limits:
        args += ["--max-direction-changes", str(limits["maxDirectionChanges"])]
    bounds = s.get("bounds") or {}
    vary = list(s.get("vary") or (["targets", "windows", "policies"] if bounds else []))
    vary = [f"{v}={bounds[v]['min']:g}..{bounds[v]['max']:g}" if v in bounds else v for v in vary]
    vary += [f"{k}={r['min']:g}..{r['max']:g}" for k, r in bounds.items() if k not in (s.get("vary") or [])]
    if vary:
        args += ["--vary", ",".join(vary)]
    if "maxReplays" in s:
        args += ["--max-replays", str(s["maxReplays"])]
    return shlex.join(args)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fleet", help="the fleet file (see README.md)")
    parser.add_argument("--out", help="the directory of the results, <namespace>/<name>.json")
    parser.add_argument("--scheduler", default=os.environ.get("DASK_SCHEDULER_ADDRESS"),
                        help="a Dask scheduler's address, tcp://host:8786 (default: $DASK_SCHEDULER_ADDRESS; "
                             "without one, every HPA is tuned in this process)")
    parser.add_argument("--single-process", action="store_true", help="tune here even when a scheduler is given")
    parser.add_argument("--wait-for-workers", type=int, default=0, metavar="N",
                        help="wait until the cluster has N workers before the first task")
    parser.add_argument("--in-flight", type=int, default=0, metavar="N",
                        help="the most tasks submitted at once (default: twice the cluster's threads)")
    parser.add_argument("--cli", action="store_true",
                        help="print each HPA's `cdk8s-hpa tune` command line instead (the same search, as text)")
    args = parser.parse_args(argv)
    try:
        jobs = read_fleet(args.fleet)
        if args.cli:
            for job in jobs:
                print(cli_command(job))
            return 0
        if not args.out:
            parser.error("--out is required (or --cli)")
        todo = [j for j in jobs if not os.path.exists(result_path(args.out, j["id"]))]
        if len(todo) < len(jobs):
            print(f"tune-fleet: {len(jobs) - len(todo)} of {len(jobs)} HPAs have a result in {args.out}: skipped", flush=True)
        tasks = (task_of(j) for j in todo)
        started = time.monotonic()
        if args.scheduler and not args.single_process:
            results = run_on_dask(args.scheduler, tasks, args.wait_for_workers, args.in_flight)
        else:
            results = run_here(tasks)
        done = failed = 0
        for result in results:
            if "error" in result:
                failed += 1
                print(f"tune-fleet: FAILED {result['id']} ({result['where']}): {result['error']}", file=sys.stderr, flush=True)
                continue
            done += 1
            path = write_result(args.out, result)
            print(f"tune-fleet: {result['id']}: {path} ({result['seconds']:.1f}s on {result['where']})", flush=True)
        print(f"tune-fleet: {done} tuned, {len(jobs) - len(todo)} skipped, {failed} failed in {time.monotonic() - started:.1f}s", flush=True)
        return 1 if failed else 0
    except FleetError as e:
        print(f"tune-fleet: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
