#!/usr/bin/env python3
"""What test/release/run.sh reads from the documentation, and how it compares the synth output.

  readme.py install README OUTDIR
      The `## Install` section: the lines of its first ```sh block (OUTDIR/install-lines, one a
      line, as printed), its ```xml block (OUTDIR/java-dependency.xml) and its prose
      (OUTDIR/install-text). Blocks under a `### From a checkout` heading are left out.
  readme.py quickstart README LANGUAGES_MD OUTDIR
      The quick start: README's first ```ts block (main.ts) and the YAML it says it renders
      (expected.yaml); docs/languages.md's Python, Java and Go programs (main.py, Main.java, main.go).
  readme.py compare EXPECTED NAME=FILE...
      Prints one line per check: every FILE holds the same HorizontalPodAutoscaler(s) as the
      others, and as EXPECTED. Exit status 1 when any differ.
"""
import re
import sys
from pathlib import Path


def section(text: str, title: str) -> str:
    m = re.search(rf'^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)', text, re.M | re.S)
    if not m:
        sys.exit(f'readme.py: no "## {title}" section')
    return m.group(1)


def blocks(text: str):
    """(info string, body, text before the block) for each fenced block."""
    out = []
    for m in re.finditer(r'^```([^\n]*)\n(.*?)^```\s*$', text, re.M | re.S):
        out.append((m.group(1).strip(), m.group(2), text[:m.start()]))
    return out


def install(readme: str, outdir: str) -> None:
    sec = section(Path(readme).read_text(), 'Install')
    # the registry install lines only: a "From a checkout" part is a build, not an install
    cut = re.search(r'^###+ From a checkout', sec, re.M)
    registry = sec[:cut.start()] if cut else sec
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    sh = [b for b in blocks(registry) if b[0].split()[:1] in (['sh'], ['bash'], ['shell'])]
    xml = [b for b in blocks(registry) if b[0].split()[:1] == ['xml']]
    if not sh:
        sys.exit('readme.py: no ```sh block in ## Install')
    lines = [ln for ln in sh[0][1].splitlines() if ln.strip() and not ln.lstrip().startswith('#')]
    (out / 'install-lines').write_text(''.join(ln + '\n' for ln in lines))
    (out / 'java-dependency.xml').write_text(xml[0][1] if xml else '')
    (out / 'install-text').write_text(re.sub(r'^```.*?^```\s*$', '', registry, flags=re.M | re.S))


def quickstart(readme: str, languages: str, outdir: str) -> None:
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    qs = blocks(section(Path(readme).read_text(), 'Quick start'))
    ts = [b for b in qs if b[0].split()[:1] == ['ts']]
    yml = [b for b in qs if b[0].split()[:1] == ['yaml']]
    if not ts or not yml:
        sys.exit('readme.py: the quick start needs a ```ts block and the ```yaml it renders')
    (out / 'main.ts').write_text(ts[0][1])
    (out / 'expected.yaml').write_text(yml[0][1])
    langs = blocks(section(Path(languages).read_text(), 'The quick start in each language'))
    for lang, name in (('python', 'main.py'), ('java', 'Main.java'), ('go', 'main.go')):
        found = [b for b in langs if b[0].split()[:1] == [lang]]
        if not found:
            sys.exit(f'readme.py: no ```{lang} block in docs/languages.md "The quick start in each language"')
        (out / name).write_text(found[0][1])


def compare(expected: str, pairs) -> int:
    import yaml

    def hpas(path):
        docs = [d for d in yaml.safe_load_all(Path(path).read_text()) if d]
        return [d for d in docs if d.get('kind') == 'HorizontalPodAutoscaler']

    failed = 0
    want = hpas(expected)
    got = {}
    for pair in pairs:
        name, path = pair.split('=', 1)
        try:
            got[name] = hpas(path)
        except Exception as e:  # noqa: BLE001 - reported as a failed check
            got[name] = e
    ok = [n for n, v in got.items() if not isinstance(v, Exception) and v]
    for name, v in got.items():
        if isinstance(v, Exception) or not v:
            print(f'FAIL quick start YAML ({name}): no HorizontalPodAutoscaler read ({v or "none in the file"})')
            failed += 1
    if ok:
        first = ok[0]
        same = all(got[n] == got[first] for n in ok)
        if same and len(ok) == len(got):
            print(f'PASS quick start YAML: {", ".join(ok)} render the same HorizontalPodAutoscaler')
        else:
            diff = [n for n in ok if got[n] != got[first]]
            missing = [n for n in got if n not in ok]
            print('FAIL quick start YAML: ' + '; '.join(
                ([f'{", ".join(diff)} differ from {first}'] if diff else [])
                + ([f'nothing to compare from {", ".join(missing)}'] if missing else []))
                  + ''.join(f'\n    {n}: {yaml.safe_dump(got[n], sort_keys=True)}' for n in ok))
            failed += 1
        if got[first] == want:
            print(f'PASS quick start YAML: the HPA {first} renders is the one README.md shows')
        else:
            print('FAIL quick start YAML: README.md shows\n    ' + yaml.safe_dump(want, sort_keys=True).replace('\n', '\n    ')
                  + f'\n  but {first} renders\n    ' + yaml.safe_dump(got[first], sort_keys=True).replace('\n', '\n    '))
            failed += 1
    else:
        print('FAIL quick start YAML: README.md\'s HPA could not be compared (no language rendered one)')
        failed += 1
    return 1 if failed else 0


if __name__ == '__main__':
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == 'install':
        install(*args)
    elif cmd == 'quickstart':
        quickstart(*args)
    elif cmd == 'compare':
        sys.exit(compare(args[0], args[1:]))
    else:
        sys.exit(f'readme.py: unknown command {cmd}')
