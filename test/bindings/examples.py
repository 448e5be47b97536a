#!/usr/bin/env python3
"""Documentation examples of the built packages, extracted and wrapped so each language's own
compiler can check them (test/bindings/run.sh runs this).

  examples.py extract LANG OUTDIR SOURCE [PAGE.md...]
                                             writes one compilable file per example to OUTDIR
  examples.py python-check OUTDIR PYTHON     compiles the Python examples, runs the README ones
  examples.py report LANG OUTDIR LOG          reads the compiler's (or the runs') output in LOG,
                                              prints one PASS/FAIL line per example and the count

Where the examples come from, as each registry shows them:
  python  the wheel: the README in its METADATA (```python fences) and `Example::` blocks of the
          docstrings in cdk8s_hpa/__init__.py
  java    the sources jar: <blockquote><pre> blocks of package-info.java (the README: Java code is
          told from YAML, console and text blocks by its statements ending in `;`) and of each
          class's Javadoc
  go      the module: README.md (```go fences) and `// Example:` blocks of the doc comments
and, from the repository, the docs pages given (PAGE.md: ```python, ```java and ```go fences, each
a whole program, the translation of the TypeScript example above it; a Python one runs unless its
fence says `compile-only`, and each line it prints must be on its page).

Each example is wrapped in the fixture the TypeScript original compiled in (rosetta/default.ts-fixture):
the imports, a Chart subclass whose constructor holds the example (`this`/`self` is the chart), and
a value for each name the example only declares (`declare const deployment: kplus.Deployment`).
Python examples from the README are also run; the one README example that shows synth failing
must fail with the rule ids its text shows.
"""
import html
import json
import os
import re
import sys
import textwrap
import zipfile

# README sections whose example must fail synth, with the rule ids the README prints for it.
EXPECTED_SYNTH_ERRORS = {"Every mistake at once": ["HPA103", "HPA301", "HPA123"]}

# ---- extraction ------------------------------------------------------------------------------

def fences(markdown, lang, info=False):
    """(heading, code) of each ```lang block of a markdown text; with info, (heading, code, info, line)."""
    found, heading = [], ""
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#") and not line.startswith("#!"):
            heading = line.lstrip("#").strip()
        m = re.match(r"^```(\w*)\s*(.*)$", line)
        if m:
            body, first = [], i + 2
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            if m.group(1) == lang:
                code = "\n".join(body)
                found.append((heading, code, m.group(2), first) if info else (heading, code))
        i += 1
    return found


def python_examples(wheel):
    out = []
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
        readme = text.split("\n\n", 1)[1] if "\n\n" in text else ""
        python_examples.readme = readme
        for heading, code in fences(readme, "python"):
            out.append({"where": "README: " + heading, "heading": heading, "code": code, "run": True})
        src = z.read("cdk8s_hpa/__init__.py").decode()
    lines = src.splitlines()
    owner = ""
    for i, line in enumerate(lines):
        m = re.match(r"^class (\w+)", line)
        if m:
            owner = m.group(1)
        if line.strip() == "Example::":
            indent = len(line) - len(line.lstrip())
            body = []
            j = i + 2
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                body.append(lines[j])
                j += 1
            code = textwrap.dedent("\n".join(body)).strip("\n")
            if code.endswith("'''"):
                code = code[:-3].rstrip()
            out.append({"where": "docstring of " + owner, "code": code, "run": False})
    return out


def javadoc_blocks(source):
    blocks, cur = [], None
    for line in source.splitlines():
        text = re.sub(r"^\s*\* ?", "", line) if line.strip().startswith("*") else None
        if text is None:
            continue
        if text.strip() == "<blockquote><pre>":
            cur = []
        elif text.strip() == "</pre></blockquote>":
            if cur is not None:
                blocks.append(html.unescape("\n".join(cur)))
            cur = None
        elif cur is not None:
            cur.append(text)
    return blocks


def is_java(code):
    lines = [l for l in code.splitlines() if l.strip()]
    return bool(lines) and not lines[0].startswith("$ ") and any(l.rstrip().endswith(";") for l in lines)


def java_examples(sources_jar):
    out = []
    with zipfile.ZipFile(sources_jar) as z:
        for name in sorted(z.namelist()):
            if not name.endswith(".java"):
                continue
            cls = os.path.basename(name)[:-5]
            for code in javadoc_blocks(z.read(name).decode()):
                if cls == "package-info":
                    if is_java(code):
                        out.append({"where": "README (package-info)", "code": code})
                else:
                    out.append({"where": "Javadoc of " + cls, "code": code})
    return out


def go_examples(module_dir):
    out = []
    with open(os.path.join(module_dir, "README.md")) as f:
        for heading, code in fences(f.read(), "go"):
            out.append({"where": "README: " + heading, "code": code})
    for name in sorted(os.listdir(module_dir)):
        if not name.endswith(".go"):
            continue
        lines = open(os.path.join(module_dir, name)).read().splitlines()
        for i, line in enumerate(lines):
            if line.strip() == "// Example:":
                body, j = [], i + 1
                while j < len(lines) and lines[j].startswith("//") and lines[j].strip() != "//":
                    body.append(lines[j][2:])
                    j += 1
                out.append({"where": "doc comment in " + name, "code": textwrap.dedent("\n".join(body))})
    return out

def doc_examples(lang, pages):
    """The translations on the docs pages: whole programs, each compiled as it is."""
    out = []
    for page in pages:
        with open(page) as f:
            text = f.read()
        name = os.path.join(os.path.basename(os.path.dirname(page)), os.path.basename(page))
        for heading, code, info, line in fences(text, lang, info=True):
            run = lang == "python" and "compile-only" not in info.split()
            out.append({"where": f"{name}:{line}", "heading": heading, "code": code, "run": run,
                        "whole": True, "page": os.path.abspath(page)})
    return out

# ---- fixtures --------------------------------------------------------------------------------

PY_VALUES = {
    "Chart": "self",
    "kplus.Deployment": 'kplus.Deployment(self, "{name}", containers=[kplus.ContainerProps(name="app", image="app", '
                        'resources=kplus.ContainerResources(cpu=kplus.CpuResources(request=kplus.Cpu.millis(500)), '
                        'memory=kplus.MemoryResources(request=Size.mebibytes(256))))])',
    "HorizontalPodAutoscalerV2": 'HorizontalPodAutoscalerV2(self, "{name}", target=kplus.Deployment(self, "{name}-target", '
                                 'containers=[kplus.ContainerProps(image="app", resources=kplus.ContainerResources('
                                 'cpu=kplus.CpuResources(request=kplus.Cpu.millis(500))))]), max_replicas=10, '
                                 'metrics=[Metric.resource_cpu(MetricTarget.average_utilization(50))])',
    "HpaSimulator": 'HpaSimulator.from_construct(HorizontalPodAutoscalerV2(self, "{name}", target=ScaleTarget.from_reference('
                    'api_version="apps/v1", kind="Deployment", name="{name}"), max_replicas=10, '
                    'metrics=[Metric.resource_cpu(MetricTarget.average_utilization(50))]))',
}

# The example runs at module level (not indented into a method, which would change its
# multi-line strings), with `self` the chart a Chart subclass's constructor would have.
PY_HEADER = """from cdk8s import App, Chart, Duration, Size
import cdk8s_plus_27 as kplus
from constructs import Construct
from cdk8s_hpa import *

self = Chart(App(), "example")
"""


def python_file(ex):
    # A whole program imports cdk8s itself (rosetta only adds `from cdk8s_hpa import X` lines).
    if ex.get("whole") or re.search(r"^(from cdk8s import |import cdk8s\b)", ex["code"], re.M):
        return ex["code"] + "\n", []
    body, problems = [], []
    for line in ex["code"].splitlines():
        m = re.match(r"^# (\w+): ([\w.]+)$", line)
        if m and all(b.startswith(("from ", "import ")) or " = " in b for b in body):
            value = PY_VALUES.get(m.group(2))
            if value is None:
                problems.append(f"no fixture value for the declared {m.group(1)}: {m.group(2)}")
                continue
            body.append(f"{m.group(1)} = " + value.format(name=m.group(1)))
        else:
            body.append(line)
    return PY_HEADER + "\n".join(body) + "\n", problems


JAVA_HEADER = """import io.cdk8shpa.*;
// Single-type imports win over on-demand ones: these four names exist in cdk8s-plus-27 too.
import io.cdk8shpa.Metric;
import io.cdk8shpa.MetricTarget;
import io.cdk8shpa.ScalingPolicy;
import io.cdk8shpa.ScalingRules;
import org.cdk8s.*;
import org.cdk8s.plus27.*;
import software.constructs.Construct;
import java.util.*;

public class {cls} extends Chart {{
{fields}
    public {cls}(final Construct scope, final String id) {{
        super(scope, id);
{body}
    }}
}}
"""


def java_file(ex, cls):
    if re.search(r"^public class \w+", ex["code"], re.M):
        return ex["code"] + "\n", []  # a whole program, in a package of its own
    fields, body = [], []
    for line in ex["code"].splitlines():
        # rosetta writes `declare const deployment: kplus.Deployment;` as `Deployment deployment;`
        if not body and re.match(r"^[A-Z][\w.<>]* \w+;$", line):
            fields.append("    " + line)
        else:
            body.append(line)
    return JAVA_HEADER.format(cls=cls, fields="\n".join(fields), body=textwrap.indent("\n".join(body), " " * 8)), []


GO_HEADER = """package examples

import (
	"fmt"

	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdk8s-hpa/cdk8s-hpa-go/cdk8shpa"
	"github.com/cdk8s-team/cdk8s-core-go/cdk8s/v2"
	kplus "github.com/cdk8s-team/cdk8s-plus-go/cdk8splus27/v2"
)

// Each example uses some of the imports.
var _ = fmt.Sprint
var _ = jsii.String
var _ = cdk8shpa.NewHorizontalPodAutoscalerV2
var _ = cdk8s.NewApp
var _ = kplus.NewDeployment

"""


def go_file(ex, fn):
    if ex["code"].startswith("package main"):
        return ex["code"] + "\n", []  # a whole program, in a package of its own
    body = textwrap.indent(ex["code"], "\t")
    return GO_HEADER + f"func {fn}(this constructs.Construct) {{\n{body}\n}}\n", []

# ---- commands --------------------------------------------------------------------------------

def extract(lang, outdir, sources):
    os.makedirs(outdir, exist_ok=True)
    if lang == "python":
        examples = python_examples(sources[0])
    elif lang == "java":
        examples = java_examples(sources[0])
    else:
        examples = go_examples(sources[0])
    examples += doc_examples(lang, sources[1:])
    manifest = []
    for n, ex in enumerate(examples, 1):
        if lang == "python":
            name = f"example_{n:02d}.py"
            code, problems = python_file(ex)
        elif lang == "java":
            name = f"Example{n:02d}.java"
            code, problems = java_file(ex, name[:-5])
            main = re.search(r"^public class (\w+)", code, re.M)
            if main and main.group(1) != name[:-5]:
                name = f"ex{n:02d}/{main.group(1)}.java"
                code = f"package ex{n:02d};\n\n" + code
        else:
            name = f"example_{n:02d}.go"
            code, problems = go_file(ex, f"example{n:02d}")
            if code.startswith("package main"):
                name = f"ex{n:02d}/main.go"
        os.makedirs(os.path.dirname(os.path.join(outdir, name)), exist_ok=True)
        with open(os.path.join(outdir, name), "w") as f:
            f.write(code)
        manifest.append({"file": name, "where": ex["where"], "run": ex.get("run", False),
                         "heading": ex.get("heading", ""), "page": ex.get("page"), "problems": problems})
    with open(os.path.join(outdir, "examples.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    if lang == "python":
        with open(os.path.join(outdir, "README.md"), "w") as f:
            f.write(python_examples.readme)
    print(f"{lang}: {len(manifest)} examples extracted to {outdir}")
    return 0


def python_check(outdir, python):
    """Compiles every Python example with `python` (the venv's) and runs those marked to run."""
    import subprocess
    with open(os.path.join(outdir, "examples.json")) as f:
        manifest = json.load(f)
    for ex in manifest:
        path = os.path.join(outdir, ex["file"])
        r = subprocess.run([python, "-c", "import ast,sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')", path],
                           capture_output=True, text=True)
        status, out = ("compiled", "") if r.returncode == 0 else ("compile-failed", r.stderr)
        if status == "compiled" and ex["run"]:
            run_dir = os.path.join(outdir, ex["file"] + ".run")
            os.makedirs(run_dir, exist_ok=True)
            try:
                r = subprocess.run([python, path], cwd=run_dir, capture_output=True, text=True, timeout=300)
                status, out = ("ok" if r.returncode == 0 else "raised"), r.stdout + r.stderr
                with open(path + ".stdout", "w") as f:
                    f.write(r.stdout)
            except subprocess.TimeoutExpired:
                status, out = "raised", "timed out after 300 s"
        with open(path + ".status", "w") as f:
            f.write(status + "\n")
        with open(path + ".out", "w") as f:
            f.write(out)
    return 0


def report(lang, outdir, log):
    with open(os.path.join(outdir, "examples.json")) as f:
        manifest = json.load(f)
    text = open(log, errors="replace").read() if os.path.exists(log) else ""
    passed = failed = 0
    for ex in manifest:
        why = list(ex["problems"])
        # compiler diagnostics name the file: `example_03.go:12:3: ...`, `Example03.java:12: error: ...`
        errs = [l for l in text.splitlines() if re.search(r"\b" + re.escape(ex["file"]) + r"[:(\[]", l)]
        why += [e.strip() for e in errs if "warning" not in e.lower() or "error" in e.lower()]
        if lang == "python":
            status_file = os.path.join(outdir, ex["file"] + ".status")
            status = open(status_file).read().strip() if os.path.exists(status_file) else "not compiled"
            expected = EXPECTED_SYNTH_ERRORS.get(ex["heading"]) if ex["run"] and not ex.get("page") else None
            out_file = os.path.join(outdir, ex["file"] + ".out")
            out = open(out_file, errors="replace").read() if os.path.exists(out_file) else ""
            if status == "compile-failed":
                why.append("does not compile: " + out.strip().splitlines()[-1] if out.strip() else "does not compile")
            elif ex["run"] and expected:
                missing = [r for r in expected if f"[{r}]" not in out]
                if status == "ok":
                    why.append(f"ran without the synth error the README shows ({', '.join(expected)})")
                elif missing:
                    why.append(f"failed, but without {', '.join(missing)}: " + (out.strip().splitlines() or [""])[-1])
            elif status not in ("ok", "compiled"):
                why.append("raised: " + (out.strip().splitlines() or ["(no output)"])[-1])
            elif ex["run"]:
                # What an example prints, its README or page shows: each printed line must be in it.
                readme = open(ex.get("page") or os.path.join(outdir, "README.md")).read()
                stdout_file = os.path.join(outdir, ex["file"] + ".stdout")
                printed = open(stdout_file).read().splitlines() if os.path.exists(stdout_file) else []
                why += [f"prints a line its page does not show: {l}" for l in printed if l.strip() and l not in readme]
        if why:
            failed += 1
            print(f"FAIL {lang} example {ex['file']} ({ex['where']}):")
            for w in why[:8]:
                print(f"    {w}")
        else:
            passed += 1
            print(f"PASS {lang} example {ex['file']} ({ex['where']}{', ran' if ex['run'] else ''})")
    print(f"{lang} examples: {passed} passed, {failed} failed")
    with open(os.path.join(outdir, "count"), "w") as f:
        f.write(f"{passed} {failed}\n")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "extract":
        sys.exit(extract(sys.argv[2], sys.argv[3], sys.argv[4:]))
    if len(sys.argv) == 4 and sys.argv[1] == "python-check":
        sys.exit(python_check(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 5 and sys.argv[1] == "report":
        sys.exit(report(sys.argv[2], sys.argv[3], sys.argv[4]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
