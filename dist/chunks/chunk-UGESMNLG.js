import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  CONTENDED_SHOWN,
  HEAP_SITES_TITLE,
  UNNAMED_FUNCTIONS_HINT,
  VERDICT_LABEL,
  callPathText,
  contendedLine,
  contentionConsequence,
  describeAcceptedBy,
  describeBaseline,
  describeCommit,
  describeCounts,
  describeExactBaseline,
  describeExplanation,
  describeLeftOut,
  describeRunNoise,
  engineTable,
  failureGroups,
  formatLayout,
  headOnlyLabel,
  headOnlyValue,
  headline,
  headlineMetrics,
  heapSiteRow,
  leftOutOfTables,
  listNames,
  metricRow,
  metricVerdictLabel,
  orderedMetrics,
  rankingTitle,
  reportModel,
  shownHeadOnly,
  unnamedFunction
} from "./chunk-YDC62AUT.js";
import {
  formatChange,
  formatCount,
  formatValue,
  sig3
} from "./chunk-OHPDJ7KO.js";
import {
  clean,
  stripControl
} from "./chunk-BHHUTKWY.js";

// src/report/terminal.ts
var CODES = { red: 31, green: 32, yellow: 33, magenta: 35, dim: 2, bold: 1 };
function shouldUseColor(stream, env = process.env) {
  if (env.NO_COLOR !== void 0 && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== void 0 && env.FORCE_COLOR !== "0") return true;
  if (env.CI) return false;
  return stream.isTTY === true && env.TERM !== "dumb";
}
var VERDICT_STYLE = {
  regression: "red",
  accepted: "magenta",
  failed: "red",
  unclear: "yellow",
  warning: "yellow",
  improvement: "green",
  unchanged: "dim",
  new: void 0,
  missing: "dim"
};
function alignTable(header, rows, rightAligned) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i] ?? ""].length)));
  const fmt = (cells) => cells.map((c, i) => {
    const pad = " ".repeat(widths[i] - [...c].length);
    return rightAligned.has(i) ? pad + c : c + pad;
  }).join("  ").trimEnd();
  return [fmt(header), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(fmt)];
}
var TERMINAL_LAYOUT = [
  "title",
  "counts",
  "added-acceptances",
  "provenance",
  "warnings",
  "contention",
  "benchmarks",
  "unclear",
  "explanations",
  "accepted-rows",
  "acceptance-notes",
  "shell-corrections",
  "regression-functions",
  "call-paths",
  "heap-sites",
  "failed",
  "ranking",
  "scaling",
  "scans",
  "engines"
];
var TERMINAL = {
  title: (c, { paint }) => {
    const headStyle = c.verdict === "pass" ? "green" : "red";
    return [paint("bold", `bench-action · ${clean(c.suite)}: `) + paint(headStyle, headline(c).text)];
  },
  counts: (c) => [describeCounts(c).join(" · ")],
  "added-acceptances": (added, { paint }) => added.map((line) => paint("yellow", `warning: ${clean(line)}`)),
  provenance: (c, { now }) => {
    const lines = [
      `head:     ${clean(describeCommit(c.head.commit))}`,
      `baseline: ${clean(describeBaseline(c, now))}`
    ];
    const exact = describeExactBaseline(c, now);
    if (exact) lines.push(`counts:   ${clean(exact)}`);
    const noise = describeRunNoise(c);
    if (noise) lines.push(`drift:    ${clean(noise)}`);
    return lines;
  },
  warnings: (c, { paint }) => {
    const lines = c.baselineWarnings.map((w) => paint("yellow", `warning: ${clean(w)}`));
    if (c.environmentDifferences.length > 0) {
      const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join("; ");
      lines.push(paint("yellow", `warning: environment differs from the baseline (${clean(diffs)})`));
    }
    return lines;
  },
  contention: (contended, { c, paint }) => {
    const lines = [
      paint(
        "yellow",
        `busy:     the machine was busy while measuring; ${contentionConsequence(c, contended)}`
      )
    ];
    for (const m of contended.slice(0, CONTENDED_SHOWN)) {
      const { name, detail } = contendedLine(m);
      lines.push(paint("yellow", `  ${clean(name)}${detail}`));
    }
    if (contended.length > CONTENDED_SHOWN)
      lines.push(paint("yellow", `  and ${contended.length - CONTENDED_SHOWN} more`));
    return lines;
  },
  benchmarks: (sorted, { paint, verbose, verboseFlag }) => {
    const header = ["benchmark", "metric", "base", "head", "change", "interval", "p", "verdict"];
    const rows = [];
    const styles = [];
    for (const b of sorted) {
      for (const row of benchmarkRows(b, verbose)) {
        rows.push(row);
        styles.push(VERDICT_STYLE[row[7] === VERDICT_LABEL.failed ? "failed" : b.verdict]);
      }
    }
    const lines = alignTable(header, rows, /* @__PURE__ */ new Set([2, 3, 4, 6]));
    const notShown = verbose ? void 0 : notShownLine(sorted, verboseFlag);
    return [
      "",
      paint("bold", lines[0]),
      paint("dim", lines[1]),
      ...lines.slice(2).map((line, i) => paint(styles[i], line)),
      ...notShown ? [paint("dim", notShown)] : []
    ];
  },
  // Unclear changes: why each is not a verdict.
  unclear: (list, { paint }) => {
    const unclear = list.flatMap((b) => headlineMetrics(b).map((m) => metricRow(b, m))).filter((r) => r.why !== void 0);
    if (unclear.length === 0) return [];
    return [
      "",
      paint("bold", "Unclear"),
      ...unclear.map(
        (r) => paint("yellow", `  ${clean(r.benchmark)} ${clean(r.metric)} ${r.change}: ${clean(r.why)}`)
      )
    ];
  },
  // What the instruction counts of both sides say about each timed change.
  explanations: (list, { paint }) => [
    "",
    paint("bold", "What the instructions explain"),
    ...list.map((b) => `  ${clean(b.name)}: ${clean(describeExplanation(b.explanation))}`)
  ],
  // Accepted regressions: the change, who accepted it and why.
  "accepted-rows": (accepted, { paint }) => [
    "",
    paint("bold", "Accepted regressions"),
    ...accepted.map(({ row, accepted: a }) => {
      const interval = row.interval === "—" ? "" : ` (${row.interval})`;
      return paint(
        "magenta",
        `  ${clean(row.benchmark)} ${clean(row.metric)} ${row.change}${interval}: ${clean(a.reason)} — ${clean(describeAcceptedBy(a))}`
      );
    })
  ],
  "acceptance-notes": (notes, { model, paint }) => [
    ...model["accepted-rows"] ? [] : [""],
    ...notes.map((n) => paint("yellow", `note: ${clean(n)}`))
  ],
  "shell-corrections": (corrections, { paint }) => [
    "",
    ...corrections.map(({ name, detail }) => paint("dim", `${clean(name)}: ${clean(detail)}`))
  ],
  // The regressions' functions (their allocation sites are in heap-sites, with the improvements').
  "regression-functions": (list, { paint }) => list.flatMap((b) => {
    const shown = (b.functionChanges ?? []).slice(0, 5);
    if (shown.length === 0) return [];
    return [
      "",
      paint("bold", `${clean(b.name)}: functions whose instructions changed most`),
      ...shown.map((f) => {
        const pct = f.deltaPercent === null ? "new" : formatChange(f.deltaPercent / 100);
        return `  ${f.delta > 0 ? "+" : ""}${formatCount(f.delta)} Ir (${pct})  ${clean(f.name)}`;
      }),
      ...shown.some((f) => unnamedFunction(f.name)) ? [paint("dim", `  ${UNNAMED_FUNCTIONS_HINT}`)] : []
    ];
  }),
  "call-paths": (list, { paint }) => list.flatMap((b) => {
    const changes = b.callPaths.changes;
    if (changes.length === 0) return [];
    return [
      "",
      paint("bold", `${clean(b.name)}: call paths whose instructions changed most`),
      ...changes.map((c) => {
        const pct = c.base > 0 ? formatChange(c.delta / c.base) : "new";
        return `  ${c.delta > 0 ? "+" : ""}${formatCount(c.delta)} Ir (${pct})  ${clean(callPathText(c.path))}`;
      })
    ];
  }),
  // Regressions, accepted regressions and improvements of heap counts: the sites that changed most.
  "heap-sites": (list, { paint }) => list.flatMap((b) => [
    "",
    paint("bold", `${clean(b.name)}: ${HEAP_SITES_TITLE}`),
    ...b.heapSiteChanges.slice(0, 5).map((change) => {
      const r = heapSiteRow(change);
      const presence = change.presence === "both" ? "" : ` (${change.presence})`;
      const line = r.line === "" ? "" : `  ${clean(r.line)}`;
      return `  ${r.deltaBytes} bytes, ${r.deltaBlocks} blocks${presence}  ${clean(r.site)}${line}`;
    })
  ]),
  // Benchmarks that failed alike (a setup step failed before any ran) are told once.
  failed: (failed, { paint }) => failureGroups(failed).flatMap((g) => {
    const names = listNames(g.benchmarks.map((b) => clean(b.name)));
    const lines = ["", paint("red", `${names}: ${clean(g.error?.message ?? "failed")}`)];
    const tail = g.error?.stderrTail?.trimEnd();
    if (tail) for (const line of tail.split("\n")) lines.push(`  │ ${stripControl(line)}`);
    return lines;
  }),
  ranking: (rankings, { paint }) => rankings.flatMap((r) => rankingLines(r, paint)),
  scaling: (scaling, { paint }) => scaling.flatMap((series) => scalingLines(series, paint)),
  scans: (scans, { paint }) => scans.flatMap((series) => scanLines(series, paint)),
  engines: (rankings, { paint }) => rankings.length > 1 ? ["", ...engineRankingTable(rankings, paint)] : rankings.flatMap((r) => engineLines(r, paint))
};
function renderTerminal(c, options) {
  const paint = (style, text) => options.color && style ? `\x1B[${CODES[style]}m${text}\x1B[0m` : text;
  const model = reportModel(c);
  const context = {
    c,
    model,
    paint,
    now: options.now ?? /* @__PURE__ */ new Date(),
    verbose: options.verbose === true,
    verboseFlag: options.verboseFlag
  };
  return `${[...formatLayout(model, TERMINAL_LAYOUT, TERMINAL, context)].flat().join("\n")}
`;
}
function scalingLines(series, paint) {
  const lines = [
    "",
    paint(
      "bold",
      `Scaling of ${clean(series.benchmark)} by ${series.dimension} (${series.cores} logical CPUs)`
    )
  ];
  for (const p of series.points) {
    const side = (label, s) => s ? `${label} ${formatValue(s.throughput, "ops/s")} (${sig3(s.speedup)}×, ${(s.efficiency * 100).toFixed(0)}%)` : "";
    const parts = [side("base", p.base), side("head", p.head)].filter((x) => x !== "").join("  ");
    const over = p.count > series.cores ? " oversubscribed" : "";
    lines.push(`  ${String(p.count).padStart(3)}  ${parts}  ${VERDICT_LABEL[p.verdict]}${over}`);
  }
  return lines;
}
function scanLines(series, paint) {
  const lines = [
    "",
    paint("bold", `Scan of ${clean(series.benchmark)} by ${clean(series.parameter)} (median wall time)`)
  ];
  const width = Math.max(...series.points.map((p) => String(p.value).length));
  for (const p of series.points) {
    const side = (label, ns) => ns === void 0 ? "" : `${label} ${formatValue(ns, "ns")}`;
    const parts = [side("base", p.base), side("head", p.head)].filter((x) => x !== "").join("  ");
    lines.push(`  ${String(p.value).padStart(width)}  ${parts}  ${VERDICT_LABEL[p.verdict]}`);
  }
  return lines;
}
function rankingLines(ranking, paint) {
  const fastest = ranking.entries[0];
  return [
    "",
    paint("bold", rankingTitle(ranking, clean)),
    `  ${clean(fastest.name)} (${formatValue(fastest.median, ranking.unit)})`,
    ...ranking.entries.slice(1).map(
      (r) => `    ran ${paint("bold", `${sig3(r.ratio)}×`)} faster than ${clean(r.name)} (95% interval ${sig3(r.ci[0])}–${sig3(r.ci[1])})`
    )
  ];
}
function engineLines(ranking, paint) {
  const lines = ["", paint("bold", `Engines of ${clean(ranking.benchmark)}`)];
  for (const e of ranking.engines) {
    const rate = e.throughput === void 0 ? "" : `  ${formatValue(e.throughput, "bytes/s")}`;
    const versus = e.ratio === 1 && e.ci[0] === 1 ? paint("bold", "fastest") : `${paint("bold", `${sig3(e.ratio)}×`)} (95% interval ${sig3(e.ci[0])}–${sig3(e.ci[1])})`;
    lines.push(`  ${clean(e.engine)}  ${formatValue(e.median, "ns")}${rate}  ${versus}`);
  }
  for (const engine of ranking.unranked) lines.push(`  ${clean(engine)}  failed`);
  return lines;
}
function engineRankingTable(rankings, paint) {
  const { engines, rows: cells } = engineTable(rankings);
  const rows = cells.map(({ benchmark, cells: cells2 }) => [
    clean(benchmark),
    ...cells2.map((e) => {
      if (e === void 0 || e === "failed") return e ?? "";
      const time = formatValue(e.median, "ns");
      return e.ratio === 1 && e.ci[0] === 1 ? `${time} (fastest)` : `${time} (${sig3(e.ratio)}×)`;
    })
  ]);
  const header = ["engines of", ...engines.map(clean)];
  const rightAligned = new Set(engines.map((_, i) => i + 1));
  const lines = alignTable(header, rows, rightAligned);
  return [paint("bold", lines[0]), ...lines.slice(1)];
}
function notShownLine(benchmarks, flag) {
  let hidden = 0;
  let quiet = 0;
  for (const b of benchmarks) {
    if (b.verdict === "new") hidden += b.headOnly.length - shownHeadOnly(b, false).length;
    if (b.verdict === "new" || b.verdict === "failed" || b.verdict === "missing") continue;
    const shown = new Set(headlineMetrics(b));
    const others = b.metrics.filter((m) => !shown.has(m));
    hidden += others.length;
    quiet += others.filter(leftOutOfTables).length;
  }
  if (hidden === 0) return void 0;
  const among = quiet > 0 ? `, among them ${describeLeftOut(quiet)}` : "";
  const how = flag !== void 0 ? `; ${flag} lists every metric` : "";
  return `${hidden} more ${hidden === 1 ? "metric" : "metrics"} not shown${among}${how}`;
}
function benchmarkRows(b, verbose) {
  if (b.verdict === "failed") {
    return [[clean(b.name), "", "", "", "", "", "", VERDICT_LABEL.failed]];
  }
  if (b.verdict === "missing") return [[clean(b.name), "", "", "", "", "", "", VERDICT_LABEL.missing]];
  if (b.verdict === "new") {
    return shownHeadOnly(b, verbose).map((h) => [
      clean(b.name),
      clean(headOnlyLabel(h, "median")),
      "",
      clean(headOnlyValue(h)),
      "",
      "",
      "",
      VERDICT_LABEL.new
    ]);
  }
  const metrics = verbose ? orderedMetrics(b) : headlineMetrics(b);
  return metrics.map((m) => {
    const r = metricRow(b, m);
    return [
      clean(r.benchmark),
      clean(r.metric),
      // A custom unit's label is the tool's (or the result file's) text.
      clean(r.base),
      clean(r.head),
      r.change,
      r.interval,
      r.p,
      metricVerdictLabel(r)
    ];
  });
}

export {
  shouldUseColor,
  alignTable,
  renderTerminal
};
