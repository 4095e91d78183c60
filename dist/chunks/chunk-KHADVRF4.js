import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  alignTable
} from "./chunk-UGESMNLG.js";
import {
  describeAcceptedBy,
  environmentDifferences,
  escapeHtml,
  escapeMarkdownInline,
  markdownCode,
  renderSvg,
  suiteIndexPath,
  trendPagePath,
  trendPageUrl
} from "./chunk-YDC62AUT.js";
import {
  detectChangePoints,
  exactChangePoints,
  formatChange,
  formatValue,
  normalSurvival,
  shortSha,
  sig3,
  unitScale
} from "./chunk-OHPDJ7KO.js";
import {
  UserError,
  clean
} from "./chunk-BHHUTKWY.js";

// src/stats/median-interval.ts
function binomialHalfCdf(k, n) {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let logTerm = -n * Math.LN2;
  let total = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    total += Math.exp(logTerm);
  }
  return Math.min(1, total);
}
function medianIntervalSorted(sorted, level = 0.95) {
  const n = sorted.length;
  const alpha = 1 - level;
  if (n === 0 || 2 * binomialHalfCdf(0, n) > alpha) return void 0;
  let l;
  if (n > 1e3) {
    const z = normalQuantile(level);
    l = Math.max(1, Math.floor(n / 2 - z * Math.sqrt(n) / 2));
  } else {
    l = 1;
    while (l + 1 <= Math.floor(n / 2) && 2 * binomialHalfCdf(l, n) <= alpha) l++;
  }
  return { low: sorted[l - 1], high: sorted[n - l] };
}
function normalQuantile(level) {
  const tail = (1 - level) / 2;
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (normalSurvival(mid) > tail) lo = mid;
    else hi = mid;
  }
  return lo;
}

// src/history/series.ts
function groupByCommit(runs) {
  const groups = [];
  for (const run of runs) {
    const last = groups[groups.length - 1];
    const sha = run.commit.sha?.toLowerCase();
    if (last && sha !== void 0 && last.sha === sha) {
      last.runs.push(run);
      last.createdAt = run.createdAt;
    } else groups.push({ ...sha !== void 0 ? { sha } : {}, createdAt: run.createdAt, runs: [run] });
  }
  return groups;
}
function pointOf(metrics) {
  const samples = metrics.flatMap((m) => m.samples ?? []);
  if (samples.length > 0) {
    const sorted = Float64Array.from(samples).sort();
    const n = sorted.length;
    const center = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    const interval = medianIntervalSorted(sorted);
    return { center, ...interval ? { low: interval.low, high: interval.high } : {} };
  }
  const values = metrics.flatMap((m) => m.value !== void 0 ? [m.value] : []);
  if (values.length > 0) {
    const sorted = [...values].sort((a, b) => a - b);
    return { center: sorted[Math.floor((sorted.length - 1) / 2)] };
  }
  const summaries = metrics.flatMap((m) => m.summary ? [m.summary] : []);
  if (summaries.length === 0) return void 0;
  const s = summaries[summaries.length - 1];
  if (s.interval) return { center: s.center, low: s.interval[0], high: s.interval[1] };
  if (s.stddev !== void 0 && s.n !== void 0 && s.n > 1) {
    const half = 1.959963984540054 * s.stddev / Math.sqrt(s.n);
    return { center: s.center, low: s.center - half, high: s.center + half };
  }
  return { center: s.center };
}
function describeDifferences(before, after) {
  return environmentDifferences(before, after).map((d) => `${d.key}: ${d.base} → ${d.head}`);
}
function gatedMetrics(b) {
  return b.gate.metrics.filter((name) => b.metrics[name] !== void 0);
}
function buildHistory(suite, branch, runs, skipped = []) {
  const ordered = [...runs].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const groups = groupByCommit(ordered);
  const drafts = /* @__PURE__ */ new Map();
  let previousEnvironment;
  for (const group of groups) {
    const environment = group.runs[group.runs.length - 1].environment;
    const differences = previousEnvironment ? describeDifferences(previousEnvironment, environment) : [];
    previousEnvironment = environment;
    const byKey = /* @__PURE__ */ new Map();
    for (const run of group.runs) {
      for (const b of run.benchmarks) {
        if (b.status !== "ok") continue;
        for (const metric of gatedMetrics(b)) {
          const key = `${b.id}\0${metric}`;
          const entry = byKey.get(key) ?? { benchmark: b, metrics: [] };
          entry.benchmark = b;
          entry.metrics.push(b.metrics[metric]);
          byKey.set(key, entry);
        }
      }
    }
    for (const [key, { benchmark, metrics }] of byKey) {
      const point = pointOf(metrics);
      if (!point || !Number.isFinite(point.center)) continue;
      const metricName = key.slice(key.indexOf("\0") + 1);
      const newest = metrics[metrics.length - 1];
      const draft = drafts.get(key) ?? {
        benchmark: benchmark.id,
        metric: metricName,
        unit: newest.unit,
        direction: newest.direction,
        threshold: benchmark.gate.threshold,
        exact: true,
        points: []
      };
      draft.unit = newest.unit;
      draft.direction = newest.direction;
      draft.threshold = benchmark.gate.threshold;
      if (newest.label !== void 0) draft.label = newest.label;
      draft.exact &&= metrics.every((m) => m.value !== void 0 && !(m.samples && m.samples.length > 0));
      const accepted = group.runs.flatMap((r) => r.accepted ?? []).find((a) => a.benchmark === benchmark.id && a.metric === metricName);
      draft.points.push({
        ...group.sha !== void 0 ? { sha: group.sha } : {},
        createdAt: group.createdAt,
        ...point,
        runs: group.runs.length,
        ...differences.length > 0 ? { environment: differences } : {},
        ...accepted ? { accepted } : {}
      });
      drafts.set(key, draft);
    }
  }
  const series = [...drafts.values()].map((d) => ({ ...d, changes: changesIn(d) })).sort(
    (a, b) => a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : a.metric < b.metric ? -1 : 1
  );
  const shas = new Set(groups.map((g, i) => g.sha ?? `#${i}`));
  return {
    suite,
    branch,
    runs: ordered.length,
    commits: shas.size,
    ...ordered.length > 0 ? { first: ordered[0].createdAt, last: ordered[ordered.length - 1].createdAt } : {},
    series,
    skipped
  };
}
function changesIn(series) {
  const values = series.points.map((p) => p.center);
  if (values.length < 2) return [];
  const found = series.exact ? exactChangePoints(values, series.threshold) : detectChangePoints(values);
  return found.map((c) => {
    const points = series.points;
    const from = Math.max(0, Math.min(c.from, c.index));
    const to = Math.min(points.length - 1, Math.max(c.to, c.index));
    const environment = points.slice(from, to + 1).flatMap((p) => p.environment ?? []);
    const accepted = worseThan(series.direction, c.change) ? points.slice(from, to + 1).find((p) => p.accepted)?.accepted : void 0;
    const worse = worseThan(series.direction, c.change);
    const previous = from > 0 ? points[from - 1] : void 0;
    return {
      index: c.index,
      from,
      to,
      ...previous?.sha !== void 0 ? { previousSha: previous.sha } : {},
      ...points[from].sha !== void 0 ? { fromSha: points[from].sha } : {},
      ...points[to].sha !== void 0 ? { toSha: points[to].sha } : {},
      fromDate: points[from].createdAt,
      toDate: points[to].createdAt,
      before: c.before,
      after: c.after,
      change: c.change,
      pValue: c.pValue,
      verdict: worse ? "regression" : "improvement",
      exact: series.exact,
      ...environment.length > 0 ? { environment: [...new Set(environment)] } : {},
      ...accepted ? { accepted } : {}
    };
  });
}
function worseThan(direction, change) {
  return direction === "lower" ? change > 0 : change < 0;
}
function changesNewestFirst(history) {
  return history.series.flatMap((series) => series.changes.map((change) => ({ series, change }))).sort((a, b) => Date.parse(b.change.toDate) - Date.parse(a.change.toDate));
}

// src/history/text.ts
var SUMMARY_CHANGES_SHOWN = 20;
function commitRange(change) {
  if (change.commits === 1) return shortSha(change.toSha);
  if (change.from === 0) return `up to ${shortSha(change.toSha)}`;
  return `${shortSha(change.previousSha)}..${shortSha(change.toSha)}`;
}
function commitCount(change) {
  if (change.from === 0) return "from the first stored run";
  if (change.previousSha === void 0 || change.toSha === void 0)
    return "commits unknown (a stored run names no commit)";
  if (change.commits === void 0) return "commits unknown (not in this clone's history)";
  return change.commits === 1 ? "1 commit" : `${change.commits} commits`;
}
function confidence(change) {
  if (change.exact) return "exact";
  const c = (1 - change.pValue) * 100;
  return c >= 99.9 ? ">99.9%" : `${c.toFixed(1)}%`;
}
function sizeOf(series, change) {
  return `${formatValue(change.before, series.unit, series.label)} → ${formatValue(change.after, series.unit, series.label)}`;
}
function verdictText(change) {
  const verdict = change.accepted ? `accepted regression (${describeAcceptedBy(change.accepted)}: ${change.accepted.reason})` : change.verdict;
  return `${verdict}${change.environment ? ` (environment changed: ${change.environment.join("; ")})` : ""}`;
}
function headline(history) {
  const span = history.first && history.last ? `, ${history.first.slice(0, 10)} … ${history.last.slice(0, 10)}` : "";
  return `${history.runs} run${history.runs === 1 ? "" : "s"} of ${history.commits} commit${history.commits === 1 ? "" : "s"}${span}`;
}
function renderHistoryTerminal(histories) {
  const lines = [];
  for (const history of histories) {
    const changes = changesNewestFirst(history);
    lines.push(
      `bench-action history · ${clean(history.suite)} on ${clean(history.branch)}: ${headline(history)}`,
      `${history.series.length} series, ${changes.length} change point${changes.length === 1 ? "" : "s"}`
    );
    for (const skipped of history.skipped) lines.push(`skipped: ${clean(skipped)}`);
    if (changes.length > 0) {
      lines.push("");
      const header = [
        "benchmark",
        "metric",
        "change",
        "size",
        "where it started",
        "commits",
        "confidence",
        "verdict"
      ];
      const rows = changes.map(({ series, change }) => [
        clean(series.benchmark),
        clean(series.metric),
        formatChange(change.change),
        clean(sizeOf(series, change)),
        commitRange(change),
        commitCount(change),
        confidence(change),
        clean(verdictText(change))
      ]);
      lines.push(...alignTable(header, rows, /* @__PURE__ */ new Set([2])));
    }
    lines.push("");
  }
  return `${lines.join("\n")}
`;
}
function renderHistoryMarkdown(histories, options = {}) {
  const shown = options.shown ?? SUMMARY_CHANGES_SHOWN;
  const out = [];
  for (const history of histories) {
    const changes = changesNewestFirst(history);
    out.push(
      `### History of ${markdownCode(history.suite)} on ${markdownCode(history.branch)}`,
      "",
      `${headline(history)}; ${changes.length === 0 ? "no change points" : `${changes.length} change point${changes.length === 1 ? "" : "s"}, newest first`}.`,
      ""
    );
    if (history.skipped.length > 0)
      out.push(`${history.skipped.length} stored run(s) could not be read and were skipped.`, "");
    if (changes.length === 0) continue;
    out.push(
      "| benchmark | metric | change | size | where it started | confidence | verdict |",
      "|---|---|---:|---|---|---|---|"
    );
    for (const { series, change } of changes.slice(0, shown)) {
      const name = markdownCode(series.benchmark);
      const linked = options.siteUrl ? `[${name}](<${trendPageUrl(options.siteUrl, history.suite, series.benchmark)}>)` : name;
      const mark = change.accepted ? "🟣" : change.verdict === "regression" ? "🔴" : "🟢";
      const verdict = `${mark} ${escapeMarkdownInline(verdictText(change))}`;
      out.push(
        `| ${linked} | ${markdownCode(series.metric)} | ${formatChange(change.change)} | ${escapeMarkdownInline(sizeOf(series, change))} | ${commitRange(change)} (${commitCount(change)}) | ${confidence(change)} | ${verdict} |`
      );
    }
    if (changes.length > shown)
      out.push("", `${changes.length - shown} older change points are on the trend pages.`);
    out.push("");
  }
  return `${out.join("\n")}
`;
}

// src/history/index.ts
import { mkdir, writeFile } from "node:fs/promises";
import path2 from "node:path";

// src/history/commits.ts
var PARALLEL_COUNTS = 4;
function rangeKey(change) {
  return change.previousSha !== void 0 && change.toSha !== void 0 ? `${change.previousSha}..${change.toSha}` : void 0;
}
async function withCommitCounts(histories, count) {
  const ranges = /* @__PURE__ */ new Map();
  for (const history of histories)
    for (const series of history.series)
      for (const change of series.changes) {
        const key = rangeKey(change);
        if (key !== void 0) ranges.set(key, [change.previousSha, change.toSha]);
      }
  const counts = /* @__PURE__ */ new Map();
  const pending = [...ranges];
  for (let start = 0; start < pending.length; start += PARALLEL_COUNTS) {
    const chunk = pending.slice(start, start + PARALLEL_COUNTS);
    const counted = await Promise.all(chunk.map(([, [previous, to]]) => count(previous, to)));
    counted.forEach((n, i) => {
      if (n !== void 0) counts.set(chunk[i][0], n);
    });
  }
  return histories.map((history) => ({
    ...history,
    series: history.series.map((series) => ({
      ...series,
      changes: series.changes.map((change) => {
        const n = counts.get(rangeKey(change) ?? "");
        return n !== void 0 ? { ...change, commits: n } : change;
      })
    }))
  }));
}

// src/history/load.ts
var PARALLEL_LOADS = 32;
async function loadEach(store, entries) {
  if (store.loadMany) return store.loadMany(entries);
  const out = new Array(entries.length);
  for (let start = 0; start < entries.length; start += PARALLEL_LOADS) {
    const chunk = entries.slice(start, start + PARALLEL_LOADS);
    const loaded = await Promise.all(chunk.map((e2) => store.load(e2).catch((error) => error)));
    loaded.forEach((result, i) => {
      out[start + i] = result;
    });
  }
  return out;
}
async function loadRuns(store, suite, branch) {
  const entries = (await store.list(suite, branch)).slice().reverse();
  const loaded = await loadEach(store, entries);
  const runs = [];
  const skipped = [];
  loaded.forEach((result, i) => {
    if (result instanceof Error) skipped.push(`${entries[i].path}: ${result.message}`);
    else if (result.suite !== suite)
      skipped.push(
        `${entries[i].path}: holds suite ${JSON.stringify(result.suite)}, not ${JSON.stringify(suite)}`
      );
    else runs.push(result);
  });
  return { runs, skipped };
}

// src/history/site.ts
import path from "node:path";
var COMMITS_LISTED = 100;
var COLORS = { regression: "#cf222e", improvement: "#1a7f37", line: "#1f6feb", environment: "#8a8f98" };
var STYLE = `
:root { color-scheme: light; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
nav { margin-bottom: 12px; font-size: 13px; } a { color: #0969da; }
h1 code, h2 code { font-size: 0.9em; }
code { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f3f4f6; padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 8px 0 16px; } th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.regression { color: #cf222e; font-weight: 600; } .accepted { color: #8250df; font-weight: 600; } .improvement { color: #1a7f37; font-weight: 600; }
.muted { color: #59636e; } figure { margin: 8px 0 16px; } footer { margin-top: 32px; color: #59636e; font-size: 12px; }
`;
function e(text) {
  return escapeHtml(text);
}
function page(title, nav, body, options) {
  const footer = `made by bench-action${options.version ? ` ${e(options.version)}` : ""}${options.now ? ` on ${e(options.now.toISOString())}` : ""}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav>${nav}</nav>
${body}
<footer>${footer}</footer>
</body>
</html>
`;
}
function href(from, to) {
  return e(path.posix.relative(path.posix.dirname(from), to) || path.posix.basename(to));
}
function seriesTitle(series) {
  return `${series.metric}${series.label ? ` (${series.label})` : ""}`;
}
function chartSpec(series) {
  const centers = series.points.map((p) => p.center);
  const typical = centers.slice().sort((a, b) => a - b)[Math.floor(centers.length / 2)] ?? 1;
  const { factor, label } = unitScale(typical, series.unit);
  const unitLabel = series.unit === "other" ? series.label ?? "" : label;
  const values = series.points.map((p) => ({
    date: p.createdAt,
    center: p.center / factor,
    ...p.low !== void 0 && p.high !== void 0 ? { low: p.low / factor, high: p.high / factor } : {}
  }));
  const changes = series.changes.map((c) => ({
    from: c.fromDate,
    to: c.toDate,
    verdict: c.verdict,
    text: formatChange(c.change)
  }));
  const environment = series.points.filter((p) => p.environment).map((p) => ({ date: p.createdAt, text: "environment changed" }));
  const x = { field: "date", type: "temporal", title: "measured" };
  const verdictColor = {
    field: "verdict",
    type: "nominal",
    scale: { domain: ["regression", "improvement"], range: [COLORS.regression, COLORS.improvement] },
    legend: null
  };
  const layers = [];
  if (values.some((v) => "low" in v))
    layers.push({
      data: { values: values.filter((v) => "low" in v) },
      mark: { type: "area", opacity: 0.2, color: COLORS.line },
      encoding: { x, y: { field: "low", type: "quantitative" }, y2: { field: "high" } }
    });
  layers.push({
    data: { values },
    mark: { type: "line", color: COLORS.line, strokeWidth: 1.5, point: values.length <= 200 },
    encoding: {
      x,
      y: {
        field: "center",
        type: "quantitative",
        scale: { zero: false },
        title: `${seriesTitle(series)}${unitLabel ? `, ${unitLabel}` : ""}`
      }
    }
  });
  if (changes.length > 0) layers.push(...changeLayers(changes, verdictColor));
  if (environment.length > 0) layers.push(...environmentLayers(environment));
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    width: 860,
    height: 240,
    background: "white",
    layer: layers
  };
}
function changeLayers(changes, verdictColor) {
  return [
    {
      data: { values: changes },
      mark: { type: "rect", opacity: 0.15 },
      encoding: { x: { field: "from", type: "temporal" }, x2: { field: "to" }, color: verdictColor }
    },
    {
      data: { values: changes },
      mark: { type: "rule", strokeWidth: 1.5 },
      encoding: { x: { field: "to", type: "temporal" }, color: verdictColor }
    },
    {
      data: { values: changes },
      mark: {
        type: "text",
        align: "left",
        dx: 4,
        dy: -4,
        fontSize: 11,
        fontWeight: "bold",
        baseline: "top"
      },
      encoding: {
        x: { field: "to", type: "temporal" },
        y: { value: 0 },
        text: { field: "text" },
        color: verdictColor
      }
    }
  ];
}
function environmentLayers(environment) {
  return [
    {
      data: { values: environment },
      mark: { type: "rule", strokeDash: [4, 3], color: COLORS.environment },
      encoding: { x: { field: "date", type: "temporal" } }
    },
    {
      data: { values: environment },
      mark: {
        type: "text",
        angle: 270,
        align: "right",
        dx: -4,
        dy: -3,
        fontSize: 10,
        color: COLORS.environment
      },
      encoding: { x: { field: "date", type: "temporal" }, y: { value: 0 }, text: { field: "text" } }
    }
  ];
}
function changesTable(series) {
  if (series.changes.length === 0) return '<p class="muted">No change points in this series.</p>';
  const rows = [...series.changes].reverse().map(
    (c) => `<tr><td><code>${e(commitRange(c))}</code> (${e(commitCount(c))})</td><td>${e(c.fromDate.slice(0, 10))}${c.toDate.slice(0, 10) !== c.fromDate.slice(0, 10) ? ` … ${e(c.toDate.slice(0, 10))}` : ""}</td><td class="num">${e(formatChange(c.change))}</td><td>${e(sizeOf(series, c))}</td><td class="num">${e(confidence(c))}</td><td class="${c.accepted ? "accepted" : c.verdict}">${e(verdictText(c))}</td></tr>`
  ).join("\n");
  return `<table><thead><tr><th>where it started</th><th>when</th><th>change</th><th>size</th><th>confidence</th><th>verdict</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}
function commitsTable(series) {
  const listed = series.points.slice(-COMMITS_LISTED).reverse();
  const value = (v) => e(formatValue(v, series.unit, series.label));
  const rows = listed.map(
    (p) => `<tr><td><code>${e(p.sha ? p.sha.slice(0, 7) : "—")}</code></td><td>${e(p.createdAt.replace("T", " ").slice(0, 16))}</td><td class="num">${value(p.center)}</td><td class="num">${p.low !== void 0 && p.high !== void 0 ? `${value(p.low)} … ${value(p.high)}` : ""}</td><td class="num">${p.runs}</td><td>${p.environment ? e(p.environment.join("; ")) : ""}</td></tr>`
  ).join("\n");
  const more = series.points.length > listed.length ? `<p class="muted">The newest ${listed.length} of ${series.points.length} commits; the chart shows them all.</p>` : "";
  return `<details><summary>Commits, newest first</summary>${more}
<table><thead><tr><th>commit</th><th>measured (UTC)</th><th>${series.exact ? "value" : "center"}</th><th>95% interval</th><th>runs</th><th>environment changed</th></tr></thead>
<tbody>
${rows}
</tbody></table></details>`;
}
async function benchmarkPage(history, benchmark, series, options) {
  const self = trendPagePath(history.suite, benchmark);
  const nav = `<a href="${href(self, "index.html")}">all suites</a> › <a href="${href(self, suiteIndexPath(history.suite))}">${e(history.suite)}</a>`;
  const sections = [];
  for (const [i, s] of series.entries()) {
    const svg = await renderSvg(chartSpec(s), `trend-${i}`);
    const how = s.exact ? `Exact values: a change beyond the gate's ${sig3(s.threshold * 100)}% is placed between the measured commit before it and the one where it shows (one commit when every commit was measured), and a drift of smaller steps that adds up to it is shown as the range of commits it took.` : "Each point is one commit: the median of its runs, shaded with its 95% interval. Change points are estimated from the medians, with the range of commits where the shift may have started.";
    sections.push(
      `<h2><code>${e(seriesTitle(s))}</code> <span class="muted">(${s.direction} is better)</span></h2>
<p class="muted">${e(how)}</p>
<figure>${svg}</figure>
${changesTable(s)}
${commitsTable(s)}`
    );
  }
  const body = `<h1><code>${e(benchmark)}</code></h1>
<p class="muted">Suite <code>${e(history.suite)}</code> on <code>${e(history.branch)}</code>: ${series[0].points.length} commits.</p>
${sections.join("\n")}`;
  return page(`${benchmark} · ${history.suite}`, nav, body, options);
}
function suitePage(history, options) {
  const self = suiteIndexPath(history.suite);
  const nav = `<a href="${href(self, "index.html")}">all suites</a>`;
  const rows = history.series.map((s) => {
    const latest = s.points[s.points.length - 1];
    const newest = s.changes[s.changes.length - 1];
    return `<tr><td><a href="${href(self, trendPagePath(history.suite, s.benchmark))}"><code>${e(s.benchmark)}</code></a></td><td><code>${e(seriesTitle(s))}</code></td><td class="num">${s.points.length}</td><td class="num">${e(formatValue(latest.center, s.unit, s.label))}</td><td class="num">${s.changes.length}</td><td>${newest ? `<span class="${newest.verdict}">${e(formatChange(newest.change))}</span> at <code>${e(commitRange(newest))}</code>` : ""}</td></tr>`;
  }).join("\n");
  const changes = changesNewestFirst(history);
  const changeRows = changes.map(
    ({ series: s, change: c }) => `<tr><td><a href="${href(self, trendPagePath(history.suite, s.benchmark))}"><code>${e(s.benchmark)}</code></a></td><td><code>${e(s.metric)}</code></td><td class="num">${e(formatChange(c.change))}</td><td><code>${e(commitRange(c))}</code> (${e(commitCount(c))})</td><td>${e(c.toDate.slice(0, 10))}</td><td class="num">${e(confidence(c))}</td><td class="${c.accepted ? "accepted" : c.verdict}">${e(verdictText(c))}</td></tr>`
  ).join("\n");
  const skipped = history.skipped.length > 0 ? `<h2>Runs that could not be read</h2><ul>${history.skipped.map((s) => `<li><code>${e(s)}</code></li>`).join("")}</ul>` : "";
  const body = `<h1>Suite <code>${e(history.suite)}</code></h1>
<p class="muted">${history.runs} runs of ${history.commits} commits on <code>${e(history.branch)}</code>${history.first && history.last ? `, ${e(history.first.slice(0, 10))} … ${e(history.last.slice(0, 10))}` : ""}.</p>
<h2>Change points, newest first</h2>
${changes.length === 0 ? '<p class="muted">None.</p>' : `<table><thead><tr><th>benchmark</th><th>metric</th><th>change</th><th>where it started</th><th>when</th><th>confidence</th><th>verdict</th></tr></thead><tbody>
${changeRows}
</tbody></table>`}
<h2>Benchmarks</h2>
<table><thead><tr><th>benchmark</th><th>metric</th><th>commits</th><th>latest</th><th>change points</th><th>newest change</th></tr></thead><tbody>
${rows}
</tbody></table>
${skipped}`;
  return page(`${history.suite} · bench-action history`, nav, body, options);
}
function rootPage(histories, options) {
  const rows = histories.map((h) => {
    const changes = changesNewestFirst(h);
    const regressions = changes.filter((c) => c.change.verdict === "regression").length;
    return `<tr><td><a href="${href("index.html", suiteIndexPath(h.suite))}"><code>${e(h.suite)}</code></a></td><td><code>${e(h.branch)}</code></td><td class="num">${h.runs}</td><td class="num">${h.commits}</td><td class="num">${h.series.length}</td><td class="num">${changes.length} (${regressions} regression${regressions === 1 ? "" : "s"})</td><td>${h.last ? e(h.last.slice(0, 10)) : ""}</td></tr>`;
  }).join("\n");
  const body = `<h1>Benchmark history</h1>
<table><thead><tr><th>suite</th><th>branch</th><th>runs</th><th>commits</th><th>series</th><th>change points</th><th>newest run</th></tr></thead><tbody>
${rows}
</tbody></table>`;
  return page("bench-action history", "", body, options);
}
async function renderSite(histories, options = {}) {
  const pages = /* @__PURE__ */ new Map();
  pages.set("index.html", rootPage(histories, options));
  for (const history of histories) {
    pages.set(suiteIndexPath(history.suite), suitePage(history, options));
    const byBenchmark = /* @__PURE__ */ new Map();
    for (const s of history.series) byBenchmark.set(s.benchmark, [...byBenchmark.get(s.benchmark) ?? [], s]);
    for (const [benchmark, series] of byBenchmark)
      pages.set(
        trendPagePath(history.suite, benchmark),
        await benchmarkPage(history, benchmark, series, options)
      );
  }
  return pages;
}

// src/history/index.ts
var HistoryError = class extends UserError {
  name = "HistoryError";
};
async function readHistories(options) {
  let suites = options.suites;
  if (!suites || suites.length === 0) {
    if (!options.store.suites)
      throw new HistoryError(
        `${options.store.root} cannot list its suites: name one with --suite (or the config's suite)`
      );
    suites = await options.store.suites();
    if (suites.length === 0) throw new HistoryError(`${options.store.root} holds no results yet`);
  }
  const histories = [];
  for (const suite of suites) {
    const started = Date.now();
    const { runs, skipped } = await loadRuns(options.store, suite, options.branch);
    options.log?.(
      `read ${runs.length} run${runs.length === 1 ? "" : "s"} of ${suite} on ${options.branch} from ${options.store.root} in ${Date.now() - started} ms` + (skipped.length > 0 ? ` (${skipped.length} unreadable, skipped)` : "")
    );
    histories.push(buildHistory(suite, options.branch, runs, skipped));
  }
  return options.countCommits ? withCommitCounts(histories, options.countCommits) : histories;
}
async function writeSite(outDir, histories, options = {}) {
  const pages = await renderSite(histories, options);
  const written = [];
  for (const [relative, html] of pages) {
    const file = path2.join(outDir, ...relative.split("/"));
    await mkdir(path2.dirname(file), { recursive: true });
    await writeFile(file, html);
    written.push(file);
  }
  return written;
}

export {
  renderHistoryTerminal,
  renderHistoryMarkdown,
  readHistories,
  writeSite
};
