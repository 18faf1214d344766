#!/usr/bin/env python3
"""The DocSpec generation benchmark (run it through Scripts/bench-generate.sh).

For each size it writes a synthetic package (make_docset.py) and measures:
  - `docspec generate` into an empty output folder (median of several runs; wall and CPU time);
  - `swift build --build-tests` of the package, clean (scratch folder removed), twice over:
    with the generated test target, and with a baseline test target holding one empty test
    (same library, same package); the ratio is generated ÷ baseline;
  - the incremental build after one row of the source docs changes (then `docspec generate`,
    which rewrites one file), against the baseline's incremental build after its one test file
    changes; two samples each (the edit, then its revert), median;
  - `swift test` over the generated tests once (all must pass; --skip-tests skips it);
  - with --test-targets 1,4: the clean build of the generated tests again with the pages split
    over 4 test targets (make_docset.py manifest), in the same run;
  - with --symbol-graph: `swift package dump-symbol-graph` (what `docspec check --symbols` runs),
    clean and again on the built library, and `docspec check --symbol-graphs` on its output.
CPU time is user + system time of the child processes, which a loaded machine disturbs less
than wall time.
"""

import argparse
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MAKE = [sys.executable, os.path.join(HERE, "make_docset.py")]
BASELINE_TEST = "import BenchLib\nimport Testing\n\n@Test func baseline() {{ #expect({n} == {n}) }}\n"


def log(msg):
    print(f"bench-generate: {msg}", file=sys.stderr, flush=True)


def run(cmd, cwd, check=True, max_memory_gb=0):
    """Runs cmd with its output captured; returns (wall s, CPU s, peak RSS MB, returncode, output).
    CPU time and peak RSS cover the whole process tree (wait4). With max_memory_gb, every process
    of the tree gets that address-space limit, so a runaway compiler fails instead of taking the
    machine's memory."""
    def limit():
        if max_memory_gb:
            b = int(max_memory_gb * 2**30)
            resource.setrlimit(resource.RLIMIT_AS, (b, b))
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    if check and p.returncode != 0:
        sys.stderr.write(text[-6000:])
        raise SystemExit(f"bench-generate: failed ({p.returncode}): {' '.join(cmd)} in {cwd}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, p.returncode, text


def warnings_in(text):
    return [l for l in text.splitlines() if ": warning:" in l]


def output_stats(folder):
    """Files, bytes and lines of the generated Swift sources and (in data/) the tables' data files."""
    data = os.path.join(folder, "data")
    files = [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".swift")]
    if os.path.isdir(data):
        files += [os.path.join(data, f) for f in os.listdir(data) if f.endswith(".json")]
    size = sum(os.path.getsize(f) for f in files)
    lines = 0
    for f in files:
        with open(f, encoding="utf-8") as h:
            lines += sum(1 for _ in h)
    return len(files), size, lines


def bench_size(args, rows):
    root = os.path.join(args.work, f"rows-{rows}")
    pkg = os.path.join(root, "package")
    scratch = os.path.join(root, "build")
    gen = os.path.join(pkg, "Generated")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    make = MAKE + ["write", pkg, "--rows", str(rows), "--test-targets", args.test_targets.split(",")[0]]
    if args.table_rows:
        make += ["--table-rows", str(args.table_rows)]
    subprocess.run(make, check=True)
    docspec = [args.docspec]
    r = {"rows": rows}
    first_targets = int(args.test_targets.split(",")[0])

    def manifest(targets):
        subprocess.run(MAKE + ["manifest", pkg, "--test-targets", str(targets)], check=True)

    def generate():
        """docspec generate into Generated/; returns its output."""
        return run(docspec + ["generate"], pkg)[4]

    # Generation: the first run also checks the doc set is clean (lint + up to date).
    run(docspec + ["generate"], pkg)
    wall, _, _, _, text = run(docspec + ["check"], pkg)
    r["check_s"] = wall
    r["check_summary"] = text.strip()
    reps = args.gen_reps if rows < 10000 else args.gen_reps_large
    walls, cpus = [], []
    for _ in range(reps):
        shutil.rmtree(gen)
        os.makedirs(gen)
        wall, cpu, _, _, _ = run(docspec + ["generate"], pkg)
        walls.append(wall)
        cpus.append(cpu)
    r["generate_s"] = statistics.median(walls)
    r["generate_cpu_s"] = statistics.median(cpus)
    r["generate_runs"] = walls
    r["files"], r["bytes"], r["lines"] = output_stats(gen)
    log(f"{rows} rows: docspec generate median {r['generate_s']:.3f} s over {reps} runs; "
        f"{r['files']} files, {r['lines']} lines, {r['bytes'] / 1e6:.2f} MB")

    def build(label):
        wall, cpu, rss, code, text = run(["swift", "build", "--build-tests", "--scratch-path", scratch], pkg,
                                         check=False, max_memory_gb=args.max_memory_gb)
        r.setdefault("warnings", []).extend(warnings_in(text)[:5])
        if code != 0:
            errors = [l for l in text.splitlines() if "error:" in l][:3]
            log(f"{rows} rows: {label}: FAILED after {wall:.1f} s (peak {rss:.0f} MB): {' / '.join(errors)}")
            return None, (wall, rss, errors)
        load = os.getloadavg()[0]
        r.setdefault("load", []).append(round(load, 2))
        log(f"{rows} rows: {label}: {wall:.1f} s wall, {cpu:.1f} s CPU, peak {rss:.0f} MB, load {load:.2f}")
        return (wall, cpu, rss), None

    # Baseline: the same package with a test target of one empty test.
    if first_targets > 1:
        manifest(1)
    shutil.move(gen, gen + ".docspec")
    os.makedirs(os.path.join(gen, "data"))  # the manifest excludes it: same manifest, no warning
    with open(os.path.join(gen, "Baseline.swift"), "w") as f:
        f.write(BASELINE_TEST.format(n=0))
    samples = {"clean_base": [], "clean_gen": [], "incr_base": [], "incr_gen": []}

    def sample(key, label):
        ok, failure = build(label)
        if ok:
            samples.setdefault(key, []).append(ok)
        elif "failure" not in r:
            r["failure"] = {"build": label, "after_s": failure[0], "peak_mb": failure[1], "errors": failure[2]}
        return ok is not None

    build_reps = args.build_reps if rows < 10000 else args.build_reps_large
    for _ in range(build_reps):
        shutil.rmtree(scratch, ignore_errors=True)
        if not sample("clean_base", "clean build, baseline (one empty test)"):
            raise SystemExit("bench-generate: the baseline package does not build")
    for n in (1, 2):
        with open(os.path.join(gen, "Baseline.swift"), "w") as f:
            f.write(BASELINE_TEST.format(n=n))
        sample("incr_base", "incremental build, baseline (its test file edited)")
    shutil.rmtree(gen)
    shutil.move(gen + ".docspec", gen)
    if first_targets > 1:
        manifest(first_targets)

    # The generated test target.
    built = True
    for _ in range(build_reps):
        shutil.rmtree(scratch, ignore_errors=True)
        built = sample("clean_gen", "clean build, generated tests") and built
    page = os.path.join(pkg, "docs-ja", "errors-00.md")
    with open(page, encoding="utf-8") as f:
        original = f.read()
    for step in ("edit", "revert") if built else ():
        if step == "edit":
            subprocess.run(MAKE + ["touch", pkg], check=True)
        else:
            with open(page, "w", encoding="utf-8") as f:
                f.write(original)
        text = generate()
        # Rows are data: the one file rewritten is the table's data file (not compiled).
        if not re.search(r"1 written \(data/errors-00\.table\d+\.json\)", text):
            raise SystemExit(f"bench-generate: expected one rewritten file after the {step}, got: {text.strip()}")
        sample("incr_gen", f"incremental build, generated tests (one row: {step})")

    for key, values in samples.items():
        if values:
            r[key + "_s"] = statistics.median(v[0] for v in values)
            r[key + "_cpu_s"] = statistics.median(v[1] for v in values)
            r[key + "_peak_mb"] = max(v[2] for v in values)
    r["samples"] = samples

    def extras():
        """The clean build with the pages over other numbers of test targets, and the symbol graph."""
        counts = [int(c) for c in args.test_targets.split(",")]
        for targets in counts if len(counts) > 1 else []:
            manifest(targets)
            for _ in range(build_reps):
                shutil.rmtree(scratch, ignore_errors=True)
                sample(f"clean_gen_targets{targets}", f"clean build, generated tests over {targets} test targets")
            # The test targets alone: every generated file touched, the library built.
            for _ in range(2):
                now = time.time()
                for name in os.listdir(gen):
                    if name.endswith(".swift"):
                        os.utime(os.path.join(gen, name), (now, now))
                sample(f"touch_gen_targets{targets}", f"rebuild of the test targets, {targets} (every generated file touched)")
        manifest(first_targets)
        if args.symbol_graph:
            dump = ["swift", "package", "--scratch-path", scratch, "dump-symbol-graph"]
            shutil.rmtree(scratch, ignore_errors=True)
            for key, label in (("dump_clean", "clean"), ("dump_warm", "library built")):
                # SwiftPM 6.3 exits 1 here after writing the library's graphs: it cannot emit
                # graphs for the synthesized test modules, which are not built.
                wall, cpu, rss, code, text = run(dump, pkg, check=False)
                if "Files written to" not in text:
                    sys.stderr.write(text[-3000:])
                    raise SystemExit("bench-generate: swift package dump-symbol-graph wrote no graphs")
                r[key + "_s"], r[key + "_cpu_s"], r[key + "_exit"] = wall, cpu, code
                log(f"{rows} rows: swift package dump-symbol-graph ({label}): {wall:.1f} s wall, {cpu:.1f} s CPU, exit {code}")
            folder = re.findall(r"Files written to (.+)", text)[-1].strip()
            r["check_s_again"] = run(docspec + ["check"], pkg)[0]
            r["check_symbols_s"] = run(docspec + ["check", "--symbol-graphs", folder], pkg)[0]
            log(f"{rows} rows: docspec check {r['check_s_again']:.2f} s, with --symbol-graphs {r['check_symbols_s']:.2f} s (wall)")

    if not args.skip_tests and built:
        wall, _, _, code, out = run(["swift", "test", "--skip-build", "--scratch-path", scratch], pkg, check=False)
        m = re.search(r"Test run with (\d+) tests? in (\d+) suites? (passed|failed)[^\n]*", out)
        r["test_cases"] = len(re.findall(r"^◇ Test case passing", out, re.M))
        r["tests"] = m.group(0) if m else "no Swift Testing summary"
        r["test_s"] = wall
        if code != 0 or not m or m.group(3) != "passed":
            sys.stderr.write(out[-6000:])
            raise SystemExit(f"bench-generate: the generated tests of {rows} rows did not pass")
        log(f"{rows} rows: swift test: {r['tests']} ({r['test_cases']} argument rows) in {wall:.1f} s")
    extras()
    for key, values in samples.items():
        if values and (key.startswith("clean_gen_targets") or key.startswith("touch_gen_targets")):
            r[key + "_s"] = statistics.median(v[0] for v in values)
            r[key + "_cpu_s"] = statistics.median(v[1] for v in values)
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return r


def fmt_s(s):
    return f"{s:.2f} s" if s < 10 else f"{s:.1f} s"


def fmt_pair(r, key):
    """baseline → generated for a measure, or why the generated build has no number."""
    base = r.get(f"{key}_base_s")
    value = r.get(f"{key}_gen_s")
    if value is None:
        f = r.get("failure", {})
        why = f"failed after {fmt_s(f['after_s'])} at {f['peak_mb'] / 1024:.1f} GB" if key == "clean" and f else "—"
        return f"{fmt_s(base)} → {why}", "—"
    return f"{fmt_s(base)} → {fmt_s(value)}", f"{value / base:.2f}×"


def fmt_cpu(r, key):
    base, value = r.get(f"{key}_base_cpu_s"), r.get(f"{key}_gen_cpu_s")
    if value is None:
        return f"{fmt_s(base)} → —", "—"
    return f"{fmt_s(base)} → {fmt_s(value)}", f"{value / base:.2f}×"


def table(results):
    out = ["| rows (ja source) | generated files, lines | `docspec generate` (median) | clean `swift build --build-tests`: baseline → with generated tests | ratio | incremental after one row changes: baseline → generated | ratio | peak memory of one build process |",
           "|---|---|---|---|---|---|---|---|"]
    for r in results:
        clean, clean_ratio = fmt_pair(r, "clean")
        incr, incr_ratio = fmt_pair(r, "incr")
        peak = r.get("clean_gen_peak_mb") or r.get("failure", {}).get("peak_mb", 0)
        out.append(f"| {r['rows']:,} | {r['files']}, {r['lines']:,} | {r['generate_s'] * 1000:.0f} ms | {clean} | {clean_ratio} | "
                   f"{incr} | {incr_ratio} | {peak / 1024:.1f} GB |")
    out += ["", "CPU time (user + system, whole process tree) of the same runs:", "",
            "| rows | `docspec generate` | clean build: baseline → generated | ratio | incremental: baseline → generated | ratio |",
            "|---|---|---|---|---|---|"]
    for r in results:
        clean, clean_ratio = fmt_cpu(r, "clean")
        incr, incr_ratio = fmt_cpu(r, "incr")
        out.append(f"| {r['rows']:,} | {r['generate_cpu_s'] * 1000:.0f} ms | {clean} | {clean_ratio} | {incr} | {incr_ratio} |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docspec", required=True, help="the docspec executable (a release build)")
    ap.add_argument("--work", required=True, help="folder for the synthetic packages and their builds")
    ap.add_argument("--sizes", default="100,1000,10000", help="row counts, comma-separated")
    ap.add_argument("--gen-reps", type=int, default=7, help="docspec generate runs per size below 10,000 rows")
    ap.add_argument("--gen-reps-large", type=int, default=3, help="docspec generate runs from 10,000 rows")
    ap.add_argument("--build-reps", type=int, default=2, help="clean builds per variant for sizes below 10,000 rows")
    ap.add_argument("--build-reps-large", type=int, default=1, help="clean builds per variant from 10,000 rows")
    ap.add_argument("--table-rows", type=int, default=0, help="at most this many rows per enum/error table (0: one table per kind)")
    ap.add_argument("--skip-tests", action="store_true", help="do not run the generated tests (by default they run once per size and must all pass)")
    ap.add_argument("--max-memory-gb", type=float, default=6,
                    help="address-space limit of every build process, so a runaway compile fails (0: none)")
    ap.add_argument("--test-targets", default="1",
                    help="test targets the generated pages are split over, comma-separated (e.g. 1,4): the first is the one "
                         "measured throughout, the others add a clean build each")
    ap.add_argument("--symbol-graph", action="store_true",
                    help="also time swift package dump-symbol-graph (clean and on the built library) and check --symbol-graphs")
    ap.add_argument("--keep", action="store_true", help="keep each size's build folder")
    ap.add_argument("--json", help="also write the results as JSON to this file")
    args = ap.parse_args()
    args.docspec = os.path.abspath(args.docspec)
    args.work = os.path.abspath(args.work)
    start = time.monotonic()
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    log(f"{swift}; {platform.machine()}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    results = []
    for size in [int(s) for s in args.sizes.split(",")]:
        results.append(bench_size(args, size))
    total = time.monotonic() - start
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"swift": swift, "cpus": os.cpu_count(), "total_s": total, "results": results}, f, indent=2)
    print(f"DocSpec generation benchmark: {swift}, {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average at the end {os.getloadavg()[0]:.1f}; total {total / 60:.1f} min")
    print()
    print(table(results))
    if args.table_rows:
        print(f"\nEnum and error tables of at most {args.table_rows} rows.")
    for r in results:
        extra = f"; swift test: {r['tests']} ({r['test_cases']} argument rows, {r['test_s']:.1f} s)" if "tests" in r else ""
        print(f"\n{r['rows']:,} rows: {r['check_summary']}{extra}")
        if "failure" in r:
            f = r["failure"]
            print(f"  {f['build']} failed after {f['after_s']:.1f} s, peak {f['peak_mb']:.0f} MB: {' / '.join(f['errors'])}")
        counts = args.test_targets.split(",")
        for targets in counts if len(counts) > 1 else []:
            clean, touch = r.get(f"clean_gen_targets{targets}_cpu_s"), r.get(f"touch_gen_targets{targets}_cpu_s")
            if clean is None or touch is None:
                continue
            c1, t1 = r[f"clean_gen_targets{counts[0]}_cpu_s"], r[f"touch_gen_targets{counts[0]}_cpu_s"]
            print(f"  {targets} test target(s): clean build {fmt_s(r[f'clean_gen_targets{targets}_s'])} wall, {fmt_s(clean)} CPU "
                  f"({clean / c1:.2f}× {counts[0]}'s; {clean / r['clean_base_cpu_s']:.2f}× the baseline's); test targets rebuilt "
                  f"(every generated file touched) {fmt_s(r[f'touch_gen_targets{targets}_s'])} wall, {fmt_s(touch)} CPU ({touch / t1:.2f}× {counts[0]}'s)")
        if "dump_clean_s" in r:
            print(f"  swift package dump-symbol-graph: clean {fmt_s(r['dump_clean_s'])} wall, {fmt_s(r['dump_clean_cpu_s'])} CPU "
                  f"({r['dump_clean_cpu_s'] / r['clean_base_cpu_s']:.2f}× the baseline's clean build CPU); library built "
                  f"{fmt_s(r['dump_warm_s'])} wall, {fmt_s(r['dump_warm_cpu_s'])} CPU; docspec check {fmt_s(r['check_s_again'])}, "
                  f"with --symbol-graphs {fmt_s(r['check_symbols_s'])} (wall)")
        for w in r.get("warnings", []):
            print(f"  compiler warning: {w}")


if __name__ == "__main__":
    main()
