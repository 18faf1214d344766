#!/usr/bin/env python3
"""The lint benchmark (run it through Scripts/bench-lint.sh, which builds docspec first).

    bench_lint.py --docspec BIN --work DIR [--total-mb 5] [--runs 3] [--jobs N] [--skip-peer]
                  [--peer-runs K] [--json FILE]

Writes a synthetic doc set (make_docset.py) into DIR, then times, K runs each, interleaved:

  cmark-gfm   cmark_parse.c (compiled here with gcc -O2) parses every page of both locales with
              the GFM extensions and frees the tree; the files are split over N processes
              (N = --jobs, default: the number of cores), as docspec spreads pages over cores.
  docspec     docspec lint --locale ja=DIR/docs/ja --locale ru=DIR/docs/ru --source ja
              (exit 1 = findings, expected from the seeded drift; exit 2 or a signal fails).
  po4a+pofilter  po4a-gettextize -f text -o markdown per page pair (ja master, ru translation),
              N pages at a time, then pofilter over the .po files (its default checks).

Wall time, CPU time (user + system of every process, from wait4) and peak resident memory (the
largest process, measured by peak_rss.c) per run; the table gives medians. Input MB counts both locales.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Run:
    def __init__(self):
        self.wall = 0.0
        self.cpu = 0.0
        self.rss_kb = 0


class Launcher:
    """Starts commands through peak_rss (see peak_rss.c) and collects what it measured."""

    def __init__(self, binary, scratch):
        self.binary = binary
        self.scratch = scratch
        self.count = 0

    def spawn(self, cmd, cwd=None, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
        self.count += 1
        out = os.path.join(self.scratch, f"rusage-{self.count}")
        p = subprocess.Popen([self.binary, out] + cmd, cwd=cwd, stdout=stdout, stderr=stderr)
        p.rusage_file = out
        return p

    @staticmethod
    def account(p, run):
        with open(p.rusage_file) as f:
            rss, user, system = f.read().split()
        os.remove(p.rusage_file)
        run.cpu += float(user) + float(system)
        run.rss_kb = max(run.rss_kb, int(rss))


def run_pool(launcher, commands, jobs, run):
    """Runs (cmd, cwd, label) tuples, at most `jobs` at once; returns {label: exit code}."""
    procs = {}
    codes = {}
    pending = list(commands)
    while pending or procs:
        while pending and len(procs) < jobs:
            cmd, cwd, label = pending.pop(0)
            p = launcher.spawn(cmd, cwd=cwd)
            procs[p.pid] = (p, label)
        pid, status = os.wait()
        p, label = procs.pop(pid)
        p.returncode = os.waitstatus_to_exitcode(status)
        Launcher.account(p, run)
        codes[label] = p.returncode
    return codes


def floor_run(launcher, binary, files, jobs):
    run = Run()
    start = time.perf_counter()
    slices = [files[i::jobs] for i in range(jobs)]
    codes = run_pool(launcher, [([binary] + s, None, i) for i, s in enumerate(slices) if s], jobs, run)
    run.wall = time.perf_counter() - start
    if any(codes.values()):
        sys.exit(f"bench-lint: cmark_parse failed: {codes}")
    return run, {}


def docspec_run(launcher, binary, work, log):
    run = Run()
    start = time.perf_counter()
    with open(log, "w") as err, open(log + ".out", "w") as out:
        p = launcher.spawn([binary, "lint", "--locale", "ja=docs/ja", "--locale", "ru=docs/ru", "--source", "ja"],
                           cwd=work, stdout=out, stderr=err)
        code = p.wait()
    run.wall = time.perf_counter() - start
    Launcher.account(p, run)
    if code not in (0, 1):
        sys.exit(f"bench-lint: docspec lint exited with {code} (see {log})")
    summary = open(log + ".out").read().strip().splitlines()
    rules = {}
    for rule in re.findall(r": (?:error|warning): .* \[([a-z0-9-]+)\]$", open(log).read(), re.M):
        rules[rule] = rules.get(rule, 0) + 1
    return run, {"exit": code, "summary": summary[-1] if summary else "",
                 "rules": ", ".join(f"{r} {n}" for r, n in sorted(rules.items(), key=lambda x: -x[1]))}


def peer_run(launcher, work, pairs, jobs, index):
    run = Run()
    out = os.path.join(work, f"peer-{index}")
    shutil.rmtree(out, ignore_errors=True)
    podir, filtered, scratch = (os.path.join(out, d) for d in ("po", "filtered", "scratch"))
    for d in (podir, filtered, scratch):
        os.makedirs(d)
    commands = []
    for n, (rel, ja, ru) in enumerate(pairs):
        cwd = os.path.join(scratch, str(n))  # po4a writes gettextization.failed.po into the cwd
        os.makedirs(cwd)
        po = os.path.join(podir, rel.replace("/", "__")[:-3] + ".po")
        commands.append((["po4a-gettextize", "-f", "text", "-o", "markdown", "-m", ja, "-M", "UTF-8",
                          "-l", ru, "-L", "UTF-8", "-p", po], cwd, rel))
    start = time.perf_counter()
    codes = run_pool(launcher, commands, jobs, run)
    po_files = sorted(os.listdir(podir))
    pofilter_log = os.path.join(out, "pofilter.log")
    with open(pofilter_log, "w") as log:
        p = launcher.spawn(["pofilter", "-i", podir, "-o", filtered], stdout=log, stderr=subprocess.STDOUT)
        code = p.wait()
    run.wall = time.perf_counter() - start
    Launcher.account(p, run)
    if code != 0:
        sys.exit(f"bench-lint: pofilter exited with {code} (see {pofilter_log})")
    failed = sorted(rel for rel, c in codes.items() if c != 0)
    units = 0
    flagged = 0
    checks = {}
    for name in po_files:
        units += len(re.findall(r"^msgid ", open(os.path.join(podir, name), encoding="utf-8").read(), re.M)) - 1
    for root, _, names in os.walk(filtered):
        for name in names:
            text = open(os.path.join(root, name), encoding="utf-8", errors="replace").read()
            for entry in text.split("\n\n"):
                found = [c for c in re.findall(r"^# \(pofilter\) ([a-z_]+)", entry, re.M) if c != "isfuzzy"]
                flagged += bool(found)
                for c in found:
                    checks[c] = checks.get(c, 0) + 1
    top = ", ".join(f"{c} {n}" for c, n in sorted(checks.items(), key=lambda x: -x[1]))
    info = {"po_files": len(po_files), "po4a_failed": len(failed), "po4a_failed_examples": failed[:3],
            "units": units, "pofilter_flagged": flagged, "pofilter_checks": top}
    if len(po_files) == 0:
        sys.exit("bench-lint: po4a-gettextize produced no .po file")
    return run, info


def compile_tools(work):
    """Compiles cmark_parse.c (the floor) and peak_rss.c (the launcher) with gcc -O2."""
    binary = os.path.join(work, "cmark_parse")
    launcher = os.path.join(work, "peak_rss")
    try:
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libcmark-gfm"], check=True,
                               capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        flags = ["-lcmark-gfm"]
    if "-lcmark-gfm-extensions" not in flags:
        flags.append("-lcmark-gfm-extensions")
    subprocess.run(["gcc", "-O2", "-Wall", "-o", binary, os.path.join(HERE, "cmark_parse.c")] + flags, check=True)
    subprocess.run(["gcc", "-O2", "-Wall", "-o", launcher, os.path.join(HERE, "peak_rss.c")], check=True)
    return binary, launcher


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docspec", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--total-mb", type=float, default=5.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--peer-runs", type=int, default=None, help="runs of the peer pipeline (default: --runs)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--skip-peer", action="store_true")
    ap.add_argument("--json")
    args = ap.parse_args()
    peer_runs = 0 if args.skip_peer else (args.peer_runs if args.peer_runs is not None else args.runs)
    work = os.path.abspath(args.work)
    docs = os.path.join(work, "docs")
    shutil.rmtree(docs, ignore_errors=True)
    made = subprocess.run([sys.executable, os.path.join(HERE, "make_docset.py"), docs, "--total-mb", str(args.total_mb)],
                          check=True, capture_output=True, text=True).stdout.strip()
    files, pairs = [], []
    total_bytes = 0
    for loc in ("ja", "ru"):
        for root, _, names in os.walk(os.path.join(docs, loc)):
            for name in names:
                path = os.path.join(root, name)
                files.append(path)
                total_bytes += os.path.getsize(path)
                if loc == "ja":
                    rel = os.path.relpath(path, os.path.join(docs, "ja"))
                    pairs.append((rel, path, os.path.join(docs, "ru", rel)))
    files.sort()
    pairs.sort()
    mb = total_bytes / 1e6
    floor_bin, launcher_bin = compile_tools(work)
    scratch = os.path.join(work, "rusage")
    os.makedirs(scratch, exist_ok=True)
    launcher = Launcher(launcher_bin, scratch)
    print(f"bench-lint: {made}", flush=True)
    print(f"bench-lint: {args.runs} runs each ({peer_runs} of the peer pipeline), {args.jobs} jobs, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}", flush=True)

    tools = {"cmark-gfm": [], "docspec": [], "po4a+pofilter": []}
    infos = {}
    for r in range(args.runs):
        order = ["cmark-gfm", "docspec"] + (["po4a+pofilter"] if r < peer_runs else [])
        if r % 2:
            order.reverse()
        for tool in order:
            if tool == "cmark-gfm":
                run, info = floor_run(launcher, floor_bin, files, args.jobs)
            elif tool == "docspec":
                run, info = docspec_run(launcher, args.docspec, work, os.path.join(work, "docspec-lint.log"))
            else:
                run, info = peer_run(launcher, work, pairs, args.jobs, r)
            tools[tool].append(run)
            infos[tool] = info
            print(f"  run {r + 1}: {tool:14} {run.wall:8.2f} s wall {run.cpu:8.2f} s CPU "
                  f"{run.rss_kb / 1024:8.1f} MB peak RSS", flush=True)
    for r in range(args.runs, peer_runs):
        run, info = peer_run(launcher, work, pairs, args.jobs, r)
        tools["po4a+pofilter"].append(run)
        infos["po4a+pofilter"] = info

    med = {t: (statistics.median(x.wall for x in runs), statistics.median(x.cpu for x in runs),
               max(x.rss_kb for x in runs) / 1024) for t, runs in tools.items() if runs}
    floor_wall, floor_cpu, _ = med["cmark-gfm"]
    print()
    print(f"| tool | input MB | median wall s | MB/s | median CPU s | peak RSS MB | throughput vs cmark-gfm floor (wall / CPU) |")
    print("|---|---|---|---|---|---|---|")
    labels = {"cmark-gfm": "cmark-gfm parse only (floor)", "docspec": "docspec lint",
              "po4a+pofilter": "po4a-gettextize + pofilter"}
    for tool, (wall, cpu, rss) in med.items():
        print(f"| {labels[tool]} | {mb:.1f} | {wall:.2f} | {mb / wall:.3g} | {cpu:.2f} | {rss:.1f} | "
              f"{floor_wall / wall:.3g} / {floor_cpu / cpu:.3g} |")
    print()
    if "po4a+pofilter" in med:
        pw, pc, _ = med["po4a+pofilter"]
        dw, dc, _ = med["docspec"]
        print(f"docspec lint vs po4a+pofilter: {pw / dw:.3g}x the throughput (wall), {pc / dc:.3g}x (CPU)")
    print(f"docspec: exit {infos['docspec']['exit']}; {infos['docspec']['summary']}; findings: {infos['docspec']['rules']}")
    if "po4a+pofilter" in infos:
        i = infos["po4a+pofilter"]
        print(f"po4a+pofilter: {i['po_files']} of {len(pairs)} page pairs gettextized "
              f"({i['po4a_failed']} failed: translation structure differs, e.g. {', '.join(i['po4a_failed_examples'])}); "
              f"{i['units']} units; pofilter flagged {i['pofilter_flagged']} units besides 'isfuzzy' "
              f"(every unit po4a-gettextize writes is fuzzy): {i['pofilter_checks']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"input_mb": mb, "docset": made, "jobs": args.jobs,
                       "runs": {t: [vars(x) for x in runs] for t, runs in tools.items()},
                       "info": infos}, f, indent=2)


if __name__ == "__main__":
    main()
