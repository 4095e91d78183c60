import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  DRIFT_WINDOW,
  HEAP_METRICS,
  MIN_RELIABLE_SAMPLES,
  MIN_SAMPLES_FOR_STATISTICS,
  Placement,
  RESULTS_SCHEMA,
  RESULTS_VERSION,
  ResultsFormatError,
  ScheduleContention,
  SeededRandom,
  TomlError,
  UNKNOWN_NOISE_BOUND,
  addedEntries,
  allPositive,
  array,
  betweenProcessShare,
  bootstrapRatioOfMedians,
  busyReason,
  contentionReasons,
  coversBenchmark,
  curvePointOf,
  decideAcrossMoments,
  decideDifference,
  decideExact,
  decideFewSamples,
  decidePaired,
  decideSampled,
  decideSummary,
  derivedMetrics,
  describeDrift,
  describeEntry,
  driftBound,
  ensureValgrind,
  estimateDrift,
  failedResult,
  findConfigFile,
  firstIssue,
  followedMetrics,
  formatAge,
  formatChange,
  formatCount,
  formatDifference,
  formatDifferenceInterval,
  formatExact,
  formatPValue,
  formatPercentSetting,
  formatRatioInterval,
  formatSignificant,
  formatValue,
  frameFunction,
  frameLine,
  globToRegExp,
  groupsOf,
  isExactKind,
  joinAcceptances,
  kindOf,
  listed,
  literal,
  loadConfig,
  matchesFilter,
  measureInstructions,
  nestCallTree,
  number,
  object,
  parse,
  parseConfig,
  parseResultSetText,
  planBenchmark,
  processLabels,
  processNesting,
  rankedBy,
  rankedMetric,
  record,
  resolveAcceptance,
  resolveGate,
  resultSetSchema,
  runStepCommand,
  shortSha,
  sig3,
  staleNotes,
  string,
  summarize,
  toolVersions,
  tuple,
  unitScale,
  withLabel,
  withinDrift
} from "./chunk-OHPDJ7KO.js";
import {
  VERSION
} from "./chunk-RCHZXITY.js";
import {
  KNOWN_TOOLS,
  SetupError,
  UsageError,
  UserError,
  aptInstall,
  aptUpdate,
  commandFailure,
  currentUid,
  defaultRunner,
  findExecutable,
  killTrackedChildren,
  otherPackageManagerCommand,
  outputTail2 as outputTail,
  parseAptPolicy,
  runCommand,
  runCommandSync,
  sudoHint
} from "./chunk-BHHUTKWY.js";

// src/compare/call-paths.ts
var CALL_PATH_TOLERANCE = 1e-3;
var CALL_PATHS_SHOWN = 3;
function callPathTolerance(base, head) {
  return CALL_PATH_TOLERANCE * Math.max(base.total, head.total);
}
function diffCallTrees(base, head, top = CALL_PATHS_SHOWN) {
  const tolerance = callPathTolerance(base, head);
  const changes = [];
  const stack = pairChildren([], nestCallTree(base), nestCallTree(head));
  while (stack.length > 0) {
    const frame = stack.pop();
    const children = pairChildren(frame.path, frame.base?.children ?? [], frame.head?.children ?? []);
    stack.push(...children);
    const delta = (frame.head?.ir ?? 0) - (frame.base?.ir ?? 0);
    if (Math.abs(delta) <= tolerance) continue;
    const carried = Math.max(0, ...children.map((c) => Math.sign(delta) * deltaOf(c)));
    if (carried > Math.abs(delta) / 2) continue;
    changes.push({ path: frame.path, base: frame.base?.ir ?? 0, head: frame.head?.ir ?? 0, delta });
  }
  changes.sort(
    (a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.path.join("\0").localeCompare(b.path.join("\0"))
  );
  return { base, head, changes: changes.slice(0, Math.max(0, top)) };
}
function deltaOf(frame) {
  return (frame.head?.ir ?? 0) - (frame.base?.ir ?? 0);
}
function pairChildren(path10, base, head) {
  const byName = /* @__PURE__ */ new Map();
  for (const node of base) byName.set(node.name, { path: [...path10, node.name], base: node });
  for (const node of head) {
    const paired = byName.get(node.name);
    if (paired) paired.head = node;
    else byName.set(node.name, { path: [...path10, node.name], head: node });
  }
  return [...byName.values()];
}
function callPathText(path10) {
  const main = path10.indexOf("main");
  return (main > 0 ? path10.slice(main) : path10).join(" › ");
}

// src/compare/explain.ts
var TIMED_UNITS = /* @__PURE__ */ new Set(["ns", "ops/s", "bytes/s"]);
function isTimedChange(m) {
  return m.gated && !m.exact && TIMED_UNITS.has(m.unit) && (m.verdict === "regression" || m.verdict === "improvement");
}
function timedChangeIds(comparison) {
  return comparison.benchmarks.filter((b) => b.metrics.some(isTimedChange)).map((b) => b.id);
}
function explainTimedChange(metrics, record2, options) {
  const changed = metrics.filter(isTimedChange);
  if (record2 === void 0 || changed.length === 0) return void 0;
  const common = {
    changes: changed.map((m) => ({ metric: m.metric, change: m.change })),
    rule: options.rule
  };
  const elsewhere = otherBase(record2.against, options.baselineCommit);
  if (elsewhere) return { ...common, notCounted: { status: "elsewhere", reason: elsewhere } };
  if (record2.status !== "counted")
    return { ...common, notCounted: { status: record2.status, reason: record2.reason } };
  const { base, head } = record2.instructions;
  const d = decideExact(base, head, { threshold: options.threshold, direction: "lower" });
  const reading = d.verdict === "unchanged" ? "barely" : d.verdict === changed[0].verdict ? "explains" : "opposite";
  const instructions = { base, head, change: d.change, reading };
  if (reading !== "barely" || options.rule !== "explained-only") return { ...common, instructions };
  const why = `the instructions barely changed (${formatChange(d.change)}, within the ${formatPercentSetting(options.threshold)} threshold): code placement or memory is the likely cause (timed-change: explained-only)`;
  for (const m of changed) {
    m.verdict = "unclear";
    m.why = why;
  }
  return { ...common, instructions, unclear: true };
}
function otherBase(against, baseline) {
  if (against === void 0 || baseline === void 0) return void 0;
  const [a, b] = [against.toLowerCase(), baseline.toLowerCase()];
  if (a.startsWith(b) || b.startsWith(a)) return void 0;
  return `they were counted against ${shortSha(against)}, not against this baseline's ${shortSha(baseline)}`;
}

// src/compare/functions.ts
function diffFunctionCosts(base, head, top = 10) {
  const rows = /* @__PURE__ */ new Map();
  const collect = (costs, side) => {
    for (const f of costs) {
      const key2 = `${f.object}\0${f.name}`;
      let row = rows.get(key2);
      if (row === void 0) {
        row = { name: f.name, object: f.object, base: 0, head: 0 };
        rows.set(key2, row);
      }
      row[side] += f.self;
    }
  };
  collect(base, "base");
  collect(head, "head");
  const objectsByName = /* @__PURE__ */ new Map();
  for (const row of rows.values()) objectsByName.set(row.name, (objectsByName.get(row.name) ?? 0) + 1);
  return [...rows.values()].filter((row) => row.head !== row.base).map((row) => {
    const delta = row.head - row.base;
    return {
      name: (objectsByName.get(row.name) ?? 0) > 1 ? `${row.name} [${row.object}]` : row.name,
      base: row.base,
      head: row.head,
      delta,
      deltaPercent: row.base === 0 ? null : delta / row.base * 100
    };
  }).sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.name.localeCompare(b.name)).slice(0, Math.max(0, top));
}

// src/compare/types.ts
var FUNCTION_CHANGES_SHOWN = 10;
var HEAP_SITE_CHANGES_SHOWN = 10;
var VERDICT_ORDER = [
  "regression",
  "failed",
  "accepted",
  "unclear",
  "warning",
  "improvement",
  "new",
  "missing",
  "unchanged"
];

// src/compare/heap-sites.ts
function siteLine(site) {
  for (const frame of site.frames) {
    const line = frameLine(frame);
    if (line !== void 0) return line;
  }
  return void 0;
}
function pairSites(base, head) {
  const rows = /* @__PURE__ */ new Map();
  const collect = (sites, side) => {
    for (const site of sites) {
      const stack = site.frames.map(frameFunction);
      const key2 = stack.join("\0");
      let row = rows.get(key2);
      if (row === void 0) {
        row = {
          stack,
          lines: { base: [], head: [] },
          base: { bytes: 0, blocks: 0 },
          head: { bytes: 0, blocks: 0 },
          seen: { base: false, head: false }
        };
        rows.set(key2, row);
      }
      row[side].bytes += site.bytes;
      row[side].blocks += site.blocks;
      row.seen[side] = true;
      const line = siteLine(site);
      if (line !== void 0 && !row.lines[side].includes(line)) row.lines[side].push(line);
    }
  };
  collect(base, "base");
  collect(head, "head");
  return [...rows.values()];
}
function diffHeapSites(base, head, top = 10) {
  const changed = pairSites(base, head).filter(
    (r) => r.base.bytes !== r.head.bytes || r.base.blocks !== r.head.blocks
  );
  const moved = (r, field) => Math.abs(r.head[field] - r.base[field]);
  const total = (field) => changed.reduce((sum2, r) => sum2 + moved(r, field), 0);
  const totals = { bytes: total("bytes"), blocks: total("blocks") };
  const share = (r, field) => totals[field] === 0 ? 0 : moved(r, field) / totals[field];
  const weight = (r) => Math.max(share(r, "bytes"), share(r, "blocks"));
  return changed.sort(
    (a, b) => weight(b) - weight(a) || moved(b, "bytes") - moved(a, "bytes") || moved(b, "blocks") - moved(a, "blocks") || a.stack.join("\n").localeCompare(b.stack.join("\n"))
  ).slice(0, Math.max(0, top)).map((r) => ({
    stack: r.stack,
    lines: r.seen.head ? r.lines.head : r.lines.base,
    base: r.base,
    head: r.head,
    presence: !r.seen.base ? "new" : !r.seen.head ? "gone" : "both"
  }));
}
var SHOWN_FOR = /* @__PURE__ */ new Set(["regression", "accepted", "improvement"]);
function heapSiteChangesOf(base, head, metrics) {
  const heap = new Set(HEAP_METRICS);
  if (!metrics.some((m) => heap.has(m.metric) && SHOWN_FOR.has(m.verdict))) return void 0;
  if (!base.heapSites || !head.heapSites) return void 0;
  return diffHeapSites(base.heapSites, head.heapSites, HEAP_SITE_CHANGES_SHOWN);
}

// src/compare/difference.ts
var NOT_BY_RATIO = "not compared by ratio: values can be ≤ 0, so head / base is no relative change; the difference is shown but not judged (no absolute threshold)";
function byDifference(difference, ci) {
  return {
    basis: "difference",
    difference,
    ...ci ? { differenceCi: ci } : {},
    ratio: Number.NaN,
    change: Number.NaN
  };
}
function exactDifferenceVerdict(base, head, threshold, direction, absoluteThreshold) {
  if (base === head) return { verdict: "unchanged", notes: [] };
  if (base >= 0 && head >= 0) {
    const d = decideExact(base, head, { threshold, direction });
    const why = base === 0 ? "base is 0: shown as the difference; any change from an exact 0 is beyond the threshold" : "head is 0: shown as the difference (a change of −100%)";
    return { verdict: d.verdict, notes: [why] };
  }
  if (absoluteThreshold === void 0) return { verdict: "unclear", notes: [NOT_BY_RATIO] };
  const worse = direction === "lower" ? head - base : base - head;
  const notes = ["not compared by ratio: values can be ≤ 0; judged by the difference"];
  if (worse > absoluteThreshold) return { verdict: "regression", notes };
  if (worse < -absoluteThreshold) return { verdict: "improvement", notes };
  return { verdict: "unchanged", notes };
}

// src/compare/placement.ts
var PLACEMENT_SHARE = 0.5;
var PLACEMENT_MIN_PROCESSES = 3;
function nestingOf(base, head, pairs) {
  const counts = { base: base.samples?.length ?? 0, head: head.samples?.length ?? 0 };
  return processNesting(base.processes, head.processes, counts, pairs);
}
function placementNote(base, head, paired) {
  const shares = { base: shareOf(base), head: shareOf(head) };
  const above = ["base", "head"].filter((side) => (shares[side] ?? 0) > PLACEMENT_SHARE);
  if (above.length === 0) return void 0;
  const where = above.length === 2 ? `the spread is between processes (base ${percent(shares.base)}, head ${percent(shares.head)})` : `${above[0]}'s spread is between processes (${percent(shares[above[0]])})`;
  const resampled = paired ? "pairs of processes, then pairs within them" : "processes, then samples within them";
  return `most of ${where}: placement-sensitive; the interval resamples ${resampled} (Nested samples, docs/methodology.md)`;
}
function shareOf(m) {
  const { processes, samples } = m;
  if (!processes || !samples || processes.length < PLACEMENT_MIN_PROCESSES) return void 0;
  return betweenProcessShare(samples, groupsOf(processLabels(processes, samples.length)));
}
function percent(share) {
  const whole = Math.round(share * 100);
  return `${whole > 50 ? whole : formatSignificant(share * 100)}%`;
}

// src/compare/values.ts
function valuesOf(metric) {
  if (metric.samples && metric.samples.length > 0) return metric.samples;
  if (metric.summary) return [metric.summary.center];
  return metric.value !== void 0 ? [metric.value] : [];
}
function summaryOf(metric) {
  if (metric.summary) return metric.summary;
  const values = valuesOf(metric);
  const s = summarize(values);
  return values.length > 1 ? { center: s.median, statistic: "median", stddev: s.stddev, n: values.length } : { center: s.median, statistic: "median" };
}
function isExact(metric) {
  return metric.value !== void 0 && (metric.samples === void 0 || metric.samples.length === 0);
}

// src/compare/metric.ts
var LARGE_SUITE_METRICS = 500;
var LARGE_SUITE_RESAMPLES = 2e3;
function compareMetric(base, head, context) {
  const { name, gate } = context;
  const baseValues = valuesOf(base);
  const headValues = valuesOf(head);
  if (baseValues.length === 0 || headValues.length === 0) return void 0;
  const gated = gate.metrics.includes(name);
  const common = {
    metric: name,
    unit: head.unit,
    ...head.label !== void 0 ? { label: head.label } : {},
    direction: head.direction,
    gated
  };
  const absoluteThreshold = gate.points !== void 0 && head.unit === "percent" ? gate.points : void 0;
  const sides = { baseValues, headValues, common, absoluteThreshold };
  if (isExact(base) && isExact(head)) return compareExact(base, head, context, sides);
  if (base.summary || head.summary) return compareSummary(base, head, context, common);
  return compareSampled(base, head, context, sides);
}
function compareExact(base, head, context, sides) {
  const { gate, environmentDiffers } = context;
  const { baseValues, headValues, common, absoluteThreshold } = sides;
  if (!(base.value > 0 && head.value > 0)) {
    const v = exactDifferenceVerdict(
      base.value,
      head.value,
      gate.threshold,
      head.direction,
      absoluteThreshold
    );
    const warn = environmentDiffers && v.verdict !== "unchanged";
    return {
      ...common,
      exact: true,
      base: summarize(baseValues),
      head: summarize(headValues),
      ...byDifference(head.value - base.value),
      verdict: warn ? "warning" : v.verdict,
      ...whyOf(warn ? "warning" : v.verdict, v.notes[v.notes.length - 1]),
      notes: [
        ...v.notes,
        ...warn ? ["environment differs from the baseline: shown as a warning, not failing"] : []
      ]
    };
  }
  const d = decideExact(base.value, head.value, { threshold: gate.threshold, direction: head.direction });
  const notes = [];
  let verdict = d.verdict;
  if (environmentDiffers && verdict !== "unchanged") {
    notes.push("environment differs from the baseline: shown as a warning, not failing");
    verdict = "warning";
  }
  return {
    ...common,
    exact: true,
    base: summarize(baseValues),
    head: summarize(headValues),
    ratio: d.ratio,
    change: d.change,
    verdict,
    notes
  };
}
function compareSummary(base, head, context, common) {
  const { gate, drift, across } = context;
  const [baseSide, headSide] = [summaryOf(base), summaryOf(head)];
  if (!(baseSide.center > 0 && headSide.center > 0)) {
    const constant = baseSide.center === headSide.center;
    return {
      ...common,
      exact: false,
      base: summarize([baseSide.center]),
      head: summarize([headSide.center]),
      ...byDifference(headSide.center - baseSide.center),
      test: "summary-difference",
      verdict: constant ? "unchanged" : "unclear",
      ...constant ? {} : { why: "values can be ≤ 0: the difference is shown, not judged" },
      notes: constant ? [] : [NOT_BY_RATIO]
    };
  }
  const d = decideSummary(baseSide, headSide, {
    threshold: gate.threshold,
    alpha: gate.alpha,
    direction: head.direction
  });
  const moments = across && (d.verdict === "regression" || d.verdict === "improvement") ? decideAcrossMoments(
    d.verdict,
    summaryRatioInterval(d.intervals, d.ratio),
    head.direction,
    drift?.(),
    across.storedRuns
  ) : void 0;
  const estimate = moments ? drift?.() : void 0;
  return {
    ...common,
    exact: false,
    base: summarize([baseSide.center]),
    head: summarize([headSide.center]),
    ratio: d.ratio,
    change: d.change,
    test: d.test,
    ...baseSide.statistic && baseSide.statistic === headSide.statistic ? { statistic: baseSide.statistic } : {},
    ...estimate ? { drift: estimate } : {},
    verdict: moments?.verdict ?? d.verdict,
    ...whyOf(moments?.verdict ?? d.verdict, moments?.why ?? d.notes[d.notes.length - 1]),
    notes: moments ? [...d.notes, moments.note] : d.notes
  };
}
function compareSampled(base, head, context, sides) {
  const { gate, pairs } = context;
  const { common, absoluteThreshold } = sides;
  let { baseValues, headValues } = sides;
  const paired = pairs?.filter(([b, h]) => b < baseValues.length && h < headValues.length) ?? [];
  const processes = nestingOf(base, head, paired.length > 0 ? paired : void 0);
  const decision = { ...sampledOptions(baseValues, head, context), processes };
  const withPlacement = (notes2, pairedInterval) => {
    const placement = placementNote(base, head, pairedInterval);
    return placement ? [...notes2, placement] : notes2;
  };
  if (paired.length > 0) {
    baseValues = paired.map(([b]) => baseValues[b]);
    headValues = paired.map(([, h]) => headValues[h]);
  }
  if (!allPositive(baseValues) || !allPositive(headValues)) {
    const d2 = decideDifference(baseValues, headValues, { ...decision, absoluteThreshold });
    return {
      ...common,
      exact: false,
      base: d2.baseSummary,
      head: d2.headSummary,
      ...byDifference(d2.difference, d2.ci),
      ...d2.pValue !== void 0 ? { pValue: d2.pValue, test: d2.test } : {},
      verdict: d2.verdict,
      // A time at its clock's floor that did not change: what the clock can tell, not "unclear".
      ...d2.verdict === "unchanged" && d2.floor && head.unit === "ns" ? { atClockResolution: true } : {},
      ...whyOf(
        d2.verdict,
        d2.pValue !== void 0 && d2.pValue >= gate.alpha ? sampledWhy(d2, gate.alpha) : d2.notes[d2.notes.length - 1]
      ),
      notes: withPlacement(d2.notes, false)
    };
  }
  if (baseValues.length < MIN_SAMPLES_FOR_STATISTICS || headValues.length < MIN_SAMPLES_FOR_STATISTICS) {
    const d2 = decideFewSamples(baseValues, headValues, decision);
    return {
      ...common,
      exact: false,
      ...byRatio(d2),
      verdict: d2.verdict,
      ...whyOf(
        d2.verdict,
        `only ${baseValues.length} base and ${headValues.length} head values: too few for a test`
      ),
      notes: d2.notes
    };
  }
  const d = paired.length > 0 ? decidePaired(baseValues, headValues, decision) : decideSampled(baseValues, headValues, decision);
  const { verdict, notes, why, estimate } = againstDrift(d, context, paired.length, head.direction);
  return {
    ...common,
    exact: false,
    // decideSampled has summarised both sides already.
    ...byRatio(d),
    ci: d.ci,
    pValue: d.pValue,
    test: d.test,
    ...paired.length > 0 ? { pairs: paired.length } : {},
    ...estimate ? { drift: estimate } : {},
    verdict,
    ...whyOf(verdict, why),
    notes: withPlacement(notes, paired.length > 0)
  };
}
function byRatio(d) {
  return { base: d.baseSummary, head: d.headSummary, ratio: d.ratio, change: d.change };
}
function sampledOptions(baseValues, head, context) {
  const { name, benchmarkId, gate, large = false } = context;
  const baseMedian = summarize(baseValues).median;
  const threshold = gate.points !== void 0 && head.unit === "percent" && baseMedian > 0 ? gate.points / baseMedian : gate.threshold;
  return {
    intervalOnlyWhenDeciding: large,
    ...large ? { resamples: LARGE_SUITE_RESAMPLES } : {},
    threshold,
    alpha: gate.alpha,
    direction: head.direction,
    seed: `${benchmarkId}\0${name}`
  };
}
function againstDrift(d, context, pairs, direction) {
  const { gate, drift, across } = context;
  let verdict = d.verdict;
  const notes = [...d.notes];
  let why = sampledWhy(d, gate.alpha);
  let estimate;
  if (across && pairs === 0) {
    if (d.verdict === "regression" || d.verdict === "improvement") {
      estimate = drift?.();
      const m = decideAcrossMoments(
        d.verdict,
        d.ci ?? [d.ratio, d.ratio],
        direction,
        estimate,
        across.storedRuns
      );
      verdict = m.verdict;
      why = m.why;
      notes.push(m.note);
    }
  } else if (drift && (verdict === "regression" || verdict === "improvement")) {
    estimate = drift();
    if (estimate?.allowance !== void 0) {
      const seen = describeDrift(estimate, estimate.runs);
      if (withinDrift(d.ratio, estimate)) {
        notes.push(`within ${seen}`);
        why = `within ${seen}`;
        verdict = "unclear";
      } else {
        notes.push(`beyond ${seen}`);
      }
    } else estimate = void 0;
  }
  return { verdict, notes, why, estimate };
}
function sampledWhy(d, alpha) {
  if (d.pValue !== void 0 && !(d.pValue < alpha))
    return `not significant: p = ${formatSignificant(d.pValue)}, not below α = ${formatSignificant(alpha)}`;
  if (d.ci)
    return `the interval ${formatChange(d.ci[0] - 1)} … ${formatChange(d.ci[1] - 1)} includes no change`;
  return d.notes[d.notes.length - 1];
}
function whyOf(verdict, why) {
  return verdict === "unclear" && why !== void 0 ? { why } : {};
}
function summaryRatioInterval(intervals, ratio) {
  const { base, head } = intervals;
  if (base && head && base[0] > 0 && head[0] > 0) return [head[0] / base[1], head[1] / base[0]];
  return [ratio, ratio];
}

// src/compare/moments.ts
var WALL_CPU_DIVERGENCE = 1.25;
function centerOf(metric) {
  if (!metric || valuesOf(metric).length === 0) return void 0;
  return metric.summary ? metric.summary.center : summarize(valuesOf(metric)).median;
}
function cpuTimeOf(metrics) {
  const cpu = centerOf(metrics.cpu);
  if (cpu !== void 0) return { center: cpu, name: "cpu" };
  const systemName = metrics.system ? "system" : "sys";
  const user = centerOf(metrics.user);
  const system = centerOf(metrics[systemName]);
  if (user === void 0 || system === void 0) return void 0;
  return { center: user + system, name: `user + ${systemName}` };
}
function judgeOnCpuWhenWallDiverges(base, head, metrics, gate, history) {
  const wall = metrics.find(
    (m) => m.gated && (m.metric === "wall" || m.metric === "time") && m.unit === "ns" && !m.exact && m.basis !== "difference"
  );
  if (!wall) return;
  const cpuRow = metrics.find((m) => m.metric === "cpu" && m.basis !== "difference");
  if (wall.verdict === "unclear" && cpuRow && (cpuRow.verdict === "regression" || cpuRow.verdict === "improvement") && Math.sign(cpuRow.change) === Math.sign(wall.change) && beyondLikeDrift(cpuRow, wall.drift)) {
    wall.notes.push(
      `CPU time changed beyond what a change of the machine between the runs explains (cpu ${formatChange(cpuRow.change)}: ${cpuRow.verdict}): the program itself does more or less work, so wall time takes CPU time’s verdict`
    );
    wall.verdict = cpuRow.verdict;
    delete wall.why;
    return;
  }
  const baseCpu = cpuTimeOf(base.metrics);
  const headCpu = cpuTimeOf(head.metrics);
  if (!baseCpu || !headCpu || baseCpu.name !== headCpu.name) return;
  if (!(baseCpu.center > 0 && headCpu.center > 0)) return;
  const baseShare = centerOf(base.metrics[wall.metric]) / baseCpu.center;
  const headShare = centerOf(head.metrics[wall.metric]) / headCpu.center;
  if (Math.max(baseShare, headShare) < WALL_CPU_DIVERGENCE) return;
  const baseSwitches = centerOf(base.metrics["voluntary-cs"]);
  const headSwitches = centerOf(head.metrics["voluntary-cs"]);
  if (baseSwitches !== void 0 && headSwitches !== void 0 && (headShare >= baseShare ? headSwitches > baseSwitches : baseSwitches > headSwitches))
    return;
  let verdict;
  let change;
  let why;
  const row = metrics.find((m) => m.metric === "cpu");
  if (row) {
    if (row.basis === "difference") return;
    verdict = row.verdict;
    change = row.change;
    why = row.why;
  } else {
    const d = decideSummary(
      { center: baseCpu.center },
      { center: headCpu.center },
      { threshold: gate.threshold, alpha: gate.alpha, direction: "lower" }
    );
    verdict = d.verdict;
    change = d.change;
    if (d.verdict === "regression" || d.verdict === "improvement") {
      const runs = history?.get("user")?.length ?? 0;
      const m = decideAcrossMoments(d.verdict, [d.ratio, d.ratio], "lower", void 0, runs);
      verdict = m.verdict;
      why = m.why;
    } else why = d.notes[d.notes.length - 1];
  }
  wall.notes.push(
    `wall and CPU time diverge (wall/CPU ${baseShare.toFixed(2)} base, ${headShare.toFixed(2)} head): at one moment the program waited for a CPU; across moments the verdict is CPU time’s (${baseCpu.name} ${formatChange(change)}: ${verdict}), not wall time’s (${wall.verdict})`
  );
  wall.verdict = verdict;
  delete wall.why;
  if (verdict === "unclear") wall.why = `CPU time’s verdict: ${why ?? "unclear"}`;
}
function beyondLikeDrift(cpu, wallDrift) {
  if (!wallDrift || wallDrift.mixed || wallDrift.busyUnknown) return true;
  if (cpu.verdict !== "regression" && cpu.verdict !== "improvement") return false;
  const between = { ...wallDrift, reference: void 0 };
  const interval = cpu.ci ?? [cpu.ratio, cpu.ratio];
  return decideAcrossMoments(cpu.verdict, interval, "lower", between, wallDrift.runs).verdict === cpu.verdict;
}
function sidesOf(base, head) {
  const busy = [base, head].filter((b) => busyReason(b?.contention) !== void 0).length;
  return busy === 0 ? "quiet" : busy === 2 ? "busy" : "mixed";
}
function driftOf(stored, alpha, sides) {
  let estimate;
  return () => {
    estimate ??= estimateDrift(stored, { alpha, sides });
    return estimate;
  };
}

// src/compare/benchmark.ts
function compareBenchmark(base, head, options = {}) {
  const { history, pairs, acrossMoments = false } = options;
  const common = commonOf(base, head);
  if (head.status === "failed") {
    return { ...common, verdict: "failed", metrics: [], headOnly: [], error: head.error, notes: head.notes };
  }
  if (!base || base.status === "failed") {
    const notes2 = [...head.notes];
    if (base)
      notes2.push(`the baseline run of this benchmark failed (${base.error?.message ?? "no error recorded"})`);
    return { ...common, verdict: "new", metrics: [], headOnly: headOnly(head), notes: notes2 };
  }
  const resolution = resolveGate(derivedMetrics(head.kind), head.metrics, head.gate.metrics);
  const gate = { ...head.gate, metrics: resolution.gated };
  const metrics = compareMetrics(base, head, gate, options);
  if (acrossMoments && !pairs?.length) judgeOnCpuWhenWallDiverges(base, head, metrics, gate, history);
  const explanation = explainTimedChange(metrics, head.explanation, {
    threshold: head.gate.threshold,
    rule: head.gate.timedChange ?? "any",
    baselineCommit: options.baselineCommit
  });
  const compared = metrics.map((m) => m.metric);
  const follows = followedMetrics(derivedMetrics(head.kind), head.metrics, resolution.gated, compared);
  for (const m of metrics) {
    const lead = metrics.find((x) => x.metric === follows.get(m.metric));
    if (!lead) continue;
    m.follows = lead.metric;
    m.verdict = lead.verdict;
  }
  const pairCounts = metrics.filter((m) => m.pairs !== void 0).map((m) => m.pairs);
  const notes = [...head.notes];
  for (const [name, holder] of resolution.displaced)
    notes.push(`${name} not gated: the same samples as ${holder}, which the gate names first`);
  const missingGated = head.gate.metrics.filter(
    (g) => (resolution.absent.includes(g) || resolution.gated.includes(g)) && !compared.includes(g)
  );
  if (!metrics.some((m) => m.gated)) {
    const verdict2 = notCompared(base, head, resolution.gated, notes);
    if (verdict2 === "missing") return { ...common, verdict: verdict2, metrics, headOnly: [], notes };
    if (verdict2 === "new") return { ...common, verdict: verdict2, metrics, headOnly: headOnly(head), notes };
  }
  if (missingGated.length > 0) notes.push(`no baseline values for gated metric ${missingGated.join(", ")}`);
  const verdict = benchmarkVerdict(metrics);
  const changed = metrics.some((m) => m.gated && m.change !== 0);
  const functionChanges = changed && base.functions && head.functions ? diffFunctionCosts(base.functions, head.functions, FUNCTION_CHANGES_SHOWN) : void 0;
  const callPaths = changed && (verdict === "regression" || verdict === "improvement") && base.callTree && head.callTree ? diffCallTrees(base.callTree, head.callTree) : void 0;
  const heapSiteChanges = heapSiteChangesOf(base, head, metrics);
  return {
    ...common,
    verdict,
    metrics,
    headOnly: [],
    notes,
    functionChanges,
    ...callPaths ? { callPaths } : {},
    ...heapSiteChanges ? { heapSiteChanges } : {},
    ...pairCounts.length > 0 ? { pairs: Math.min(...pairCounts) } : {},
    ...explanation ? { explanation } : {}
  };
}
function commonOf(base, head) {
  const contention = {
    ...base?.contention && { base: base.contention },
    ...head.contention && { head: head.contention }
  };
  return {
    id: head.id,
    name: head.name,
    kind: head.kind,
    command: head.command,
    threshold: head.gate.threshold,
    alpha: head.gate.alpha,
    ...head.callTree ? { callTree: head.callTree } : {},
    ...contention.base || contention.head ? { contention } : {},
    ...head.shellCorrection || base?.shellCorrection ? {
      shellCorrection: {
        ...base?.shellCorrection && { base: base.shellCorrection },
        ...head.shellCorrection && { head: head.shellCorrection }
      }
    } : {}
  };
}
function compareMetrics(base, head, gate, options) {
  const { environmentDiffers = false, history, large = false, pairs, acrossMoments = false } = options;
  const metrics = [];
  const sides = sidesOf(base, head);
  for (const [name, headMetric] of Object.entries(head.metrics)) {
    const baseMetric = base.metrics[name];
    if (!baseMetric) continue;
    const stored = history?.get(name);
    const across = acrossMoments ? { storedRuns: stored?.length ?? 0 } : void 0;
    const m = compareMetric(baseMetric, headMetric, {
      name,
      benchmarkId: head.id,
      gate,
      environmentDiffers,
      ...stored && stored.length > 0 ? { drift: driftOf(stored, gate.alpha, sides) } : {},
      large,
      pairs,
      across
    });
    if (m) metrics.push(m);
  }
  return metrics;
}
function notCompared(base, head, gated, notes) {
  const judged = gated.length > 0 ? gated : Object.keys(head.metrics);
  const hasValues = (m) => m !== void 0 && valuesOf(m).length > 0;
  const headEmpty = judged.filter((n) => !hasValues(head.metrics[n]));
  const baseEmpty = judged.filter((n) => hasValues(head.metrics[n]) && !hasValues(base.metrics[n]));
  if (judged.length === 0 || headEmpty.length === judged.length) {
    notes.push(
      `not compared: this run has no values for ${judged.length > 0 ? headEmpty.join(", ") : "any metric"}`
    );
    return "missing";
  }
  if (baseEmpty.length > 0) {
    notes.push(`not compared: the baseline has no values for ${baseEmpty.join(", ")}`);
    return "new";
  }
  return void 0;
}
var METRIC_SEVERITY = [
  "regression",
  "accepted",
  "unclear",
  "warning",
  "improvement",
  "unchanged"
];
function benchmarkVerdict(metrics) {
  const gated = metrics.filter((m) => m.gated);
  for (const v of METRIC_SEVERITY) {
    if (gated.some((m) => m.verdict === v)) return v;
  }
  return "unchanged";
}
function headOnly(result) {
  const { gated } = resolveGate(derivedMetrics(result.kind), result.metrics, result.gate.metrics);
  return Object.entries(result.metrics).filter(([, m]) => valuesOf(m).length > 0).map(([metric, m]) => ({
    metric,
    unit: m.unit,
    ...m.label !== void 0 ? { label: m.label } : {},
    ...m.summary ? {
      summaryOnly: true,
      ...m.summary.statistic ? { statistic: m.summary.statistic } : {},
      ...m.summary.n !== void 0 ? { summaryOf: m.summary.n } : {}
    } : {},
    gated: gated.includes(metric),
    exact: isExact(m),
    summary: summarize(valuesOf(m))
  }));
}
function driftSummaryOf(benchmarks, history, head, baseById) {
  const headById = new Map(head.benchmarks.map((b) => [b.id, b]));
  const estimates = [];
  for (const b of benchmarks) {
    const timed = b.metrics.find((m) => m.gated && !m.exact && m.basis !== "difference");
    const stored = timed ? history.get(b.id)?.get(timed.metric) : void 0;
    if (!timed || !stored || stored.length === 0) continue;
    const h = headById.get(b.id);
    const sides = sidesOf(baseById.get(b.id), h);
    estimates.push(timed.drift ?? estimateDrift(stored, { alpha: h?.gate.alpha ?? b.alpha, sides }));
  }
  if (estimates.length === 0) return {};
  const known = estimates.filter((e2) => e2.allowance !== void 0);
  const bounds = known.map((e2) => driftBound(e2));
  const states = estimates.map((e2) => e2.states);
  const leftOut = /* @__PURE__ */ new Map();
  for (const e2 of estimates) {
    for (const r of e2.leftOut) {
      const key2 = `${r.sha ?? ""}\0${r.createdAt}`;
      const seen = leftOut.get(key2);
      if (seen) seen.benchmarks++;
      else leftOut.set(key2, { ...r, benchmarks: 1 });
    }
  }
  return {
    drift: {
      known: known.length,
      unknown: estimates.length - known.length,
      states: [Math.min(...states), Math.max(...states)],
      bounds: bounds.length > 0 ? [Math.min(...bounds), Math.max(...bounds)] : [1, 1],
      leftOut: [...leftOut.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    }
  };
}
function unpairedNote(b) {
  const why = kindOf(b.kind).unpairedReason ?? "its base and head runs did not alternate run by run";
  return `not paired: ${why}; compared unpaired`;
}

// src/compare/acceptance.ts
function acceptRegressions(b, rules) {
  if (b.verdict !== "regression" || !rules.some((r) => coversBenchmark(r, b))) return;
  for (const lead of b.metrics) {
    if (!lead.gated || lead.verdict !== "regression") continue;
    const views = b.metrics.filter((m) => m.follows === lead.metric);
    const names = [lead.metric, ...views.map((m) => m.metric)];
    const rule = rules.find(
      (r) => coversBenchmark(r, b) && (r.metric === void 0 || names.includes(r.metric))
    );
    if (!rule) continue;
    const by = {
      reason: rule.reason,
      ...rule.by !== void 0 ? { by: rule.by } : {},
      source: rule.source,
      ...rule.until !== void 0 ? { until: rule.until } : {}
    };
    for (const m of [lead, ...views]) {
      if (m.verdict !== "regression") continue;
      m.verdict = "accepted";
      m.accepted = by;
    }
  }
  b.verdict = benchmarkVerdict(b.metrics);
}
function acceptedRegressions(c) {
  return c.benchmarks.flatMap(
    (b) => b.metrics.flatMap(
      (m) => m.verdict === "accepted" && m.accepted ? [{ benchmark: b.id, metric: m.metric, ...m.accepted }] : []
    )
  );
}
function acceptanceSummary(accept, head) {
  const added = accept?.added ?? [];
  if (!accept || accept.rules.length === 0 && accept.notes.length === 0 && added.length === 0) return {};
  return {
    acceptance: {
      notes: [...accept.notes, ...staleNotes(accept.rules, head.benchmarks)],
      ...added.length > 0 ? { added } : {}
    }
  };
}

// src/compare/drift-history.ts
var EXACT_COUNT_TOLERANCE = 1e-4;
function historyRuns(history, baseline) {
  const out = /* @__PURE__ */ new Map();
  const runs = [...history].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const previousCounts = /* @__PURE__ */ new Map();
  for (const results of runs) {
    const accepted = new Set((results.accepted ?? []).map((a) => key(a.benchmark, a.metric)));
    const isBaseline = baseline !== void 0 && results.createdAt === baseline.createdAt && results.commit.sha === baseline.commit.sha;
    const counts = exactCountsByBenchmark(results);
    for (const b of results.benchmarks) {
      if (b.status !== "ok") continue;
      const own = counts.get(b.id) ?? /* @__PURE__ */ new Map();
      const moved = movedCounts(previousCounts.get(b.id), own);
      if (own.size > 0) previousCounts.set(b.id, own);
      const busy = busyReason(b.contention);
      const byMetric = out.get(b.id) ?? /* @__PURE__ */ new Map();
      out.set(b.id, byMetric);
      for (const [name, metric] of Object.entries(b.metrics)) {
        const center = centerOf2(metric);
        if (center === void 0) continue;
        const reason = accepted.has(key(b.id, name)) ? `it accepted a regression of ${name}` : moved;
        const list = byMetric.get(name) ?? [];
        list.push({
          center,
          ...results.commit.sha !== void 0 ? { sha: results.commit.sha.toLowerCase() } : {},
          ...results.commit.dirty ? { dirty: true } : {},
          createdAt: results.createdAt,
          ...reason !== void 0 ? { startsState: reason } : {},
          ...busy !== void 0 ? { busy } : {},
          ...isBaseline ? { baseline: true } : {}
        });
        byMetric.set(name, list);
      }
    }
  }
  return out;
}
function key(benchmark, metric) {
  return `${benchmark}\0${metric}`;
}
function centerOf2(metric) {
  if (metric.samples && metric.samples.length > 0) return summarize(metric.samples).median;
  return metric.summary?.center ?? metric.value;
}
function isExact2(metric) {
  return metric.value !== void 0 && (metric.samples === void 0 || metric.samples.length === 0);
}
function programOf(b) {
  if (!b.command || b.command.length === 0) return void 0;
  const bench = b.parameters.benchmark;
  const n = b.command.length;
  if (typeof bench === "string" && n >= 2 && b.command[n - 1] === bench && (b.command[n - 2] === "--run" || b.command[n - 2] === "--samples"))
    return JSON.stringify([...b.command.slice(0, n - 2), bench]);
  return JSON.stringify(b.command);
}
function exactCountsByBenchmark(results) {
  const exactOf = (b) => Object.entries(b.metrics).filter(([, m]) => isExact2(m) && m.value > 0);
  const byProgram = /* @__PURE__ */ new Map();
  for (const b of results.benchmarks) {
    if (b.status !== "ok" || exactOf(b).length === 0) continue;
    const program = programOf(b);
    if (program === void 0) continue;
    byProgram.set(program, [...byProgram.get(program) ?? [], b]);
  }
  const out = /* @__PURE__ */ new Map();
  for (const b of results.benchmarks) {
    if (b.status !== "ok") continue;
    const counts = /* @__PURE__ */ new Map();
    const program = programOf(b);
    const sources = [b, ...program !== void 0 ? byProgram.get(program) ?? [] : []];
    for (const source of new Set(sources))
      for (const [name, m] of exactOf(source))
        counts.set(source === b ? name : `${name} of ${source.name}`, m.value);
    if (counts.size > 0) out.set(b.id, counts);
  }
  return out;
}
function movedCounts(before, now) {
  if (!before) return void 0;
  for (const [name, value] of now) {
    const was = before.get(name);
    if (was === void 0) continue;
    const change = value / was - 1;
    if (Math.abs(change) > EXACT_COUNT_TOLERANCE)
      return `its exact counts moved (${name} ${change > 0 ? "+" : "−"}${Math.abs(change * 100).toFixed(2)}%)`;
  }
  return void 0;
}

// src/compare/fingerprint.ts
var FINGERPRINT_KEYS = ["os", "arch", "cpuModel", "kernel", "glibc", "runnerImage", "cpuCount"];
function environmentDifferences(base, head) {
  const diffs = [];
  for (const key2 of FINGERPRINT_KEYS) {
    const b = base[key2];
    const h = head[key2];
    if (b !== void 0 && h !== void 0 && String(b) !== String(h)) {
      diffs.push({ key: key2, base: String(b), head: String(h) });
    }
  }
  const tools = /* @__PURE__ */ new Set([...Object.keys(base.tools), ...Object.keys(head.tools)]);
  for (const tool of [...tools].sort()) {
    const b = base.tools[tool];
    const h = head.tools[tool];
    if (b !== void 0 && h !== void 0 && b !== h) diffs.push({ key: tool, base: b, head: h });
  }
  return diffs;
}

// src/compare/rank.ts
var MAX_RANKED = 50;
function rankBenchmarks(head) {
  const text = textParameters(head.benchmarks);
  const gathered = /* @__PURE__ */ new Map();
  for (const b of head.benchmarks) {
    const metric = rankedBy(b.kind);
    const samples = b.status === "ok" && metric !== void 0 ? b.metrics[metric]?.samples : void 0;
    if (metric === void 0 || !samples?.length || !allPositive(samples)) continue;
    for (const { basis, at } of declaredRankings(b, text)) {
      const key2 = JSON.stringify([basis, metric, pointKey(at)]);
      const ranking = gathered.get(key2) ?? { basis, at, metric, members: [] };
      ranking.members.push(b);
      gathered.set(key2, ranking);
    }
  }
  return [...gathered.values()].filter((r) => r.members.length >= 2 && r.members.length <= MAX_RANKED).map((r) => ({
    basis: "group" in r.basis ? { group: groupTitle(r.basis.group, r.members) } : r.basis,
    at: r.at,
    metric: r.metric,
    unit: r.members[0].metrics[r.metric].unit,
    entries: rankAgainstFastest(r.members, r.metric, "rank").map(({ b, median, ratio, ci }) => ({
      id: b.id,
      name: b.name,
      median,
      ratio,
      ci
    }))
  }));
}
function declaredRankings(b, text) {
  const declared = [];
  if (b.rankingGroup) declared.push({ basis: { group: b.rankingGroup }, at: b.parameters });
  const alternatives = b.series === void 0 ? void 0 : text.get(b.series);
  if (b.series !== void 0 && alternatives !== void 0 && alternatives.size > 0) {
    const entries = Object.entries(b.parameters);
    declared.push({
      basis: { scan: b.series, over: entries.filter(([k]) => alternatives.has(k)).map(([k]) => k) },
      at: Object.fromEntries(entries.filter(([k]) => !alternatives.has(k)))
    });
  }
  return declared;
}
function textParameters(results) {
  const text = /* @__PURE__ */ new Map();
  for (const b of results) {
    if (b.series === void 0) continue;
    const names = text.get(b.series) ?? /* @__PURE__ */ new Set();
    for (const [name, value] of Object.entries(b.parameters)) if (typeof value === "string") names.add(name);
    text.set(b.series, names);
  }
  return text;
}
function pointKey(point) {
  return JSON.stringify(Object.entries(point).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
}
function groupTitle(group, members) {
  const entries = [...new Set(members.map((b) => b.series ?? b.name))];
  const place2 = (name) => group.includes(name) ? group.indexOf(name) : group.length;
  return entries.sort((a, b) => place2(a) - place2(b));
}
function rankAgainstFastest(benchmarks, metric, seed) {
  const ordered = benchmarks.map((b) => ({
    b,
    samples: b.metrics[metric].samples,
    median: summarize(b.metrics[metric].samples).median
  })).sort((x, y) => x.median - y.median);
  const fastest = ordered[0];
  return ordered.map(({ b, samples, median }) => {
    if (b === fastest.b) return { b, median, ratio: 1, ci: [1, 1] };
    const ci = bootstrapRatioOfMedians(fastest.samples, samples, {
      resamples: 2e3,
      confidence: 0.95,
      seed: `${seed}\0${b.id}`,
      // Samples nested in runner processes are resampled by process (docs/methodology.md#nested-samples).
      processes: nestingOf(fastest.b.metrics[metric], b.metrics[metric])
    });
    return { b, median, ratio: ci.estimate, ci: [ci.low, ci.high] };
  });
}
function rankEngines(head) {
  const groups = /* @__PURE__ */ new Map();
  for (const b of head.benchmarks) {
    const engine = b.parameters.engine;
    if (typeof engine !== "string" || !b.name.endsWith(`/${engine}`)) continue;
    const benchmark = b.name.slice(0, -(engine.length + 1));
    groups.set(benchmark, [...groups.get(benchmark) ?? [], b]);
  }
  const rankings = [];
  for (const [benchmark, members] of groups) {
    const sampled = members.filter(
      (b) => b.status === "ok" && (b.metrics.time?.samples?.length ?? 0) > 0 && allPositive(b.metrics.time.samples)
    );
    const summarised = sampled.length > 0 ? [] : members.filter((b) => b.status === "ok" && (b.metrics.time?.summary?.center ?? 0) > 0);
    const ranked = sampled.length > 0 ? sampled : summarised;
    const unranked = members.filter((b) => !ranked.includes(b)).map((b) => String(b.parameters.engine));
    if (ranked.length < 2 && unranked.length === 0) continue;
    const entries = sampled.length > 0 ? rankAgainstFastest(sampled, "time", "engines") : summarised.length > 0 ? rankSummaries(summarised) : [];
    const engines = entries.map(({ b, median, ratio, ci }) => {
      const throughput = b.metrics.throughput;
      const rate = throughput?.samples?.length ? summarize(throughput.samples).median : throughput?.summary?.center;
      return {
        engine: String(b.parameters.engine),
        id: b.id,
        median,
        ...rate !== void 0 ? { throughput: rate } : {},
        ratio,
        ci,
        ...sampled.length === 0 ? { fromSummaries: true } : {}
      };
    });
    rankings.push({ benchmark, engines, unranked });
  }
  return rankings;
}
function engineTable(rankings) {
  const engines = [...new Set(rankings.flatMap((r) => [...r.engines.map((e2) => e2.engine), ...r.unranked]))];
  const rows = rankings.map((ranking) => ({
    benchmark: ranking.benchmark,
    cells: engines.map(
      (engine) => ranking.unranked.includes(engine) ? "failed" : ranking.engines.find((e2) => e2.engine === engine)
    )
  }));
  return { engines, rows };
}
function rankSummaries(benchmarks) {
  const ordered = benchmarks.map((b) => ({ b, summary: b.metrics.time.summary })).sort((x, y) => x.summary.center - y.summary.center);
  const relativeError = (s) => s.stddev !== void 0 && s.n !== void 0 ? 1.2533 * s.stddev / Math.sqrt(s.n) / s.center : void 0;
  const fastest = ordered[0];
  const fastestError = relativeError(fastest.summary);
  return ordered.map(({ b, summary }) => {
    if (b === fastest.b) return { b, median: summary.center, ratio: 1, ci: [1, 1] };
    const ratio = summary.center / fastest.summary.center;
    const error = relativeError(summary);
    if (error === void 0 || fastestError === void 0)
      return { b, median: summary.center, ratio, ci: [ratio, ratio] };
    const half = 1.96 * Math.hypot(error, fastestError);
    return {
      b,
      median: summary.center,
      ratio,
      ci: [ratio * Math.exp(-half), ratio * Math.exp(half)]
    };
  });
}

// src/compare/series.ts
function scalingSides(results) {
  const sides = /* @__PURE__ */ new Map();
  const sweeps = /* @__PURE__ */ new Map();
  for (const b of results) {
    const sweep = curvePointOf(b);
    const samples = b.metrics.throughput?.samples;
    if (!sweep || b.status !== "ok" || !samples?.length) continue;
    const key2 = `${sweep.series}\0${sweep.dimension}`;
    sweeps.set(key2, [
      ...sweeps.get(key2) ?? [],
      { b, count: sweep.count, throughput: summarize(samples).median }
    ]);
  }
  for (const points of sweeps.values()) {
    const smallest = points.reduce((a, b) => a.count <= b.count ? a : b);
    for (const p of points) {
      const speedup = smallest.throughput > 0 ? p.throughput / smallest.throughput : Number.NaN;
      const efficiency = speedup / (p.count / smallest.count);
      sides.set(p.b.id, { throughput: p.throughput, speedup, efficiency });
    }
  }
  return sides;
}
function scalingSeries(head, base, comparisons) {
  const headSides = scalingSides(head.benchmarks);
  const baseSides = scalingSides(base?.benchmarks ?? []);
  const verdicts = new Map(comparisons.map((c) => [c.id, c.verdict]));
  const series = /* @__PURE__ */ new Map();
  for (const b of [...head.benchmarks, ...base?.benchmarks ?? []]) {
    const sweep = curvePointOf(b);
    if (!sweep) continue;
    const key2 = `${sweep.series}\0${sweep.dimension}`;
    let s = series.get(key2);
    if (!s) {
      s = {
        benchmark: sweep.series,
        dimension: sweep.dimension,
        points: [],
        cores: head.environment.cpuCount
      };
      series.set(key2, s);
    }
    if (s.points.some((p) => p.id === b.id)) continue;
    const point = { count: sweep.count, id: b.id, verdict: verdicts.get(b.id) ?? "missing" };
    const baseSide = baseSides.get(b.id);
    const headSide = headSides.get(b.id);
    if (baseSide) point.base = baseSide;
    if (headSide) point.head = headSide;
    s.points.push(point);
  }
  for (const s of series.values()) s.points.sort((a, b) => a.count - b.count);
  return [...series.values()];
}
function parameterScans(head, base, comparisons) {
  const verdicts = new Map(comparisons.map((c) => [c.id, c.verdict]));
  const wall = (b) => {
    const samples = b?.status === "ok" ? b.metrics.wall?.samples : void 0;
    return samples?.length ? summarize(samples).median : void 0;
  };
  const sides = /* @__PURE__ */ new Map();
  for (const [side, results] of [
    ["head", head.benchmarks],
    ["base", base?.benchmarks ?? []]
  ]) {
    for (const b of results) {
      if (b.series === void 0) continue;
      sides.set(b.id, { ...sides.get(b.id), [side]: b });
    }
  }
  const series = /* @__PURE__ */ new Map();
  for (const [id, { base: b, head: h }] of sides) {
    const any = h ?? b;
    const entries = Object.entries(any.parameters);
    const [parameter, value] = entries[0] ?? [];
    const key2 = any.series;
    if (entries.length !== 1 || typeof value !== "number" || series.get(key2) === null) {
      series.set(key2, null);
      continue;
    }
    let s = series.get(key2);
    if (!s) {
      s = { benchmark: key2, parameter, points: [] };
      series.set(key2, s);
    }
    if (s.parameter !== parameter) {
      series.set(key2, null);
      continue;
    }
    const point = { value, id, verdict: verdicts.get(id) ?? "missing" };
    const baseWall = wall(b);
    const headWall = wall(h);
    if (baseWall !== void 0) point.base = baseWall;
    if (headWall !== void 0) point.head = headWall;
    s.points.push(point);
  }
  const drawn = [...series.values()].filter((s) => s !== null && s.points.length > 1);
  for (const s of drawn) s.points.sort((a, b) => a.value - b.value);
  return drawn;
}

// src/compare/index.ts
function compareResults(head, options = {}) {
  if (options.exact) return compareSplit(head, options);
  const base = options.baseline?.results;
  const environmentDiffs = base ? environmentDifferences(base.environment, head.environment) : [];
  const baseById = new Map(base?.benchmarks.map((b) => [b.id, b]) ?? []);
  const medians = historyRuns(options.history?.results ?? [], options.baseline?.results);
  const sampled = head.benchmarks.reduce(
    (n, b) => n + Object.values(b.metrics).filter((m) => m.samples !== void 0).length,
    0
  );
  const large = sampled > LARGE_SUITE_METRICS;
  const acrossMoments = options.acrossMoments === true && options.pairs === void 0;
  const benchmarks = head.benchmarks.map(
    (h) => compareBenchmark(baseById.get(h.id), h, {
      environmentDiffers: environmentDiffs.length > 0,
      history: medians.get(h.id),
      large,
      pairs: options.pairs?.[h.id],
      acrossMoments,
      baselineCommit: base?.commit.sha
    })
  );
  const rules = options.accept?.rules ?? [];
  if (rules.length > 0) for (const b of benchmarks) acceptRegressions(b, rules);
  const pairing = pairingOf(benchmarks);
  if (base && !options.filtered) benchmarks.push(...missingFrom(head, base));
  const { counts, verdict } = tally(benchmarks);
  return {
    suite: head.suite,
    head: { commit: head.commit, createdAt: head.createdAt, environment: head.environment },
    baseline: options.baseline ? {
      commit: options.baseline.results.commit,
      createdAt: options.baseline.results.createdAt,
      environment: options.baseline.results.environment,
      source: options.baseline.source,
      reason: options.baseline.reason
    } : void 0,
    noBaselineReason: options.baseline ? void 0 : options.noBaselineReason ?? "no baseline was given",
    baselineWarnings: options.baselineWarnings ?? [],
    history: options.history ? {
      runs: options.history.results.length,
      branch: options.history.branch,
      ...driftSummaryOf(benchmarks, medians, head, baseById)
    } : void 0,
    benchmarks,
    counts,
    verdict,
    environmentDifferences: environmentDiffs,
    ranking: rankBenchmarks(head),
    engineRankings: rankEngines(head),
    scaling: scalingSeries(head, base, benchmarks),
    scans: parameterScans(head, base, benchmarks),
    ...acrossMoments && options.baseline ? { acrossMoments } : {},
    ...acceptanceSummary(options.accept, head),
    ...pairing
  };
}
function pairingOf(benchmarks) {
  const pairCounts = benchmarks.flatMap((b) => b.pairs !== void 0 ? [b.pairs] : []);
  if (pairCounts.length === 0) return {};
  const unpaired = [];
  const exact = [];
  for (const b of benchmarks) {
    if (b.pairs !== void 0 || b.metrics.length === 0) continue;
    if (b.metrics.every((m) => m.exact)) exact.push(b.name);
    else {
      unpaired.push(b.name);
      b.notes.push(unpairedNote(b));
    }
  }
  return {
    pairing: {
      benchmarks: pairCounts.length,
      minPairs: Math.min(...pairCounts),
      maxPairs: Math.max(...pairCounts),
      paired: benchmarks.filter((b) => b.pairs !== void 0).map((b) => b.name),
      unpaired,
      exact
    }
  };
}
function missingFrom(head, base) {
  const headIds = new Set(head.benchmarks.map((b) => b.id));
  const missing = [];
  for (const b of base.benchmarks) {
    if (headIds.has(b.id)) continue;
    missing.push({
      id: b.id,
      name: b.name,
      kind: b.kind,
      command: b.command,
      verdict: "missing",
      threshold: b.gate.threshold,
      alpha: b.gate.alpha,
      metrics: [],
      headOnly: [],
      notes: ["in the baseline but not measured in this run"]
    });
  }
  return missing;
}
function exitCodeFor(comparison) {
  if (comparison.verdict === "failed") return 3;
  if (comparison.verdict === "regression") return 1;
  return 0;
}
function tally(benchmarks) {
  const counts = Object.fromEntries(VERDICT_ORDER.map((v) => [v, 0]));
  for (const b of benchmarks) counts[b.verdict]++;
  return { counts, verdict: counts.failed > 0 ? "failed" : counts.regression > 0 ? "regression" : "pass" };
}
var countsInstructions = (b) => isExactKind(b.kind);
function only(results, keep) {
  return results && { ...results, benchmarks: results.benchmarks.filter(keep) };
}
function compareSplit(head, options) {
  const { exact, ...rest } = options;
  const timedOnly = (b) => !countsInstructions(b);
  const withBaseline = (o, keep) => ({
    ...o.baseline ? { baseline: { ...o.baseline, results: only(o.baseline.results, keep) } } : {},
    ...o.history ? { history: { ...o.history, results: o.history.results.map((r) => only(r, keep)) } } : {}
  });
  const timed = compareResults(only(head, timedOnly), { ...rest, ...withBaseline(rest, timedOnly) });
  const counts = compareResults(only(head, countsInstructions), {
    ...exact,
    ...withBaseline(exact ?? {}, countsInstructions),
    filtered: rest.filtered
  });
  const benchmarks = [...timed.benchmarks, ...counts.benchmarks];
  const { acceptance: _timed, ...timedRest } = timed;
  return {
    ...timedRest,
    ...acceptanceSummary(joinAcceptances([rest.accept, exact?.accept]), head),
    baselineWarnings: [...timed.baselineWarnings, ...counts.baselineWarnings],
    benchmarks,
    ...tally(benchmarks),
    exactBaseline: {
      ...counts.baseline ? { baseline: counts.baseline } : { noBaselineReason: counts.noBaselineReason },
      environmentDifferences: counts.environmentDifferences,
      benchmarks: counts.benchmarks.length
    }
  };
}

// src/report/rows.ts
var VERDICT_LABEL = {
  regression: "regression",
  accepted: "accepted",
  improvement: "improvement",
  unchanged: "unchanged",
  unclear: "unclear",
  warning: "warning",
  new: "no baseline",
  missing: "not run",
  failed: "failed"
};
var VERDICT_ICON = {
  regression: "🔴",
  accepted: "🟠",
  improvement: "🟢",
  unchanged: "⚪",
  unclear: "🟡",
  warning: "⚠️",
  new: "🆕",
  missing: "➖",
  failed: "💥"
};
function headlineMetrics(b) {
  const gated = b.metrics.filter((m) => m.gated);
  const deciding = gated.filter((m) => m.verdict === b.verdict);
  if (deciding.length > 0) return deciding;
  return gated.length > 0 ? gated.slice(0, 1) : b.metrics.slice(0, 1);
}
function orderedMetrics(b) {
  const gated = b.metrics.filter((m) => m.gated);
  const deciding = gated.filter((m) => m.verdict === b.verdict);
  return [...deciding, ...gated.filter((m) => m.verdict !== b.verdict), ...b.metrics.filter((m) => !m.gated)];
}
var COUNT_UNITS = /* @__PURE__ */ new Set(["count", "instructions"]);
function withinResolution(m) {
  const moved = Math.abs(m.head.median - m.base.median);
  return moved === 0 || COUNT_UNITS.has(m.unit) && moved < 1;
}
function leftOutOfTables(m) {
  return !m.gated && (m.verdict === "unchanged" || m.verdict === "unclear") && withinResolution(m);
}
function listedMetrics(b) {
  return orderedMetrics(b).filter((m) => !leftOutOfTables(m));
}
function leftOutMetrics(benchmarks) {
  return benchmarks.flatMap(
    (b) => orderedMetrics(b).filter(leftOutOfTables).map((metric) => ({ benchmark: b, metric }))
  );
}
function describeLeftOut(n) {
  return `${n} ${n === 1 ? "metric that does" : "metrics that do"} not gate and did not change beyond ${n === 1 ? "its" : "their"} resolution`;
}
function metricVerdictLabel(r) {
  const label = VERDICT_LABEL[r.verdict];
  if (r.follows !== void 0) return `${label} (follows ${r.follows})`;
  if (r.atClockResolution && r.verdict === "unchanged") return `${label} (at the clock's resolution)`;
  if (!r.gated && r.verdict !== "unchanged") return `${label} (not gated)`;
  return label;
}
function headOnlyValue(h) {
  if (h.exact) return formatExact(h.summary.median, h.unit, h.label);
  if (h.summaryOnly) return formatValue(h.summary.median, h.unit, h.label);
  return `${formatValue(h.summary.median, h.unit, h.label)} ± ${formatValue(h.summary.mad, h.unit, h.label)}`;
}
function shownHeadOnly(b, verbose) {
  if (verbose) return b.headOnly;
  const gated = b.headOnly.filter((h) => h.gated);
  return gated.length > 0 ? gated : b.headOnly.slice(0, 1);
}
function metricLabel(m) {
  if (m.exact) return m.metric;
  if (m.test?.startsWith("summary")) return `${m.metric} (${m.statistic ?? "summary"})`;
  return `${m.metric} (median)`;
}
function headOnlyLabel(h, samples = "median ± MAD") {
  if (h.exact) return h.metric;
  if (h.summaryOnly) return `${h.metric} (${h.statistic ?? "summary"})`;
  return `${h.metric} (${samples})`;
}
function headOnlyRuns(h) {
  if (h.summaryOnly) return h.summaryOf === void 0 ? "" : String(h.summaryOf);
  return String(h.summary.n);
}
function metricRow(b, m) {
  return {
    benchmark: b.name,
    benchmarkId: b.id,
    metric: metricLabel(m),
    base: `${(m.exact ? formatExact : formatValue)(m.base.median, m.unit, m.label)}${rateBeside(b, m, "base")}`,
    head: `${(m.exact ? formatExact : formatValue)(m.head.median, m.unit, m.label)}${rateBeside(b, m, "head")}`,
    change: changeCell(m),
    interval: m.exact ? "exact" : m.test?.startsWith("summary") ? "summary only" : m.basis === "difference" ? m.differenceCi ? formatDifferenceInterval(m.differenceCi[0], m.differenceCi[1], m.unit, m.label) : "—" : m.ci && Number.isFinite(m.ci[0]) && Number.isFinite(m.ci[1]) ? formatRatioInterval(m.ci[0], m.ci[1]) : "—",
    p: m.pValue !== void 0 ? formatPValue(m.pValue) : "",
    verdict: m.verdict,
    ...m.follows !== void 0 ? { follows: m.follows } : {},
    gated: m.gated,
    ...m.verdict === "unclear" && m.why !== void 0 ? { why: m.why } : {},
    ...m.atClockResolution ? { atClockResolution: true } : {},
    notes: m.notes
  };
}
function rateBeside(b, m, side) {
  if (!m.gated) return "";
  const rate = b.metrics.find((r) => r.follows === m.metric && (r.unit === "bytes/s" || r.unit === "ops/s"));
  return rate ? ` (${formatValue(rate[side].median, rate.unit, rate.label)})` : "";
}
function changeCell(m) {
  if (m.basis === "difference") return formatDifference(m.difference ?? Number.NaN, m.unit, m.label);
  return Number.isFinite(m.change) ? formatChange(m.change) : "n/a";
}
function acceptedRows(benchmarks) {
  return benchmarks.flatMap(
    (b) => b.verdict !== "accepted" ? [] : b.metrics.filter((m) => m.gated && m.verdict === "accepted" && m.accepted).map((m) => ({ benchmark: b, row: metricRow(b, m), accepted: m.accepted }))
  );
}
function failureGroups(failed) {
  const groups = /* @__PURE__ */ new Map();
  for (const b of failed) {
    const key2 = JSON.stringify([b.error?.message ?? "", b.error?.stderrTail?.trim() ?? ""]);
    const group = groups.get(key2);
    if (group) group.benchmarks.push(b);
    else groups.set(key2, { benchmarks: [b], ...b.error ? { error: b.error } : {} });
  }
  return [...groups.values()];
}
function environmentRows(c) {
  const head = c.head.environment;
  const base = c.baseline?.environment;
  const rows = [];
  const keys = [
    ["OS", (e2) => `${e2.os} ${e2.arch}`],
    ["kernel", (e2) => e2.kernel],
    ["CPU", (e2) => `${e2.cpuModel} × ${e2.cpuCount}`],
    ["glibc", (e2) => e2.glibc],
    ["runner image", (e2) => e2.runnerImage],
    ["node", (e2) => e2.node]
  ];
  for (const [label, get] of keys) {
    const h = get(head);
    const b = base ? get(base) : void 0;
    if (h === void 0 && b === void 0) continue;
    rows.push([label, b ?? "", h ?? ""]);
  }
  const tools = /* @__PURE__ */ new Set([...Object.keys(head.tools), ...Object.keys(base?.tools ?? {})]);
  for (const t of [...tools].sort()) rows.push([t, base?.tools[t] ?? "", head.tools[t] ?? ""]);
  return rows;
}
function unnamedFunction(name) {
  return /^0x[0-9a-f]+$/i.test(name);
}
var UNNAMED_FUNCTIONS_HINT = "A function shown as an address has no symbol in its binary: build it with -g (and do not strip it) to see its name.";

// src/report/describe.ts
function describeCommit(commit) {
  if (commit.sha === void 0 && commit.branch === void 0)
    return "no commit (not a git repository, or no commit yet)";
  const parts = [shortSha(commit.sha)];
  if (commit.branch) parts.push(`on ${commit.branch}`);
  if (commit.dirty) parts.push("with uncommitted changes");
  return parts.join(" ");
}
function describeBaseline(c, now) {
  if (!c.baseline) return `no baseline: ${c.noBaselineReason}`;
  const when = formatAge(new Date(c.baseline.createdAt), now);
  const paired = c.pairing ? `, ${describePairing(c.pairing)}` : "";
  return `${describeCommit(c.baseline.commit)}, measured ${when}: ${c.baseline.reason}${paired}`;
}
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function describeExactBaseline(c, now) {
  const x = c.exactBaseline;
  if (!x) return void 0;
  const count = plural(x.benchmarks, "benchmark");
  if (!x.baseline) return `none (${count}): ${x.noBaselineReason ?? "no stored run"}`;
  const when = formatAge(new Date(x.baseline.createdAt), now);
  const diffs = x.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join("; ");
  return `${describeCommit(x.baseline.commit)}, measured ${when}: ${x.baseline.reason} (${count})${diffs ? `; counted in another environment (${diffs}), so a changed count is a warning` : ""}`;
}
function describePairing(p) {
  const pairs = `interleaved, ${describePairCount(p)} per benchmark`;
  if (p.unpaired.length === 0 && p.exact.length === 0) return pairs;
  const parts = [`${pairs} for ${benchmarkCount(p.benchmarks)} (${listNames(p.paired)})`];
  if (p.unpaired.length > 0)
    parts.push(
      `not interleaved, compared unpaired: ${benchmarkCount(p.unpaired.length)} (${listNames(p.unpaired)})`
    );
  if (p.exact.length > 0)
    parts.push(
      `exact counts, which need no pairing: ${benchmarkCount(p.exact.length)} (${listNames(p.exact)})`
    );
  return parts.join("; ");
}
function benchmarkCount(n) {
  return `${n} benchmark${n === 1 ? "" : "s"}`;
}
function listNames(names, shown = 10) {
  if (names.length <= shown) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}
function describeRunNoise(c) {
  if (!c.baseline) return void 0;
  const cancelled = "base and head ran on this machine a moment apart, their runs alternating";
  if (c.pairing && c.pairing.unpaired.length === 0) return `cancelled in each pair: ${cancelled}`;
  const unknown = describeUnpairedNoise(c);
  if (!c.pairing) return unknown;
  return `cancelled in each pair for the ${benchmarkCount(c.pairing.benchmarks)} compared on pairs: ${cancelled}; for the ${benchmarkCount(c.pairing.unpaired.length)} compared unpaired, ${unknown}`;
}
function describeUnpairedNoise(c) {
  const runs = c.history?.runs ?? 0;
  const where = c.history?.branch ? ` on ${c.history.branch}` : "";
  const stored = `${runs} stored run${runs === 1 ? "" : "s"}${where}`;
  const drift = c.history?.drift;
  const gross = formatChange(UNKNOWN_NOISE_BOUND - 1);
  const consequence = c.acrossMoments ? "a timed change counts only when its whole interval lies beyond it" : "a change no larger than it is unclear, not a regression";
  if (!drift || drift.known === 0) {
    const unknown = runs === 0 ? "unknown (no stored runs)" : `unknown (${stored}: too few of the same code)`;
    return c.acrossMoments ? `${unknown}; base and head were measured at different moments, so a timed change counts only when its whole interval lies beyond ${gross}, more than this machine drifts between moments${leftOutText(drift)}` : `${unknown}; verdicts assume the machine was as fast for the baseline as for this run${leftOutText(drift)}`;
  }
  const [low, high] = drift.bounds;
  const range = low === high ? `±${percent2(low)}` : `±${percent2(low)} to ±${percent2(high)}`;
  const states = drift.states[0] === drift.states[1] ? `${drift.states[0]} state${drift.states[0] === 1 ? "" : "s"}` : `${drift.states[0]}–${drift.states[1]} states`;
  const few = drift.unknown > 0 ? `; ${benchmarkCount(drift.unknown)} with too few runs of one state of the code ${c.acrossMoments ? `${drift.unknown === 1 ? "needs" : "need"} the whole interval beyond ${gross}` : `${drift.unknown === 1 ? "is" : "are"} judged without it`}` : "";
  return `the drift between runs of the same code, from the last ${stored} (${states} of the code): ${range}; ${consequence}${few}${leftOutText(drift)}`;
}
function leftOutText(drift) {
  if (!drift || drift.leftOut.length === 0) return "";
  const shown = drift.leftOut.slice(0, 5).map((r) => {
    const benchmarks = drift.known + drift.unknown;
    const some = r.benchmarks < benchmarks ? ` for ${r.benchmarks} of ${benchmarkCount(benchmarks)}` : "";
    return `${r.sha ? shortSha(r.sha) : `the run of ${r.createdAt}`} (${r.reason}${some})`;
  });
  const more = drift.leftOut.length > 5 ? ` and ${drift.leftOut.length - 5} more` : "";
  return `; left out: ${shown.join(", ")}${more}`;
}
function percent2(bound) {
  return `${((bound - 1) * 100).toFixed(1)}%`;
}
function describeCounts(c) {
  const parts = [];
  const order = VERDICT_ORDER;
  for (const v of order) {
    const n = c.counts[v];
    if (n > 0 || v === "regression")
      parts.push(`${n} ${n === 1 || v !== "regression" ? VERDICT_LABEL[v] : "regressions"}`);
  }
  return parts;
}
function headline(c) {
  const failed = c.counts.failed;
  const regressions = c.counts.regression;
  const total = c.benchmarks.length;
  const accepted = c.counts.accepted > 0 ? ` (${plural(c.counts.accepted, "regression")} accepted)` : "";
  if (regressions > 0 && failed > 0) {
    return {
      icon: "🔴",
      text: `${plural(regressions, "regression")} and ${plural(failed, "failed benchmark")}${accepted}`
    };
  }
  if (regressions > 0)
    return {
      icon: "🔴",
      text: `${plural(regressions, "regression")} in ${plural(total, "benchmark")}${accepted}`
    };
  if (failed > 0) return { icon: "💥", text: `${plural(failed, "benchmark")} failed to run${accepted}` };
  if (!c.baseline)
    return { icon: "ℹ️", text: `${plural(total, "benchmark")} measured, no baseline to compare with` };
  return { icon: "✅", text: `no regressions in ${plural(total, "benchmark")}${accepted}` };
}
function describeAddedAcceptances(c) {
  const added = c.acceptance?.added ?? [];
  if (added.length === 0) return [];
  const entries = added.map(
    (e2) => `${describeEntry(e2)}${e2.until !== void 0 ? `, until ${e2.until}` : ""}: ${JSON.stringify(e2.reason)}`
  );
  return [
    `Added by this pull request: ${added.length === 1 ? "an accept: entry" : `${added.length} accept: entries`} of bench.yml that its base does not have. ${added.length === 1 ? "It accepts" : "They accept"} regressions because this pull request says so; review ${added.length === 1 ? "it" : "them"} with the code.`,
    ...entries
  ];
}
function describeAcceptedBy(a) {
  if (a.source === "label")
    return a.by !== void 0 ? `@${a.by}, with the label` : "the label (by whom is unknown)";
  return a.until !== void 0 ? `bench.yml, until ${a.until}` : "bench.yml";
}
function gateDescription(c) {
  const thresholds = new Set(c.benchmarks.map((b) => formatPercentSetting(b.threshold)));
  const alphas = new Set(c.benchmarks.map((b) => String(b.alpha)));
  const t = [...thresholds].join(", ");
  const a = [...alphas].join(", ");
  const unpaired = `Mann–Whitney U p < α = ${a}, with the bootstrap confidence interval of the ratio of medians wholly on the bad side`;
  const paired = c.pairing ? `paired: Wilcoxon signed-rank p < α = ${a} on the log-ratios of ${describePairCount(c.pairing)} of neighbouring base and head runs, with the bootstrap confidence interval of the median paired ratio wholly on the bad side` : void 0;
  const test = !paired ? unpaired : c.pairing.unpaired.length === 0 ? paired : `${paired}; unpaired, for the ${benchmarkCount(c.pairing.unpaired.length)} whose runs did not alternate: ${unpaired}`;
  return `A regression is a gated metric worse than its threshold (${t}) and significant (${test}). Beyond the threshold but not significant is unclear: shown, not failing. One metric per measurement gates; its other views (throughput of the same samples as time) show its verdict.`;
}
function describePairCount(p) {
  return p.minPairs === p.maxPairs ? `${p.minPairs} pairs` : `${p.minPairs}–${p.maxPairs} pairs`;
}
var CONTENDED_SHOWN = 5;
function contendedMeasurements(c) {
  const out = [];
  for (const side of ["head", "base"]) {
    for (const b of c.benchmarks) {
      const contention = b.contention?.[side];
      if (!contention || b.verdict === "failed") continue;
      const reasons = contentionReasons(contention);
      if (reasons.length === 0) continue;
      out.push({ benchmark: b, ...c.baseline ? { side } : {}, contention, reasons });
    }
  }
  return out;
}
function describeContention(x) {
  const percent3 = (p) => `${Math.round(p)}%`;
  const parts = [
    `load ${Math.max(x.loadAverage.start, x.loadAverage.end).toFixed(1)} on ${x.cpus} CPU${x.cpus === 1 ? "" : "s"}`
  ];
  if (x.stealPercent >= 1) parts.push(`${percent3(x.stealPercent)} of CPU time stolen by the hypervisor`);
  if (x.cpuPressurePercent !== void 0)
    parts.push(`tasks waited for a CPU ${percent3(x.cpuPressurePercent)} of the time`);
  else parts.push(`other programs used ${percent3(x.otherBusyPercent)} of the CPUs`);
  if (x.wallCpuRatio !== void 0) parts.push(`wall ${sig3(x.wallCpuRatio)}× CPU time`);
  if (x.involuntaryCsPerRun !== void 0)
    parts.push(`${sig3(x.involuntaryCsPerRun)} involuntary context switches per run`);
  return parts.join(", ");
}
function contendedLine(m) {
  const side = m.side ? ` (${m.side === "head" ? "head" : "baseline"})` : "";
  return { name: m.benchmark.name, detail: `${side}: ${describeContention(m.contention)}` };
}
function contentionConsequence(c, contended) {
  if (!c.baseline) return "its timings may be slower than the code is";
  if (contended.every((m) => m.benchmark.pairs !== void 0))
    return "base and head ran interleaved and shared the load, so the comparison stays fair but noisier";
  return "wall-clock comparisons across moments are unreliable: a slowdown may be the load, not the change";
}
function shellCorrections(c) {
  const side = (s) => `−${formatValue(s.ns, "ns")}, measured over ${s.runs} runs`;
  return c.benchmarks.flatMap((b) => {
    const { base, head } = b.shellCorrection ?? {};
    if (!base && !head) return [];
    const parts = [head && side(head), base && `baseline ${side(base)}`].filter(Boolean);
    return [{ name: b.name, detail: `wall corrected for shell start-up: ${parts.join("; ")}` }];
  });
}
function describeExplanation(x) {
  const changes = x.changes.map((c) => `${c.metric} ${formatChange(c.change)}`).join(", ");
  if (x.instructions) {
    const { base, head, change, reading } = x.instructions;
    const said = `${changes}, instructions ${formatChange(change)} (${formatCount(base)} → ${formatCount(head)})`;
    if (reading === "explains") return said;
    if (reading === "opposite") return `${said}: the instructions went the other way`;
    const barely = `${said}: the instructions barely changed: code placement or memory is the likely cause`;
    return x.unclear ? `${barely}; gated as unclear (timed-change: explained-only)` : barely;
  }
  const { status, reason } = x.notCounted;
  const what = {
    skipped: "instructions not counted",
    failed: "counting the instructions failed",
    elsewhere: "instruction counts not used"
  }[status];
  const kept = x.rule === "explained-only" ? "; the verdict stays as measured (timed-change: explained-only)" : "";
  return `${changes}; ${what}: ${reason}${kept}`;
}

// src/report/escape.ts
import { createHash } from "node:crypto";
var ZERO_WIDTH_SPACE = "​";
var BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function withoutBidiControls(text) {
  return text.replace(BIDI_CONTROLS, "�");
}
function escapeMarkdownInline(text) {
  return withoutBidiControls(text).replace(/\r\n|\r|\n/g, " ").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_[\]|#~!])/g, "\\$1").replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`).replace(/:(?=\/\/)/g, "&#58;").replace(/(w{3})\./gi, "$1&#46;");
}
function escapeMarkdownLine(text) {
  return escapeMarkdownInline(text.trim()).replace(/^([-+=])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");
}
function markdownCode(text) {
  const oneLine = withoutBidiControls(text).replace(/\r\n|\r|\n/g, "⏎").replace(/\|/g, "\\|");
  const longest = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = oneLine.startsWith("`") || oneLine.endsWith("`") ? " " : "";
  return `${fence}${pad}${oneLine}${pad}${fence}`;
}
function markdownCodeBlock(text) {
  const safe = withoutBidiControls(text);
  const longest = Math.max(2, ...Array.from(safe.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const body = safe.endsWith("\n") ? safe : `${safe}
`;
  return `${fence}text
${body}${fence}`;
}
function escapeHtml(text) {
  return withoutBidiControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`);
}
function htmlCode(text) {
  return `<code>${escapeHtml(text.replace(/\r\n|\r|\n/g, "⏎"))}</code>`;
}
var MARKER_SUITE_LENGTH = 100;
function markerFor(suite) {
  let id = suite.replace(/[^A-Za-z0-9._-]/g, "_");
  if (id.length > MARKER_SUITE_LENGTH)
    id = `${id.slice(0, 80)}.${createHash("sha256").update(suite).digest("hex").slice(0, 16)}`;
  return `<!-- bench-action:${id} -->`;
}

// src/report/mermaid.ts
var THROUGHPUT_UNITS = [
  [1e9, "G ops/s"],
  [1e6, "M ops/s"],
  [1e3, "k ops/s"]
];
function throughputScale(opsPerSecond) {
  const largest = Math.max(0, ...opsPerSecond.filter(Number.isFinite).map(Math.abs));
  for (const [factor, unit] of THROUGHPUT_UNITS) {
    if (largest >= factor) return { factor, unit };
  }
  return { factor: 1, unit: "ops/s" };
}
function plainNumber(value, largest) {
  if (!Number.isFinite(value)) return "0";
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString();
  const magnitude = largest > 0 ? Math.floor(Math.log10(largest)) : 0;
  const decimals = Math.min(20, Math.max(0, 2 - magnitude));
  const fixed = value.toFixed(decimals);
  const trimmed = fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
  return trimmed === "-0" ? "0" : trimmed;
}
function niceCeiling(largest) {
  if (!(largest > 0) || !Number.isFinite(largest)) return 1;
  const step = 10 ** Math.floor(Math.log10(largest)) / 2;
  return Math.ceil(largest / step - 1e-9) * step;
}
function mermaidText(text) {
  return withoutBidiControls(text).replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/"/g, "”").replace(/`/g, "′").replace(/\[/g, "(").replace(/\]/g, ")").replace(/[{}]/g, (c) => c === "{" ? "(" : ")").replace(/</g, "‹").replace(/>/g, "›").replace(/%{2,}/g, "%").replace(/#(?=\w+;)/g, "＃").replace(/\s+/g, " ").trim();
}
function lineChartMermaid(chart) {
  const largest = Math.max(0, ...chart.lines.flatMap(([, values]) => values.filter(Number.isFinite)));
  const top = niceCeiling(largest);
  const categories = chart.categories.map((n) => `"${plainNumber(n, n)}"`).join(", ");
  const lines = [
    "```mermaid",
    "xychart-beta",
    `  title "${mermaidText(chart.title)}"`,
    `  x-axis "${mermaidText(chart.xLabel)}" [${categories}]`,
    `  y-axis "${mermaidText(chart.yLabel)}" 0 --> ${plainNumber(top, top)}`
  ];
  for (const [side, values] of chart.lines) {
    lines.push(`  line "${mermaidText(side)}" [${values.map((v) => plainNumber(v, largest)).join(", ")}]`);
  }
  lines.push("```");
  return `${lines.join("\n")}
`;
}
function drawnSides(all) {
  const withHead = all.filter((p) => p.head !== void 0);
  const points = withHead.length > 0 ? withHead : all.filter((p) => p.base !== void 0);
  const sides = [];
  for (const side of ["base", "head"]) {
    const values = points.map((p) => p[side]);
    if (points.length > 0 && values.every((v) => v !== void 0)) sides.push([side, values]);
  }
  return { points, sides };
}
function scalingMermaid(series) {
  const { points, sides } = drawnSides(series.points);
  if (points.length === 0) return "";
  const scale = throughputScale(sides.flatMap(([, values]) => values.map((s) => s.throughput)));
  return lineChartMermaid({
    title: `${series.benchmark}: throughput by ${series.dimension}`,
    xLabel: series.dimension,
    categories: points.map((p) => p.count),
    yLabel: `throughput (${scale.unit})`,
    lines: sides.map(([side, values]) => [side, values.map((s) => s.throughput / scale.factor)])
  });
}
var TIME_UNITS = [
  [1e9, "s"],
  [1e6, "ms"],
  [1e3, "µs"]
];
function timeScale(ns) {
  const largest = Math.max(0, ...ns.filter(Number.isFinite));
  for (const [factor, unit] of TIME_UNITS) if (largest >= factor) return { factor, unit };
  return { factor: 1, unit: "ns" };
}
function scanMermaid(series) {
  const { points, sides } = drawnSides(series.points);
  if (points.length === 0) return "";
  const scale = timeScale(sides.flatMap(([, values]) => values));
  return lineChartMermaid({
    title: `${series.benchmark}: wall time by ${series.parameter}`,
    xLabel: series.parameter,
    categories: points.map((p) => p.value),
    yLabel: `wall time, median (${scale.unit})`,
    lines: sides.map(([side, values]) => [side, values.map((v) => v / scale.factor)])
  });
}

// src/report/html-charts.ts
var SIDE_COLOR = { base: "#8a8f98", head: "#1f6feb" };
var SIDE_SHAPE = { base: "square", head: "circle" };
var OVERSUBSCRIBED_FILL = "#f6d5d1";
function unitOf(series, n) {
  const one = series.dimension === "threads" ? "thread" : "process";
  if (n === 1) return one;
  return series.dimension;
}
function chartRows(series, kind, scale) {
  const rows = [];
  for (const p of series.points) {
    for (const side of ["base", "head"]) {
      const s = p[side];
      if (!s || !Number.isFinite(s[kind])) continue;
      const value = kind === "throughput" ? s.throughput / scale.factor : s[kind];
      rows.push({
        count: p.count,
        side,
        value,
        label: `${side}, ${p.count} ${unitOf(series, p.count)}: ${describe(s, kind, scale)}`
      });
    }
  }
  return rows;
}
function describe(s, kind, scale) {
  if (kind === "throughput") return `${sig3(s.throughput / scale.factor)} ${scale.unit}`;
  if (kind === "speedup") return `${sig3(s.speedup)}×`;
  return `${sig3(s.efficiency * 100)}%`;
}
function seriesScale(series) {
  const throughputs = series.points.flatMap((p) => [p.base?.throughput, p.head?.throughput]);
  return throughputScale(throughputs.filter((t) => t !== void 0));
}
function chartSpec(series, kind) {
  const scale = seriesScale(series);
  const counts = [...new Set(series.points.map((p) => p.count))].sort((a, b) => a - b);
  const smallest = counts[0] ?? 1;
  const yTitle = kind === "throughput" ? `throughput (${scale.unit})` : kind === "speedup" ? `speedup over ${smallest} ${unitOf(series, smallest)}` : "efficiency";
  return lineChartSpec({
    rows: chartRows(series, kind, scale),
    counts,
    xTitle: series.dimension,
    yTitle,
    ...kind === "efficiency" ? { yFormat: "%" } : {},
    cores: series.cores,
    ...kind !== "throughput" ? { ideal: counts.map((n) => ({ count: n, value: kind === "speedup" ? n / smallest : 1 })) } : {}
  });
}
function scanChartSpec(series) {
  const scale = timeScale(series.points.flatMap((p) => [p.base, p.head]).filter((x) => x !== void 0));
  const rows = series.points.flatMap(
    (p) => ["base", "head"].flatMap((side) => {
      const ns = p[side];
      if (ns === void 0) return [];
      return [
        {
          count: p.value,
          side,
          value: ns / scale.factor,
          label: `${side}, ${series.parameter} ${p.value}: ${formatValue(ns, "ns")}`
        }
      ];
    })
  );
  return lineChartSpec({
    rows,
    counts: series.points.map((p) => p.value),
    xTitle: series.parameter,
    yTitle: `wall time, median (${scale.unit})`
  });
}
function oversubscribedLayers(cores, smallest, largest) {
  if (cores === void 0 || largest <= cores) return [];
  const from = cores >= smallest ? { datum: cores } : { value: 0 };
  return [
    {
      data: { values: [{}] },
      mark: { type: "rect", color: OVERSUBSCRIBED_FILL, opacity: 0.7 },
      encoding: { x: from, x2: { value: "width" } }
    },
    {
      data: { values: [{}] },
      mark: {
        type: "text",
        text: `oversubscribed (> ${plural(cores, "CPU")})`,
        align: "right",
        baseline: "bottom",
        dx: -2,
        dy: -3,
        fontSize: 10,
        color: "#a40e26"
      },
      // Above the plot at its right edge, where no line or axis label can cover it.
      encoding: { x: { value: "width" }, y: { value: 0 } }
    }
  ];
}
function lineChartSpec(data) {
  const { rows, counts } = data;
  const smallest = counts[0] ?? 1;
  const largest = counts[counts.length - 1] ?? 1;
  const sides = ["base", "head"].filter((s) => rows.some((r) => r.side === s));
  const integers = counts.every(Number.isInteger);
  const logarithmic = smallest > 0 && largest > smallest;
  const x = {
    field: "count",
    type: "quantitative",
    title: data.xTitle,
    scale: logarithmic ? { type: "log", base: 2, domain: [smallest, largest], nice: false, padding: 18 } : { domain: [Math.min(0, smallest), Math.max(1, largest)], nice: false, padding: 18 },
    axis: { values: counts, format: integers ? "d" : "~g", grid: false }
  };
  const y = {
    field: "value",
    type: "quantitative",
    title: data.yTitle,
    ...data.yFormat ? { axis: { format: data.yFormat } } : {}
  };
  const color = {
    field: "side",
    type: "nominal",
    title: null,
    scale: { domain: [...sides], range: sides.map((s) => SIDE_COLOR[s]) }
  };
  const shape = {
    field: "side",
    type: "nominal",
    title: null,
    scale: { domain: [...sides], range: sides.map((s) => SIDE_SHAPE[s]) }
  };
  const layers = oversubscribedLayers(data.cores, smallest, largest);
  if (data.ideal) {
    layers.push({
      name: "ideal",
      data: { values: data.ideal },
      mark: { type: "line", color: "#b0b7c0", strokeDash: [4, 3], strokeWidth: 1.5 },
      encoding: { x, y }
    });
  }
  layers.push({
    name: "lines",
    mark: { type: "line", strokeWidth: 2 },
    encoding: { x, y, color }
  });
  layers.push({
    name: "points",
    mark: { type: "point", filled: true, size: 64, opacity: 1 },
    encoding: { x, y, color, shape, description: { field: "label", type: "nominal" } }
  });
  return {
    width: 270,
    height: 190,
    background: "white",
    padding: 8,
    data: { values: rows },
    layer: layers,
    config: {
      font: "system-ui, sans-serif",
      view: { stroke: "#d0d7de" },
      axis: { labelFontSize: 11, titleFontSize: 11, titleFontWeight: "normal", gridColor: "#eaeef2" },
      legend: { orient: "bottom", direction: "horizontal", labelFontSize: 11 }
    }
  };
}
var CHANGES_WIDTH = 1136;
var CHANGES_LABELS = 320;
var CHANGES_ROW = 18;
var THRESHOLD_FILL = "#dce3ed";
var LABEL_CHARACTERS = 36;
var VERDICT_COLOR = {
  regression: "#cf222e",
  accepted: "#bc4c00",
  improvement: "#1a7f37",
  unclear: "#bf8700",
  warning: "#bf8700",
  unchanged: "#57606a"
};
function changeLabel(name, change) {
  const room = LABEL_CHARACTERS - change.length - 2;
  const chars = [...name];
  return `${chars.length > room ? `${chars.slice(0, room - 1).join("")}…` : name}: ${change}`;
}
function oneTwoFive(upTo) {
  const out = [];
  for (let decade = 1; decade / 10 <= upTo; decade *= 10) for (const m of [1, 2, 5]) out.push(m * decade);
  return out;
}
function axisEnd(value) {
  const wanted = value * 1.1;
  for (let decade = 1; ; decade *= 10)
    for (const m of [1, 1.5, 2, 3, 5, 7]) if (m * decade >= wanted) return m * decade;
}
function changesAxis(rows) {
  const thresholds = [...new Set(rows.map((r) => r.threshold))].filter((t) => t > 0).sort((a, b) => a - b);
  const constant = thresholds[0] ?? 1;
  const widest = thresholds[thresholds.length - 1] ?? 1;
  const low = -Math.min(100, axisEnd(Math.max(2 * widest, ...rows.map((r) => -r.low))));
  const high = axisEnd(Math.max(2 * widest, ...rows.map((r) => r.high)));
  const at = (x) => Math.sign(x) * Math.log1p(Math.abs(x) / constant);
  const gap = (at(high) - at(low)) / 12;
  const candidates = [
    0,
    ...thresholds.flatMap((t) => [t, -t]),
    low,
    high,
    ...oneTwoFive(Math.max(high, -low)).flatMap((v) => [v, -v])
  ].filter((v) => v >= low && v <= high);
  const ticks = [];
  for (const v of candidates) if (ticks.every((t) => Math.abs(at(t) - at(v)) >= gap - 1e-9)) ticks.push(v);
  return { constant, domain: [low, high], ticks: ticks.sort((a, b) => a - b) };
}
function verdictScale(rows) {
  const domain = [...new Set(rows.map((r) => r.verdict))];
  return { domain, range: domain.map((v) => VERDICT_COLOR[v] ?? "#57606a") };
}
function changesChartSpec(rows) {
  const { constant, domain, ticks } = changesAxis(rows);
  const color = {
    field: "verdict",
    type: "nominal",
    scale: verdictScale(rows),
    legend: { title: null, orient: "bottom", direction: "horizontal", labelFontSize: 11 }
  };
  const scale = { type: "symlog", constant, domain, nice: false, zero: false };
  const x = (field, axis) => ({
    field,
    type: "quantitative",
    scale,
    ...axis ? { axis } : {}
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    // The plot's frame draws its stroke half a pixel outside it: one pixel less keeps the whole chart
    // CHANGES_WIDTH wide.
    width: CHANGES_WIDTH - CHANGES_LABELS - 1,
    height: { step: CHANGES_ROW },
    padding: 0,
    background: "white",
    // Each row by its place and label ("2:hash 4M · wall: +30.0%"), so rows whose labels read the same
    // (one name, one metric, one change) stay rows of their own; the axis shows the label alone.
    data: { values: rows.map((r, i) => ({ ...r, row: `${i + 1}:${r.label}` })) },
    encoding: {
      y: {
        field: "row",
        type: "nominal",
        sort: null,
        title: null,
        axis: {
          labelExpr: "slice(datum.value, indexof(datum.value, ':') + 1)",
          labelLimit: CHANGES_LABELS - 12,
          minExtent: CHANGES_LABELS,
          maxExtent: CHANGES_LABELS
        }
      }
    },
    layer: [
      {
        mark: { type: "rect", color: THRESHOLD_FILL },
        encoding: {
          x: x("negative", {
            title: "change (shaded: within the threshold; the scale widens near 0 and narrows far from it)",
            values: ticks,
            labelExpr: "datum.value === 0 ? '0%' : format(datum.value, '+~g') + '%'",
            labelFlush: true,
            grid: true
          }),
          x2: { field: "threshold" }
        }
      },
      { mark: { type: "rule", color: "#8c959f" }, encoding: { x: { datum: 0, scale } } },
      {
        mark: { type: "rule", strokeWidth: 2 },
        encoding: {
          x: x("low"),
          x2: { field: "high" },
          color
        }
      },
      {
        mark: { type: "point", filled: true, size: 50, opacity: 1 },
        encoding: { x: x("change"), color, description: { field: "description", type: "nominal" } }
      }
    ],
    config: {
      font: "system-ui, sans-serif",
      view: { stroke: "#d0d7de" },
      axis: { labelFontSize: 10, titleFontSize: 11, titleFontWeight: "normal", gridColor: "#eaeef2" }
    }
  };
}
function stableSvgIds(svg, prefix) {
  const ids = [...new Set(Array.from(svg.matchAll(/\bid="([^"]+)"/g), (m) => m[1]))];
  if (ids.length === 0) return svg;
  const renamed = new Map(ids.map((id, i) => [id, `${prefix}-${i + 1}`]));
  const pattern = new RegExp(
    `(\\bid="|url\\(#|href="#)(${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?=[")])`,
    "g"
  );
  return svg.replace(pattern, (_, lead, id) => `${lead}${renamed.get(id)}`);
}
var libraries;
function loadLibraries() {
  libraries ??= Promise.all([import("./vega.module-I5YL7JM4.js"), import("./build-XG5VM5MJ.js")]).then(([vega, vegaLite]) => ({
    vega,
    vegaLite
  }));
  return libraries;
}
function withoutBidiControlsIn(value) {
  if (typeof value === "string") return withoutBidiControls(value);
  if (Array.isArray(value)) return value.map(withoutBidiControlsIn);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutBidiControlsIn(v)]));
  return value;
}
async function renderSvg(spec, idPrefix) {
  const { vega, vegaLite } = await loadLibraries();
  const logger = vega.logger(vega.Error);
  const compiled = vegaLite.compile(withoutBidiControlsIn(spec), { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none", logLevel: vega.Error });
  try {
    const svg = await view.toSVG();
    return stableSvgIds(svg, idPrefix);
  } finally {
    view.finalize();
  }
}

// src/report/heap-site-rows.ts
var HEAP_SITES_TITLE = "allocation sites whose heap use changed most";
var HEAP_SITES_HEADER = [
  "Allocation site",
  "Line",
  "Base bytes",
  "Head bytes",
  "Δ bytes",
  "Base blocks",
  "Head blocks",
  "Δ blocks"
];
function signedCount(delta) {
  return `${delta > 0 ? "+" : ""}${formatCount(delta)}`;
}
function siteStack(change) {
  return change.stack.join(" ← ");
}
function heapSiteRow(change) {
  const base = (n) => change.presence === "new" ? "new" : formatCount(n);
  const head = (n) => change.presence === "gone" ? "gone" : formatCount(n);
  return {
    site: siteStack(change),
    line: change.lines.join(", "),
    baseBytes: base(change.base.bytes),
    headBytes: head(change.head.bytes),
    deltaBytes: signedCount(change.head.bytes - change.base.bytes),
    baseBlocks: base(change.base.blocks),
    headBlocks: head(change.head.blocks),
    deltaBlocks: signedCount(change.head.blocks - change.base.blocks)
  };
}

// src/report/ranking.ts
function rankingTitle(r, code2) {
  const what = "group" in r.basis ? listed(r.basis.group.map(code2)) : `${code2(r.basis.scan)} across ${listed(r.basis.over.map(code2))}`;
  const point = Object.entries(r.at).map(([name, value]) => code2(`${name}=${value}`));
  const at = point.length > 0 ? ` at ${listed(point)}` : "";
  return `Ranking of ${what}${at} by ${rankedMetric(r.metric)}`;
}

// src/report/site-paths.ts
import { createHash as createHash2 } from "node:crypto";
function slug(text, max) {
  const plain = text.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, max).replace(/-+$/, "");
  return plain === "" ? "x" : plain;
}
function digest(text) {
  return createHash2("sha256").update(text).digest("hex").slice(0, 10);
}
function suiteFolder(suite) {
  return `${slug(suite, 40)}-${digest(`suite\0${suite}`)}`;
}
function trendPagePath(suite, benchmarkId) {
  return `${suiteFolder(suite)}/${slug(benchmarkId, 60)}-${digest(`benchmark\0${suite}\0${benchmarkId}`)}.html`;
}
function suiteIndexPath(suite) {
  return `${suiteFolder(suite)}/index.html`;
}
function trendPageUrl(siteUrl, suite, benchmarkId) {
  return `${siteUrl.replace(/\/+$/, "")}/${trendPagePath(suite, benchmarkId)}`;
}

// src/report/html-sections.ts
function e(text) {
  return escapeHtml(text);
}
function code(text) {
  return `<code>${e(text)}</code>`;
}
function verdictCell(v) {
  return verdictBadge(v, VERDICT_LABEL[v]);
}
function verdictBadge(v, label) {
  return `<span class="badge badge-${v}">${e(label)}</span>`;
}
function notesCell(notes) {
  const unique = [...new Set(notes)];
  if (unique.length === 0) return '<td class="notes"></td>';
  return `<td class="notes"><ul>${unique.map((n) => `<li>${e(n)}</li>`).join("")}</ul></td>`;
}
function trendLink(c, b) {
  if (c.trends === void 0) return "";
  return ` <a class="trend" href="${e(trendPageUrl(c.trends, c.suite, b.id))}">trend</a>`;
}
function addedAcceptances(c) {
  const [first, ...entries] = describeAddedAcceptances(c);
  if (first === void 0) return "";
  return `<div class="warnings" id="added-acceptances"><p><span class="mark">!</span> ${e(first)}</p><ul>${entries.map((x) => `<li>${e(x)}</li>`).join("")}</ul></div>`;
}
function acceptedNote(m) {
  return m.accepted ? [`accepted by ${describeAcceptedBy(m.accepted)}: ${m.accepted.reason}`] : [];
}
function benchmarkRows(c, b) {
  const row = (cells, verdict, notes2) => `<tr class="v-${verdict}">${cells.join("")}${notesCell(notes2)}</tr>`;
  const name = `<td>${code(b.name)}${trendLink(c, b)}</td>`;
  if (b.metrics.some((m) => m.gated)) {
    const shown = new Set(headlineMetrics(b));
    return listedMetrics(b).map((m, i) => {
      const r = metricRow(b, m);
      const change = shown.has(m) && (m.verdict === "regression" || m.verdict === "accepted" || m.verdict === "improvement");
      return row(
        [
          name,
          `<td>${e(r.metric)}</td>`,
          `<td class="num">${e(r.base)}</td>`,
          `<td class="num">${e(r.head)}</td>`,
          `<td class="num">${change ? `<strong>${e(r.change)}</strong>` : e(r.change)}</td>`,
          `<td class="num">${e(r.interval)}</td>`,
          `<td class="num">${e(r.p)}</td>`,
          `<td>${verdictBadge(r.verdict, metricVerdictLabel(r))}</td>`
        ],
        r.gated ? r.verdict : "unchanged",
        [
          ...r.why !== void 0 ? [`unclear: ${r.why}`] : [],
          ...i === 0 && b.explanation ? [describeExplanation(b.explanation)] : [],
          ...i === 0 ? b.notes : [],
          ...m.gated ? acceptedNote(m) : [],
          ...r.notes
        ]
      );
    });
  }
  const headOnly2 = shownHeadOnly(b, false);
  if (headOnly2.length > 0) {
    return headOnly2.map(
      (h, i) => row(
        [
          name,
          `<td>${e(headOnlyLabel(h))}</td>`,
          '<td class="num"></td>',
          `<td class="num">${e(headOnlyValue(h))}</td>`,
          '<td class="num"></td><td class="num"></td><td class="num"></td>',
          `<td>${verdictCell(b.verdict)}</td>`
        ],
        b.verdict,
        i === 0 ? b.notes : []
      )
    );
  }
  const notes = b.error ? [b.error.message, ...b.notes] : b.notes;
  const metric = b.metrics.length > 0 ? b.metrics.map(metricLabel).join(", ") : "";
  return [
    row(
      [
        name,
        `<td>${e(metric)}</td>`,
        '<td class="num"></td><td class="num"></td><td class="num"></td><td class="num"></td><td class="num"></td>',
        `<td>${verdictCell(b.verdict)}</td>`
      ],
      b.verdict,
      notes
    )
  ];
}
function benchmarksSection(c, benchmarks) {
  const header = ["Benchmark", "Metric", "Base", "Head", "Change", "Interval", "p", "Verdict", "Notes"];
  const rows = benchmarks.flatMap((b) => benchmarkRows(c, b));
  if (rows.length === 0) rows.push(`<tr><td colspan="${header.length}">No benchmarks ran.</td></tr>`);
  const leftOut = leftOutMetrics(benchmarks.filter((b) => b.metrics.some((m) => m.gated))).length;
  return [
    '<section id="benchmarks">',
    "<h2>Benchmarks</h2>",
    "<table>",
    `<thead><tr>${header.map((h) => `<th>${h}</th>`).join("")}</tr></thead>`,
    `<tbody>
${rows.join("\n")}
</tbody>`,
    "</table>",
    ...leftOut > 0 ? [
      `<p class="counts" id="left-out">Not listed: ${e(describeLeftOut(leftOut))}. Their medians are equal, or for a count less than 1 apart; the rule is in docs/methodology.md, “Metrics the reports leave out”.</p>`
    ] : [],
    "</section>"
  ].join("\n");
}
function acceptedSection(c, accepted, notes) {
  const header = ["Benchmark", "Metric", "Change", "Interval", "Verdict", "Accepted by", "Reason"];
  const rows = accepted.map(
    ({ benchmark, row, accepted: a }) => `<tr class="v-accepted"><td>${code(row.benchmark)}${trendLink(c, benchmark)}</td><td>${e(row.metric)}</td><td class="num"><strong>${e(row.change)}</strong></td><td class="num">${e(row.interval)}</td><td>${verdictCell("accepted")}</td><td>${e(describeAcceptedBy(a))}</td><td>${e(a.reason)}</td></tr>`
  );
  return [
    '<section id="accepted">',
    "<h2>Accepted regressions</h2>",
    ...rows.length > 0 ? [
      "<table>",
      `<thead><tr>${header.map((h) => `<th>${h}</th>`).join("")}</tr></thead>`,
      `<tbody>
${rows.join("\n")}
</tbody>`,
      "</table>"
    ] : [],
    ...notes.length > 0 ? [`<ul class="warnings">${notes.map((n) => `<li>${e(n)}</li>`).join("")}</ul>`] : [],
    "</section>"
  ].join("\n");
}
function failuresSection(failed) {
  const blocks = failureGroups(failed).map((g) => {
    const names = listNames(g.benchmarks.map((b) => code(b.name)));
    const parts = [`<h3>${names}</h3>`, `<p>${e(g.error?.message ?? "failed")}</p>`];
    const only2 = g.benchmarks.length === 1 ? g.benchmarks[0] : void 0;
    if (only2?.command) parts.push(`<p>Command: ${code(only2.command.join(" "))}</p>`);
    const tail = g.error?.stderrTail?.trim();
    parts.push(tail ? `<p>stderr (last lines):</p>
<pre>${e(tail)}</pre>` : "<p>No stderr output.</p>");
    return parts.join("\n");
  });
  return ['<section id="failures">', "<h2>Failures</h2>", ...blocks, "</section>"].join("\n");
}
function heapSitesSection(changed) {
  const header = HEAP_SITES_HEADER.map((h) => `<th>${e(h)}</th>`).join("");
  const blocks = changed.map((b) => {
    const rows = b.heapSiteChanges.map((change) => {
      const r = heapSiteRow(change);
      const counts = [r.baseBytes, r.headBytes, r.deltaBytes, r.baseBlocks, r.headBlocks, r.deltaBlocks];
      return `<tr><td>${code(r.site)}</td><td>${e(r.line)}</td>${counts.map((n) => `<td class="num">${e(n)}</td>`).join("")}</tr>`;
    });
    return [
      `<h3>${code(b.name)} ${verdictCell(b.verdict)}</h3>`,
      `<table><thead><tr>${header}</tr></thead><tbody>
${rows.join("\n")}
</tbody></table>`
    ].join("\n");
  });
  return [
    '<section id="heap-sites">',
    "<h2>Where heap allocations changed</h2>",
    ...blocks,
    "</section>"
  ].join("\n");
}
function environmentSection(c) {
  const rows = environmentRows(c).map(([k, b, h]) => {
    const differs = c.baseline !== void 0 && b !== "" && b !== h;
    return `<tr><td>${e(k)}</td><td>${e(b)}</td><td>${e(h)}${differs ? " ⚠️" : ""}</td></tr>`;
  });
  if (rows.length === 0) return "";
  return [
    '<section id="environment">',
    "<h2>Environment</h2>",
    "<table>",
    "<thead><tr><th></th><th>Base</th><th>Head</th></tr></thead>",
    `<tbody>
${rows.join("\n")}
</tbody>`,
    "</table>",
    "</section>"
  ].join("\n");
}
function metaSection(c, now) {
  const items = [
    ["Suite", code(c.suite)],
    ["Head", `${e(describeCommit(c.head.commit))}, measured ${e(c.head.createdAt)}`],
    ["Baseline", e(describeBaseline(c, now))]
  ];
  if (c.baseline) items.push(["Baseline source", code(c.baseline.source)]);
  const exact = describeExactBaseline(c, now);
  if (exact) items.push(["Instruction counts compared with", e(exact)]);
  if (c.exactBaseline?.baseline) items.push(["Its source", code(c.exactBaseline.baseline.source)]);
  const noise = describeRunNoise(c);
  if (noise) items.push(["Drift between runs", e(noise)]);
  const out = ['<dl class="meta">', ...items.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`), "</dl>"];
  if (c.baselineWarnings.length > 0) {
    out.push(
      `<ul class="warnings">${c.baselineWarnings.map((w) => `<li><span class="mark">!</span> ${e(w)}</li>`).join("")}</ul>`
    );
  }
  if (c.environmentDifferences.length > 0) {
    const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`);
    out.push(
      `<p class="warnings"><span class="mark">!</span> The environment differs from the baseline's: ${e(diffs.join("; "))}.</p>`
    );
  }
  const contended = contendedMeasurements(c);
  if (contended.length > 0) {
    const items2 = contended.slice(0, CONTENDED_SHOWN).map((m) => {
      const { name, detail } = contendedLine(m);
      return `<li>${code(name)}${e(detail)}</li>`;
    });
    if (contended.length > CONTENDED_SHOWN)
      items2.push(`<li>and ${contended.length - CONTENDED_SHOWN} more</li>`);
    out.push(
      `<div class="warnings" id="contention"><p>⚠️ The machine was busy while measuring; ${e(contentionConsequence(c, contended))}.</p><ul>${items2.join("")}</ul></div>`
    );
  }
  return out.join("\n");
}
function shellCorrectionSection(lines) {
  return [
    '<section id="shell-correction">',
    "<h2>Shell start-up</h2>",
    `<ul>${lines.map(({ name, detail }) => `<li>${code(name)}: ${e(detail)}</li>`).join("")}</ul>`,
    "</section>"
  ].join("\n");
}
var capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
function rankingSection(rankings) {
  const tables = rankings.flatMap((r) => {
    const rows = r.entries.map((x, i) => {
      const versus = i === 0 ? "fastest" : `${sig3(x.ratio)}× (95% interval ${sig3(x.ci[0])}–${sig3(x.ci[1])})`;
      return `<tr><td>${code(x.name)}</td><td class="num">${e(formatValue(x.median, r.unit))}</td><td class="num">${e(versus)}</td></tr>`;
    });
    return [
      `<h3>${rankingTitle(r, code)}</h3>`,
      "<table>",
      `<thead><tr><th>Benchmark</th><th>${e(capitalised(rankedMetric(r.metric)))}</th><th>vs fastest</th></tr></thead>`,
      `<tbody>
${rows.join("\n")}
</tbody>`,
      "</table>"
    ];
  });
  return ['<section id="rankings">', "<h2>Rankings</h2>", ...tables, "</section>"].join("\n");
}

// src/report/html-figures.ts
function pointsTable(series) {
  const cell = (s, f) => `<td class="num">${s ? e(f(s)) : ""}</td>`;
  const scale = seriesScale(series);
  const rows = series.points.map((p) => {
    const over = p.count > series.cores ? " (oversubscribed)" : "";
    return [
      `<tr class="v-${p.verdict}">`,
      `<td class="num">${p.count}${over}</td>`,
      cell(p.base, (s) => describe(s, "throughput", scale)),
      cell(p.head, (s) => describe(s, "throughput", scale)),
      cell(p.base, (s) => describe(s, "speedup", scale)),
      cell(p.head, (s) => describe(s, "speedup", scale)),
      cell(p.base, (s) => describe(s, "efficiency", scale)),
      cell(p.head, (s) => describe(s, "efficiency", scale)),
      `<td>${verdictCell(p.verdict)}</td>`,
      "</tr>"
    ].join("");
  });
  const header = [
    series.dimension,
    "Base throughput",
    "Head throughput",
    "Base speedup",
    "Head speedup",
    "Base efficiency",
    "Head efficiency",
    "Verdict"
  ];
  return [
    '<table class="scaling-points">',
    `<thead><tr>${header.map((h) => `<th>${e(h)}</th>`).join("")}</tr></thead>`,
    `<tbody>
${rows.join("\n")}
</tbody>`,
    "</table>"
  ].join("\n");
}
var CHART_TITLES = {
  throughput: "Throughput",
  speedup: "Speedup",
  efficiency: "Efficiency"
};
async function scalingBlock(series, index) {
  const figures = [];
  for (const kind of ["throughput", "speedup", "efficiency"]) {
    const svg = await renderSvg(chartSpec(series, kind), `scaling-${index + 1}-${kind}`);
    figures.push(
      [
        `<figure class="chart" data-chart="${kind}" data-series="${index + 1}">`,
        `<figcaption>${CHART_TITLES[kind]}</figcaption>`,
        svg,
        "</figure>"
      ].join("\n")
    );
  }
  const over = series.points.filter((p) => p.count > series.cores).map((p) => p.count);
  const cores = `The machine that measured head has ${plural(series.cores, "logical CPU")}.`;
  const note = over.length > 0 ? `<p class="oversubscribed">${cores} Oversubscribed (more ${e(series.dimension)} than CPUs, shaded in the charts): ${over.join(", ")}.</p>` : `<p>${cores}</p>`;
  return [
    `<section class="scaling" id="scaling-${index + 1}">`,
    `<h3>${code(series.benchmark)} by ${e(series.dimension)}</h3>`,
    note,
    `<div class="charts">
${figures.join("\n")}
</div>`,
    pointsTable(series),
    "</section>"
  ].join("\n");
}
var CHANGES_CHARTED = 60;
async function changesSection(benchmarks) {
  const rows = benchmarks.flatMap(
    (b) => b.metrics.filter((m) => m.gated && m.basis !== "difference" && Number.isFinite(m.change)).map((m) => {
      const interval = m.ci && Number.isFinite(m.ci[0]) && Number.isFinite(m.ci[1]) ? m.ci : void 0;
      const change = formatChange(m.change);
      return {
        label: changeLabel(`${b.name} · ${m.metric}`, change),
        description: `${b.name} · ${m.metric}: ${change}`,
        change: m.change * 100,
        low: (interval ? interval[0] - 1 : m.change) * 100,
        high: (interval ? interval[1] - 1 : m.change) * 100,
        threshold: b.threshold * 100,
        negative: -b.threshold * 100,
        verdict: m.verdict
      };
    })
  );
  if (rows.length === 0) return "";
  const shown = rows.slice(0, CHANGES_CHARTED);
  const svg = await renderSvg(changesChartSpec(shown), "changes");
  const more = rows.length > shown.length ? `<p>The first ${shown.length} of ${rows.length} gated metrics; the table has every one.</p>` : "";
  return [
    '<section id="changes">',
    "<h2>Changes</h2>",
    `<figure class="chart changes">${svg}<figcaption>Each gated metric's change and its interval, regressions first; the shaded band is its threshold. The scale is stretched near 0 and compressed far from it, so small and large changes both fit; each row's label gives its change.</figcaption></figure>`,
    more,
    "</section>"
  ].filter((x) => x !== "").join("\n");
}
var SAMPLES_CHARTED = 24;
async function samplesSection(benchmarks, samples) {
  if (!samples) return "";
  const byId = (set) => new Map((set?.benchmarks ?? []).map((b) => [b.id, b]));
  const [heads, bases] = [byId(samples.head), byId(samples.base)];
  const blocks = [];
  for (const b of benchmarks) {
    if (blocks.length >= SAMPLES_CHARTED) break;
    const metric = b.metrics.find((m) => m.gated && !m.exact);
    const head = heads.get(b.id)?.metrics[metric?.metric ?? ""]?.samples;
    const base = bases.get(b.id)?.metrics[metric?.metric ?? ""]?.samples;
    if (!metric || !head?.length || !base?.length) continue;
    const { factor, label } = unitScale(metric.base.median, metric.unit);
    const values = [
      ...base.map((v) => ({ side: "base", value: v / factor })),
      ...head.map((v) => ({ side: "head", value: v / factor }))
    ];
    const strip = {
      width: 360,
      height: { step: 26 },
      data: { values },
      mark: { type: "tick", thickness: 1.5 },
      encoding: {
        y: { field: "side", type: "nominal", title: null, sort: ["base", "head"] },
        x: {
          field: "value",
          type: "quantitative",
          title: `${metric.metric} (${label})`,
          scale: { zero: false }
        },
        color: {
          field: "side",
          type: "nominal",
          scale: { domain: ["base", "head"], range: [SIDE_COLOR.base, SIDE_COLOR.head] },
          legend: null
        }
      }
    };
    const pairs = (samples.pairs?.[b.id] ?? []).filter(([i, j]) => i < base.length && j < head.length);
    const paired = {
      width: 300,
      height: 80,
      data: { values: pairs.map(([i, j], n) => ({ pair: n + 1, change: (head[j] / base[i] - 1) * 100 })) },
      layer: [
        { mark: { type: "rule", color: "#8c959f" }, encoding: { y: { datum: 0 } } },
        {
          mark: { type: "line", point: true, color: SIDE_COLOR.head },
          encoding: {
            x: { field: "pair", type: "quantitative", title: "pair, in the order measured" },
            y: { field: "change", type: "quantitative", title: "head vs base, %" }
          }
        }
      ]
    };
    const spec = {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      ...pairs.length > 1 ? { hconcat: [strip, paired] } : strip
    };
    const svg = await renderSvg(spec, `samples-${blocks.length}`);
    const caption = pairs.length > 1 ? `${base.length} base and ${head.length} head samples; each of ${pairs.length} pairs measured side by side, in order` : `${base.length} base and ${head.length} head samples`;
    blocks.push(
      `<figure class="chart"><figcaption>${code(b.name)} ${verdictCell(b.verdict)}</figcaption>${svg}<p class="counts">${e(caption)}</p></figure>`
    );
  }
  if (blocks.length === 0) return "";
  return [
    '<section id="samples">',
    "<h2>Samples</h2>",
    `<div class="charts">${blocks.join("\n")}</div>`,
    "</section>"
  ].join("\n");
}
async function functionChangesSection(changed) {
  const blocks = [];
  for (const [i, b] of changed.entries()) {
    const functions = b.functionChanges;
    const spec = {
      $schema: "https://vega.github.io/schema/vega-lite/v6.json",
      width: 420,
      height: { step: 18 },
      data: {
        values: functions.map((f) => ({
          name: f.name,
          delta: f.delta,
          worse: f.delta > 0 ? "more" : "fewer"
        }))
      },
      mark: { type: "bar" },
      encoding: {
        y: { field: "name", type: "nominal", sort: null, title: null, axis: { labelLimit: 280 } },
        x: { field: "delta", type: "quantitative", title: "Δ instructions (self), head − base" },
        color: {
          field: "worse",
          type: "nominal",
          scale: { domain: ["more", "fewer"], range: ["#cf222e", "#1a7f37"] },
          legend: null
        }
      }
    };
    const svg = await renderSvg(spec, `functions-${i}`);
    const rows = functions.map(
      (f) => `<tr><td>${code(f.name)}</td><td class="num">${e(formatCount(f.base))}</td><td class="num">${e(formatCount(f.head))}</td><td class="num">${e(`${f.delta > 0 ? "+" : ""}${formatCount(f.delta)}`)}</td><td class="num">${e(f.deltaPercent === null ? "new" : `${f.deltaPercent > 0 ? "+" : ""}${f.deltaPercent.toFixed(1)}%`)}</td></tr>`
    ).join("\n");
    blocks.push(
      [
        `<h3>${code(b.name)}</h3>`,
        `<div class="charts"><figure class="chart">${svg}<figcaption>Self instructions, head − base</figcaption></figure>`,
        `<table><thead><tr><th>Function</th><th>Base</th><th>Head</th><th>Δ</th><th>Δ %</th></tr></thead><tbody>
${rows}
</tbody></table></div>`,
        ...functions.some((f) => unnamedFunction(f.name)) ? [`<p class="hint">${e(UNNAMED_FUNCTIONS_HINT)}</p>`] : []
      ].join("\n")
    );
  }
  return ['<section id="functions">', "<h2>Where instructions changed</h2>", ...blocks, "</section>"].join(
    "\n"
  );
}
async function scanSection(scans) {
  const blocks = [];
  for (const [i, series] of scans.entries()) {
    const svg = await renderSvg(scanChartSpec(series), `scan-${i + 1}`);
    const cell = (ns) => `<td class="num">${ns === void 0 ? "" : e(formatValue(ns, "ns"))}</td>`;
    const rows = series.points.map(
      (p) => `<tr class="v-${p.verdict}"><td class="num">${e(String(p.value))}</td>${cell(p.base)}${cell(p.head)}<td>${verdictCell(p.verdict)}</td></tr>`
    );
    blocks.push(
      [
        `<section class="scan" id="scan-${i + 1}">`,
        `<h3>${code(series.benchmark)} by ${e(series.parameter)}</h3>`,
        `<div class="charts">
<figure class="chart" data-chart="wall" data-scan="${i + 1}">
<figcaption>Wall time</figcaption>
${svg}
</figure>
</div>`,
        '<table class="scan-points">',
        `<thead><tr><th>${e(series.parameter)}</th><th>Base wall (median)</th><th>Head wall (median)</th><th>Verdict</th></tr></thead>`,
        `<tbody>
${rows.join("\n")}
</tbody>`,
        "</table>",
        "</section>"
      ].join("\n")
    );
  }
  return ['<section id="scans">', "<h2>Parameter scans</h2>", ...blocks, "</section>"].join("\n");
}
async function scalingSection(scaling) {
  const blocks = [];
  for (const [i, series] of scaling.entries()) blocks.push(await scalingBlock(series, i));
  return ['<section id="scaling">', "<h2>Scaling</h2>", ...blocks, "</section>"].join("\n");
}

// src/report/flame.ts
var FLAME_SHARE = 5e-3;
var WIDTH = 960;
var ROW = 17;
var FONT = 11;
var CHAR = 6.7;
var TEXT_PAD = 3;
var LEGEND = 44;
var NEUTRAL = [221, 217, 208];
var MORE = [207, 34, 46];
var LESS = [9, 105, 218];
function flameFrames(head, base, share = FLAME_SHARE) {
  const minimum = head.total * share;
  const frame = (name, ir, children, baseChildren) => {
    const baseByName = new Map((baseChildren ?? []).map((n) => [n.name, n]));
    const big = children.filter((c) => c.ir >= minimum).sort((a, b) => compareNames(a.name, b.name));
    const small = children.filter((c) => c.ir < minimum);
    const drawn = big.map((c) => {
      const matched = baseByName.get(c.name);
      const d = frame(c.name, c.ir, c.children, baseChildren ? matched?.children ?? [] : void 0);
      return baseChildren ? { ...d, base: matched?.ir ?? 0 } : d;
    });
    if (small.length > 0) {
      const other = { name: "other", ir: sum(small), other: true, children: [] };
      const drawnNames = new Set(big.map((c) => c.name));
      if (baseChildren) other.base = sum(baseChildren.filter((n) => !drawnNames.has(n.name)));
      drawn.push(other);
    }
    return { name, ir, children: drawn };
  };
  if (!base) return frame("all", head.total, nestCallTree(head));
  return { ...frame("all", head.total, nestCallTree(head), nestCallTree(base)), base: base.total };
}
function sum(nodes) {
  return nodes.reduce((total, n) => total + n.ir, 0);
}
function compareNames(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function place(all) {
  const scale = all.ir > 0 ? WIDTH / all.ir : 0;
  const placed = [];
  let deepest = 0;
  const stack = [{ frame: all, x: 0, width: all.ir * scale, depth: 0 }];
  while (stack.length > 0) {
    const p = stack.pop();
    placed.push(p);
    deepest = Math.max(deepest, p.depth);
    let x = p.x;
    for (const child of p.frame.children) {
      const width = Math.min(child.ir * scale, p.x + p.width - x);
      if (width > 0) stack.push({ frame: child, x, width, depth: p.depth + 1 });
      x += width;
    }
  }
  return { placed, depth: deepest };
}
function fitText(name, width) {
  const fits = Math.floor((width - 2 * TEXT_PAD) / CHAR);
  const chars = Array.from(name);
  if (chars.length <= fits) return name;
  if (fits < 2) return "";
  return `${chars.slice(0, fits - 1).join("")}…`;
}
function mix(from, to, t) {
  return from.map((v, i) => Math.round(v + (to[i] - v) * t));
}
function hex(rgb) {
  return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
function changeColour(base, head, tolerance) {
  const delta = head - base;
  if (Math.abs(delta) <= tolerance) return hex(NEUTRAL);
  if (base <= 0) return hex(MORE);
  const strength = head <= 0 ? 1 : Math.min(1, Math.abs(Math.log2(head / base)));
  return hex(mix(NEUTRAL, delta > 0 ? MORE : LESS, 0.25 + 0.75 * strength));
}
function nameColour(name) {
  let hash = 2166136261;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619) >>> 0;
  return hex(mix([232, 120, 40], [240, 200, 70], hash % 1e3 / 999));
}
function frameTitle(frame, total) {
  const share = total > 0 ? ` (${(frame.ir / total * 100).toFixed(1)}% of head)` : "";
  const lines = [
    frame.other ? "other: callees below 0.5% of the total" : frame.name,
    `${formatCount(frame.ir)} Ir${share}`
  ];
  if (frame.base !== void 0) {
    const delta = frame.ir - frame.base;
    const change = frame.base > 0 ? `, ${formatChange(delta / frame.base)}` : ", new in head";
    lines.push(`base ${formatCount(frame.base)} Ir: ${delta > 0 ? "+" : ""}${formatCount(delta)}${change}`);
  }
  return lines.join("\n");
}
function textColour(fill) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(fill.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 150 ? "#ffffff" : void 0;
}
function frameSvg(p, y, fill, total) {
  const label = fitText(p.frame.other ? "…" : p.frame.name, p.width);
  const colour = textColour(fill);
  const text = label === "" ? "" : `<text x="${(p.x + TEXT_PAD).toFixed(1)}" y="${(y + ROW - 5).toFixed(1)}"${colour ? ` fill="${colour}"` : ""}>${escapeHtml(label)}</text>`;
  return `<g><title>${escapeHtml(frameTitle(p.frame, total))}</title><rect x="${p.x.toFixed(1)}" y="${y}" width="${Math.max(p.width - 0.5, 0.1).toFixed(1)}" height="${ROW - 1}" fill="${fill}"/>${text}</g>`;
}
function legendSvg(head, base) {
  const totals = base ? `head ${formatCount(head.total)} Ir, base ${formatCount(base.total)} Ir (${base.total > 0 ? formatChange(head.total / base.total - 1) : "new"})` : `${formatCount(head.total)} Ir`;
  const line = `Width: head's instructions inside each function along its call path. ${totals}.`;
  const out = [`<text x="0" y="13">${escapeHtml(line)}</text>`];
  if (base) {
    const keys = [
      [hex(MORE), "more in head (full red: twice base, or new)"],
      [
        hex(NEUTRAL),
        `unchanged (within ${formatCount(Math.round(callPathTolerance(base, head)))} Ir: 0.1% of the total)`
      ],
      [hex(LESS), "fewer in head (full blue: half)"]
    ];
    let x = 0;
    for (const [fill, label] of keys) {
      out.push(`<rect x="${x}" y="22" width="12" height="12" fill="${fill}"/>`);
      out.push(`<text x="${x + 16}" y="32">${escapeHtml(label)}</text>`);
      x += 16 + label.length * CHAR + 18;
    }
  }
  return out.join("");
}
function flameSvg(head, base, label) {
  const all = flameFrames(head, base);
  const { placed, depth } = place(all);
  const height = LEGEND + (depth + 1) * ROW;
  const tolerance = base ? callPathTolerance(base, head) : 0;
  const frames = placed.sort((a, b) => a.depth - b.depth || a.x - b.x).map((p) => {
    const y = height - (p.depth + 1) * ROW;
    const fill = p.frame.base !== void 0 ? changeColour(p.frame.base, p.frame.ir, tolerance) : p.frame.other ? hex(NEUTRAL) : nameColour(p.frame.name);
    return frameSvg(p, y, fill, head.total);
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="flame" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(label)}" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="${FONT}" fill="#1f2328">`,
    legendSvg(head, base),
    ...frames,
    "</svg>"
  ].join("\n");
}

// src/report/html-flame.ts
function changesTable(b) {
  const changes = b.callPaths.changes;
  if (changes.length === 0) return "";
  const rows = changes.map(
    (c) => `<tr><td>${code(callPathText(c.path))}</td><td class="num">${e(formatCount(c.base))}</td><td class="num">${e(formatCount(c.head))}</td><td class="num">${e(`${c.delta > 0 ? "+" : ""}${formatCount(c.delta)}`)}</td><td class="num">${e(c.base > 0 ? formatChange(c.delta / c.base) : "new")}</td></tr>`
  );
  return `<table><thead><tr><th>Call path</th><th>Base Ir</th><th>Head Ir</th><th>Δ</th><th>Δ %</th></tr></thead><tbody>
${rows.join("\n")}
</tbody></table>`;
}
function callPathsSection(list) {
  const blocks = list.map((b) => {
    const { base, head } = b.callPaths;
    return [
      `<h3>${code(b.name)} ${verdictCell(b.verdict)}</h3>`,
      changesTable(b),
      `<figure class="chart flame"><figcaption>Differential flame graph: head's call tree, each frame coloured by how its instructions changed from base along the same path</figcaption>`,
      flameSvg(head, base, `Differential flame graph of ${b.name}`),
      "</figure>",
      `<figure class="chart flame"><figcaption>Flame graph of head</figcaption>`,
      flameSvg(head, void 0, `Flame graph of ${b.name} in head`),
      "</figure>"
    ].filter((s) => s !== "").join("\n");
  });
  return [
    '<section id="call-paths">',
    "<h2>Call paths of the instruction changes</h2>",
    '<p class="counts">Frames: a function along one call path, the root at the bottom, its callees above it; a function called from several places has its callees split among them in proportion. Callees below 0.5% of the total are one “other” frame. Hover a frame for its numbers.</p>',
    ...blocks,
    "</section>"
  ].join("\n");
}
function flameGraphsSection(list) {
  const blocks = list.map(
    (b) => [
      `<details><summary>${code(b.name)} · ${e(formatCount(b.callTree.total))} Ir</summary>`,
      '<figure class="chart flame">',
      flameSvg(b.callTree, void 0, `Flame graph of ${b.name}`),
      "</figure>",
      "</details>"
    ].join("\n")
  );
  return [
    '<section id="flame-graphs">',
    "<h2>Where the instructions go</h2>",
    '<p class="counts">The call tree of each instruction benchmark measured: a function along one call path, the root at the bottom, its callees above it, each as wide as its share of the instructions. Callees below 0.5% of the total are one “other” frame. Hover a frame for its numbers.</p>',
    ...blocks,
    "</section>"
  ].join("\n");
}

// src/report/model.ts
var present = (list) => list.length > 0 ? list : void 0;
function reportModel(c) {
  const by = (v) => c.benchmarks.filter((b) => b.verdict === v);
  const hasFunctions = (b) => (b.functionChanges?.length ?? 0) > 0;
  const hasHeapSites = (b) => (b.heapSiteChanges?.length ?? 0) > 0;
  const withFunctions = (list) => present(list.filter((b) => hasFunctions(b) || (b.callPaths?.changes.length ?? 0) > 0 || hasHeapSites(b)));
  const regressions = by("regression");
  const accepted = by("accepted");
  const sorted = [...c.benchmarks].sort(
    (a, b) => VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict)
  );
  return {
    title: c,
    counts: c,
    "added-acceptances": present(describeAddedAcceptances(c)),
    shortened: void 0,
    provenance: c,
    warnings: c,
    contention: present(contendedMeasurements(c)),
    benchmarks: sorted,
    changes: present(sorted),
    samples: present(sorted),
    functions: present(c.benchmarks.filter(hasFunctions)),
    "call-paths": present(sorted.filter((b) => b.callPaths !== void 0)),
    "flame-graphs": present(sorted.filter((b) => b.callTree !== void 0 && b.callPaths === void 0)),
    "heap-sites": present(sorted.filter(hasHeapSites)),
    regressions: present(regressions),
    "regression-functions": withFunctions(regressions),
    accepted: present(accepted),
    "accepted-rows": present(acceptedRows(c.benchmarks)),
    "accepted-functions": withFunctions(accepted),
    "acceptance-notes": present(c.acceptance?.notes ?? []),
    failed: present(by("failed")),
    unclear: present(by("unclear")),
    warned: present(by("warning")),
    improvements: present(by("improvement")),
    "improvement-functions": withFunctions(by("improvement")),
    "other-functions": withFunctions([...by("unclear"), ...by("warning")]),
    explanations: present(sorted.filter((b) => b.explanation !== void 0)),
    scaling: present(c.scaling),
    scans: present(c.scans ?? []),
    new: present(by("new")),
    missing: present(by("missing")),
    unchanged: present(by("unchanged")),
    "all-metrics": present(c.benchmarks.filter((b) => b.metrics.length > 0 || b.headOnly.length > 0)),
    "left-out-metrics": present(leftOutMetrics(c.benchmarks)),
    notes: present(c.benchmarks),
    ranking: present(c.ranking.filter((r) => r.entries.length >= 2)),
    engines: present(c.engineRankings),
    "shell-corrections": present(shellCorrections(c)),
    environment: c,
    footer: c
  };
}
function* formatLayout(model, layout2, formatters, context) {
  for (const name of layout2) {
    const data = model[name];
    const format = formatters[name];
    if (data !== void 0 && format !== void 0) yield format(data, context);
  }
}
var SHORTENING = [
  {
    drops: [
      "regression-functions",
      "accepted-functions",
      "improvement-functions",
      "other-functions",
      "all-metrics",
      "left-out-metrics",
      "notes",
      "ranking",
      "engines"
    ],
    says: () => ["the detail blocks (all metrics, notes, functions, allocation sites)"]
  },
  {
    drops: ["missing", "unchanged"],
    says: (m) => m.unchanged ? [`${m.unchanged.length} unchanged rows`] : []
  },
  {
    drops: ["unclear", "warned", "improvements", "explanations", "scaling", "scans", "new"],
    says: (m) => {
      const reassuring = (m.improvements?.length ?? 0) + (m.unclear?.length ?? 0) + (m.warned?.length ?? 0) + (m.new?.length ?? 0);
      const explained = m.explanations?.length ?? 0;
      return [
        ...reassuring > 0 ? [`${reassuring} improved, unclear, warned or new rows`] : [],
        ...explained > 0 ? [`the instruction counts of ${explained} timed ${explained === 1 ? "change" : "changes"}`] : [],
        ...m.scaling ? ["the scaling charts"] : [],
        ...m.scans ? ["the parameter scan charts"] : []
      ];
    }
  }
];
function shortened(model, steps) {
  const kept = { ...model };
  const left = [];
  for (const step of SHORTENING.slice(0, steps)) {
    left.push(...step.says(model));
    for (const name of step.drops) delete kept[name];
  }
  kept.shortened = left.length > 0 ? left : void 0;
  return kept;
}

// src/report/html.ts
var STYLE = `
:root { color-scheme: light; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
code, pre { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: #f3f4f6; padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.verdict { display: inline-block; font-weight: 600; padding: 2px 10px; border-radius: 999px; color: #fff; }
.verdict-pass { background: #1a7f37; }
.verdict-regression { background: #cf222e; }
.verdict-failed { background: #8250df; }
.counts { color: #57606a; margin: 6px 0 0; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 16px 0 0; }
dl.meta dt { color: #57606a; }
dl.meta dd { margin: 0; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.v-regression td { background: #ffebe9; }
tr.v-accepted td { background: #fff1e5; }
tr.v-failed td { background: #fbefff; }
tr.v-improvement td { background: #dafbe1; }
tr.v-unclear td, tr.v-warning td { background: #fff8c5; }
td.notes { color: #57606a; font-size: 12.5px; max-width: 420px; }
td.notes ul { margin: 0; padding-left: 16px; }
.warnings { color: #9a6700; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure.chart { margin: 0; }
figure.chart figcaption { font-weight: 600; margin-bottom: 4px; }
figure.chart svg { max-width: 100%; height: auto; display: block; }
figure.changes, figure.changes svg { width: 100%; }
.badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 12.5px; font-weight: 600; white-space: nowrap; border: 1px solid transparent; }
.badge-regression { background: #cf222e; color: #fff; }
.badge-accepted { background: #fff1e5; color: #953800; border-color: #fb8f44; }
.badge-failed { background: #8250df; color: #fff; }
.badge-improvement { background: #1a7f37; color: #fff; }
.badge-unclear, .badge-warning { background: #fff8c5; color: #7d4e00; border-color: #d4a72c; }
.badge-unchanged { background: #f6f8fa; color: #57606a; border-color: #d0d7de; }
.badge-new, .badge-missing { background: #ddf4ff; color: #0550ae; border-color: #54aeff; }
.mark { font-weight: 700; }
.oversubscribed { background: ${OVERSUBSCRIBED_FILL}; padding: 6px 10px; border-radius: 6px; display: inline-block; }
footer { margin-top: 40px; color: #57606a; font-size: 12.5px; }
`.trim().replace(/\n/g, "\n  ");
var HTML_LAYOUT = [
  "title",
  "counts",
  "added-acceptances",
  "provenance",
  "changes",
  "accepted-rows",
  "acceptance-notes",
  "benchmarks",
  "samples",
  "functions",
  "call-paths",
  "flame-graphs",
  "heap-sites",
  "failed",
  "scaling",
  "scans",
  "ranking",
  "shell-corrections",
  "environment",
  "footer"
];
var HTML = {
  title: (c) => [
    "<header>",
    `<h1>${e(headline(c).text)}</h1>`,
    `<p><span class="verdict verdict-${c.verdict}">${e(c.verdict)}</span></p>`
  ].join("\n"),
  counts: (c) => `<p class="counts">${describeCounts(c).map(e).join(" · ")}</p>`,
  "added-acceptances": (_, { c }) => addedAcceptances(c),
  provenance: (c, { now }) => `${metaSection(c, now)}
</header>`,
  changes: changesSection,
  // Accepted regressions and the notes about acceptances share a section.
  "accepted-rows": (rows, { c, model }) => acceptedSection(c, rows, model["acceptance-notes"] ?? []),
  "acceptance-notes": (notes, { c, model }) => model["accepted-rows"] ? "" : acceptedSection(c, [], notes),
  benchmarks: (benchmarks, { c }) => benchmarksSection(c, benchmarks),
  samples: (benchmarks, { options }) => samplesSection(benchmarks, options.samples),
  functions: functionChangesSection,
  "call-paths": callPathsSection,
  "flame-graphs": flameGraphsSection,
  "heap-sites": heapSitesSection,
  failed: failuresSection,
  scaling: scalingSection,
  scans: scanSection,
  ranking: rankingSection,
  "shell-corrections": shellCorrectionSection,
  environment: (c) => environmentSection(c),
  footer: (c, { options }) => {
    const version = options.version ? ` · bench-action ${e(options.version)}` : "";
    return `<footer>${e(gateDescription(c))}${version}</footer>`;
  }
};
async function renderHtml(c, options = {}) {
  const model = reportModel(c);
  const context = { c, model, options, now: options.now ?? /* @__PURE__ */ new Date() };
  const body = [];
  for (const part of formatLayout(model, HTML_LAYOUT, HTML, context)) body.push(await part);
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(`${c.suite}: ${headline(c).text}`)}</title>`,
    `<style>
  ${STYLE}
</style>`,
    "</head>",
    "<body>",
    ...body.filter((s) => s !== ""),
    "</body>",
    "</html>",
    ""
  ].join("\n");
}

// src/report/markdown-blocks.ts
function table(header, rows) {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const r of rows) lines.push(`| ${r.join(" | ")} |`);
  return lines.join("\n");
}
function details(summary, body) {
  return `<details>
<summary>${summary}</summary>

${body}

</details>`;
}
var METRIC_HEADER = ["Benchmark", "Metric", "Base", "Head", "Change", "Interval", "p", "Verdict"];
function trendLinks(c) {
  const site = c.trends;
  if (site === void 0) return () => "";
  return (benchmarkId) => ` [trend](<${trendPageUrl(site, c.suite, benchmarkId)}>)`;
}
function metricCells(r, emphasise, trend) {
  const change = emphasise ? `**${r.change}**` : r.change;
  return [
    `${markdownCode(r.benchmark)}${trend(r.benchmarkId)}`,
    escapeMarkdownInline(r.metric),
    // A custom unit's label is the tool's (or the result file's) text.
    escapeMarkdownInline(r.base),
    escapeMarkdownInline(r.head),
    change,
    r.interval,
    r.p,
    `${VERDICT_ICON[r.verdict]} ${metricVerdictLabel(r)}`
  ];
}
function headlineRows(benchmarks, emphasise, trend) {
  const rows = [];
  for (const b of benchmarks) {
    for (const m of headlineMetrics(b)) rows.push(metricCells(metricRow(b, m), emphasise, trend));
  }
  return rows;
}
function section(title, benchmarks, emphasise, trend) {
  if (benchmarks.length === 0) return [];
  return [`#### ${title}`, table(METRIC_HEADER, headlineRows(benchmarks, emphasise, trend))];
}
function unclearSection(benchmarks, trend) {
  if (benchmarks.length === 0) return [];
  const rows = [];
  for (const b of benchmarks) {
    for (const m of headlineMetrics(b)) {
      const r = metricRow(b, m);
      rows.push([...metricCells(r, false, trend), escapeMarkdownInline(r.why ?? "")]);
    }
  }
  return [
    "#### Unclear: beyond the threshold, without the evidence for a verdict",
    table([...METRIC_HEADER, "Why"], rows)
  ];
}
var ACCEPTED_HEADER = ["Benchmark", "Metric", "Base", "Head", "Change", "Interval", "Accepted by", "Reason"];
function acceptedSection2(benchmarks, trend) {
  const rows = acceptedRows(benchmarks).map(({ row, accepted }) => [
    ...metricCells(row, true, trend).slice(0, 6),
    escapeMarkdownInline(describeAcceptedBy(accepted)),
    escapeMarkdownInline(accepted.reason)
  ]);
  if (rows.length === 0) return [];
  return ["#### Accepted regressions", table(ACCEPTED_HEADER, rows)];
}
function functionChangesBlocks(benchmarks) {
  const out = [];
  for (const b of benchmarks) {
    if (b.functionChanges && b.functionChanges.length > 0) {
      const rows = b.functionChanges.map((f) => [
        markdownCode(f.name),
        formatCount(f.base),
        formatCount(f.head),
        `${f.delta > 0 ? "+" : ""}${formatCount(f.delta)}`,
        f.deltaPercent === null ? "new" : formatChange(f.deltaPercent / 100)
      ]);
      const hint = b.functionChanges.some((f) => unnamedFunction(f.name)) ? `

${UNNAMED_FUNCTIONS_HINT}` : "";
      out.push(
        details(
          `${htmlCode(b.name)}: functions whose instructions changed most`,
          `${table(["Function", "Base Ir", "Head Ir", "Δ", "Δ%"], rows)}${hint}`
        )
      );
    }
    const paths = callPathsBlock(b);
    if (paths) out.push(paths);
  }
  return out;
}
function callPathsBlock(b) {
  const changes = b.callPaths?.changes ?? [];
  if (changes.length === 0) return void 0;
  const rows = changes.map((c) => [
    markdownCode(callPathText(c.path)),
    formatCount(c.base),
    formatCount(c.head),
    `${c.delta > 0 ? "+" : ""}${formatCount(c.delta)}`,
    c.base > 0 ? formatChange(c.delta / c.base) : "new"
  ]);
  return details(
    `${htmlCode(b.name)}: call paths whose instructions changed most`,
    table(["Call path", "Base Ir", "Head Ir", "Δ", "Δ%"], rows)
  );
}
function heapSiteChangesBlocks(benchmarks) {
  return benchmarks.filter((b) => b.heapSiteChanges && b.heapSiteChanges.length > 0).map((b) => {
    const rows = b.heapSiteChanges.map((change) => {
      const r = heapSiteRow(change);
      return [
        markdownCode(r.site),
        escapeMarkdownInline(r.line),
        r.baseBytes,
        r.headBytes,
        r.deltaBytes,
        r.baseBlocks,
        r.headBlocks,
        r.deltaBlocks
      ];
    });
    return details(`${htmlCode(b.name)}: ${HEAP_SITES_TITLE}`, table(HEAP_SITES_HEADER, rows));
  });
}
function changedInsideBlocks(benchmarks) {
  return benchmarks.flatMap((b) => [...functionChangesBlocks([b]), ...heapSiteChangesBlocks([b])]);
}
function failedSection(benchmarks) {
  if (benchmarks.length === 0) return [];
  const out = ["#### Failed"];
  const groups = failureGroups(benchmarks);
  out.push(
    table(
      ["Benchmark", "Error"],
      groups.map((g) => [
        listNames(g.benchmarks.map((b) => markdownCode(b.name))),
        escapeMarkdownInline(g.error?.message ?? "failed")
      ])
    )
  );
  for (const g of groups) {
    const tail = g.error?.stderrTail?.trim();
    const only2 = g.benchmarks.length === 1 ? g.benchmarks[0] : void 0;
    const command = only2?.command ? `Command: ${markdownCode(only2.command.join(" "))}

` : "";
    const body = tail ? `${command}stderr (last lines):

${markdownCodeBlock(tail)}` : `${command}No stderr output.`;
    out.push(details(`${listNames(g.benchmarks.map((b) => htmlCode(b.name)))}: output`, body));
  }
  return out;
}
function newSection(benchmarks, trend) {
  if (benchmarks.length === 0) return [];
  const rows = benchmarks.flatMap(
    (b) => shownHeadOnly(b, false).map((h) => [
      `${markdownCode(b.name)}${trend(b.id)}`,
      escapeMarkdownInline(headOnlyLabel(h)),
      escapeMarkdownInline(headOnlyValue(h)),
      headOnlyRuns(h)
    ])
  );
  return ["#### Without a baseline", table(["Benchmark", "Metric", "Value", "Runs"], rows)];
}
function allMetricsBlock(benchmarks, trend) {
  const withMetrics = benchmarks.filter((b) => b.metrics.length > 0 || b.headOnly.length > 0);
  if (withMetrics.length === 0) return [];
  const rows = [];
  for (const b of withMetrics) {
    for (const m of listedMetrics(b)) {
      const r = metricRow(b, m);
      const cells = metricCells(r, false, trend);
      cells[1] = `${escapeMarkdownInline(r.metric)}${m.gated ? " (gated)" : ""}`;
      rows.push(cells);
    }
    for (const h of b.headOnly) {
      rows.push([
        `${markdownCode(b.name)}${trend(b.id)}`,
        escapeMarkdownInline(h.metric),
        "",
        escapeMarkdownInline(headOnlyValue(h)),
        "",
        "",
        "",
        `${VERDICT_ICON.new} ${VERDICT_LABEL.new}`
      ]);
    }
  }
  const summary = leftOutMetrics(withMetrics).length > 0 ? "All metrics that gate or changed" : "All metrics";
  return [details(summary, table(METRIC_HEADER, rows))];
}
function leftOutBlock(leftOut, trend) {
  const rows = leftOut.map(({ benchmark, metric }) => metricCells(metricRow(benchmark, metric), false, trend));
  const what = describeLeftOut(leftOut.length);
  return [details(`${what[0].toUpperCase()}${what.slice(1)}`, table(METRIC_HEADER, rows))];
}
function explanationsSection(benchmarks) {
  const lines = benchmarks.map(
    (b) => `- ${markdownCode(b.name)}: ${escapeMarkdownInline(describeExplanation(b.explanation))}`
  );
  return [
    "#### What the instructions explain",
    `Base and head of each timed change, counted once under callgrind: instructions count the code's work, not cache misses or where code landed in memory.

${lines.join("\n")}`
  ];
}
function notesBlock(benchmarks) {
  const lines = [];
  for (const b of benchmarks) {
    const notes = [
      ...b.notes,
      ...b.metrics.filter((m) => m.gated).flatMap((m) => m.notes.map((n) => `${m.metric}: ${n}`))
    ];
    for (const n of new Set(notes)) lines.push(`- ${markdownCode(b.name)}: ${escapeMarkdownInline(n)}`);
  }
  return lines.length > 0 ? [details(`Notes (${lines.length})`, lines.join("\n"))] : [];
}
function rankingBlocks(rankings) {
  return rankings.map((ranking) => {
    const fastest = ranking.entries[0];
    const lines = ranking.entries.slice(1).map((r) => {
      const interval = `${sig3(r.ci[0])}–${sig3(r.ci[1])}`;
      return `- ${markdownCode(fastest.name)} ran **${sig3(r.ratio)}×** faster than ${markdownCode(r.name)} (95% interval ${interval})`;
    });
    return details(rankingTitle(ranking, htmlCode), lines.join("\n"));
  });
}
function engineRankingBlocks(rankings) {
  if (rankings.length > 1) return [engineRankingTable(rankings)];
  return rankings.map((ranking) => {
    const withThroughput = ranking.engines.some((e2) => e2.throughput !== void 0);
    const header = ["engine", "time per call", ...withThroughput ? ["throughput"] : [], "vs fastest"];
    const rows = ranking.engines.map((e2) => [
      markdownCode(e2.engine),
      formatValue(e2.median, "ns"),
      ...withThroughput ? [e2.throughput === void 0 ? "" : formatValue(e2.throughput, "bytes/s")] : [],
      e2.ratio === 1 && e2.ci[0] === 1 ? "**fastest**" : `${sig3(e2.ratio)}× (${sig3(e2.ci[0])}–${sig3(e2.ci[1])})`
    ]);
    for (const engine of ranking.unranked) {
      rows.push([markdownCode(engine), "failed", ...withThroughput ? [""] : [], ""]);
    }
    const summary = `Engines of ${htmlCode(ranking.benchmark)}: ${ranking.engines[0] ? `${htmlCode(ranking.engines[0].engine)} is fastest` : "none ran"}`;
    const basis = ranking.engines.some((e2) => e2.fromSummaries) ? "\n\nRanked by the medians the tool wrote; each interval is estimated from its standard deviation and sample count (it kept no samples)." : "";
    return details(summary, `${table(header, rows)}${basis}`);
  });
}
function engineRankingTable(rankings) {
  const { engines, rows: cells } = engineTable(rankings);
  const rows = cells.map(({ benchmark, cells: cells2 }) => [
    markdownCode(benchmark),
    ...cells2.map((e2) => e2 === void 0 ? "" : e2 === "failed" ? "failed" : rankingCell(e2))
  ]);
  const wins = engines.map((engine) => [engine, rankings.filter((r) => r.engines[0]?.engine === engine).length]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([engine, n]) => `${htmlCode(engine)} in ${n}`).join(", ");
  const basis = rankings.some((r) => r.engines.some((e2) => e2.fromSummaries)) ? "\n\nWhere a tool's summaries were read, each interval is estimated from its standard deviation and sample count." : "";
  const summary = `Engines of ${rankings.length} benchmarks, ranked like rebar cmp: fastest ${wins || "none"}`;
  return details(
    summary,
    `${table(["benchmark", ...engines.map(markdownCode)], rows)}

Each cell: median time per call, and how many times the benchmark's fastest engine (in bold) it took, with a 95% interval.${basis}`
  );
}
function rankingCell(e2) {
  const time = formatValue(e2.median, "ns");
  if (e2.ratio === 1 && e2.ci[0] === 1) return `**${time}**`;
  return `${time} (${sig3(e2.ratio)}×, ${sig3(e2.ci[0])}–${sig3(e2.ci[1])})`;
}
var VERDICT_WORD = {
  regression: "🔴 regression",
  accepted: "🟠 accepted",
  improvement: "🟢 improvement",
  unclear: "🟡 unclear",
  warning: "🟡 warning",
  failed: "❌ failed",
  unchanged: "unchanged",
  new: "new",
  missing: "missing"
};
function scanBlocks(scans) {
  const out = ["#### Parameter scans"];
  for (const series of scans) {
    const withBase = series.points.some((p) => p.base !== void 0);
    const time = (x) => x === void 0 ? "" : formatValue(x, "ns");
    const rows = series.points.map((p) => [
      String(p.value),
      ...withBase ? [time(p.base)] : [],
      time(p.head),
      VERDICT_WORD[p.verdict] ?? p.verdict
    ]);
    const header = [
      series.parameter,
      ...withBase ? ["base wall (median)"] : [],
      "head wall (median)",
      "verdict"
    ];
    out.push(
      `**${markdownCode(series.benchmark)}** by ${markdownCode(series.parameter)}

${scanMermaid(series).trimEnd()}

${table(header, rows)}`
    );
  }
  return out;
}
function scalingBlocks(scaling) {
  const out = ["#### Scaling"];
  for (const series of scaling) {
    const withBase = series.points.some((p) => p.base);
    const percent3 = (x) => x === void 0 || !Number.isFinite(x) ? "" : `${(x * 100).toFixed(0)}%`;
    const times = (x) => x === void 0 || !Number.isFinite(x) ? "" : `${sig3(x)}×`;
    const ops = (x) => x === void 0 ? "" : formatValue(x, "ops/s");
    const rows = series.points.map((p) => [
      `${p.count}${p.count > series.cores ? " ⚠️" : ""}`,
      ...withBase ? [ops(p.base?.throughput)] : [],
      ops(p.head?.throughput),
      ...withBase ? [times(p.base?.speedup)] : [],
      times(p.head?.speedup),
      ...withBase ? [percent3(p.base?.efficiency)] : [],
      percent3(p.head?.efficiency),
      VERDICT_WORD[p.verdict] ?? p.verdict
    ]);
    const header = [
      series.dimension,
      ...withBase ? ["base throughput"] : [],
      "head throughput",
      ...withBase ? ["base speedup"] : [],
      "head speedup",
      ...withBase ? ["base efficiency"] : [],
      "head efficiency",
      "verdict"
    ];
    const over = series.points.filter((p) => p.count > series.cores).map((p) => p.count);
    const note = over.length > 0 ? `

⚠️ Oversubscribed: ${over.join(", ")} ${series.dimension} on a machine with ${series.cores} logical CPUs; those points measure time-sharing, not parallel speedup.` : "";
    out.push(
      `**${markdownCode(series.benchmark)}** by ${series.dimension} (${series.cores} logical CPUs)

${scalingMermaid(series).trimEnd()}

${table(header, rows)}${note}`
    );
  }
  return out;
}
function environmentBlock(c) {
  const rows = environmentRows(c).map(([k, b, h]) => {
    const differs = c.baseline !== void 0 && b !== "" && b !== h;
    return [
      escapeMarkdownInline(k),
      escapeMarkdownInline(b),
      `${escapeMarkdownInline(h)}${differs ? " ⚠️" : ""}`
    ];
  });
  return [details("Environment", table(["", "Base", "Head"], rows))];
}
function titleLine(c) {
  const h = headline(c);
  return `### ${h.icon} bench-action · ${escapeMarkdownInline(c.suite)}: ${h.text}`;
}
function provenanceBlock(c, now) {
  const provenance = [
    `**Head:** ${escapeMarkdownInline(describeCommit(c.head.commit))}`,
    c.baseline ? `**Baseline:** ${escapeMarkdownInline(describeBaseline(c, now))}` : `**No baseline:** ${escapeMarkdownInline(c.noBaselineReason ?? "")}. Results are shown without a verdict.`
  ];
  const exact = describeExactBaseline(c, now);
  if (exact) provenance.push(`**Instruction counts compared with:** ${escapeMarkdownInline(exact)}`);
  const noise = describeRunNoise(c);
  if (noise) provenance.push(`**Drift between runs:** ${escapeMarkdownInline(noise)}`);
  return provenance.join("  \n");
}
function warningsBlock(c) {
  const warnings = [...c.baselineWarnings];
  if (c.environmentDifferences.length > 0) {
    const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join("; ");
    warnings.push(
      `The baseline was measured in a different environment (${diffs}); timings may not be comparable.`
    );
  }
  if (warnings.length === 0) return [];
  return [["> [!WARNING]", ...warnings.map((w) => `> ${escapeMarkdownLine(w)}`)].join("\n")];
}
function footerLine(c, productVersion) {
  const version = productVersion ? ` · bench-action ${escapeMarkdownInline(productVersion)}` : "";
  return `<sub>${escapeMarkdownInline(gateDescription(c))} Interval: ${intervalLevels(c)} interval of the change in the ${intervalOf(c)}.${version}</sub>`;
}
function contentionBlock(c, contended) {
  const line = (m) => {
    const { name, detail } = contendedLine(m);
    return `${markdownCode(name)}${escapeMarkdownInline(detail)}`;
  };
  const consequence = escapeMarkdownInline(contentionConsequence(c, contended));
  if (contended.length === 1) {
    return [`> [!WARNING]
> The machine was busy while measuring ${line(contended[0])}; ${consequence}.`];
  }
  const shown = contended.slice(0, CONTENDED_SHOWN).map((m) => `> - ${line(m)}`);
  if (contended.length > CONTENDED_SHOWN) shown.push(`> - and ${contended.length - CONTENDED_SHOWN} more`);
  return [
    [
      "> [!WARNING]",
      `> The machine was busy during ${contended.length} measurements; ${consequence}.`,
      ...shown
    ].join("\n")
  ];
}
function reportLink(url) {
  return /^https?:\/\/[^\s<>]+$/.test(url) ? `<${url}>` : escapeMarkdownInline(url);
}
function intervalOf(c) {
  if (!c.pairing) return "median";
  return c.pairing.unpaired.length === 0 ? "median paired ratio" : "median paired ratio (the ratio of medians where unpaired)";
}
function intervalLevels(c) {
  const levels = new Set(c.benchmarks.map((b) => `${sig3((1 - b.alpha) * 100)}%`));
  return [...levels].join(", ") || "99%";
}

// src/report/markdown.ts
var COMMENT_LIMIT = 65536;
var SUMMARY_LIMIT_BYTES = 1024 * 1024;
var MARKDOWN_LAYOUT = [
  "title",
  "counts",
  // Acceptances the pull request gave itself come first: a reviewer must see them, whatever else is cut.
  "added-acceptances",
  "shortened",
  "provenance",
  "warnings",
  "contention",
  "regressions",
  "regression-functions",
  "accepted",
  "accepted-functions",
  "acceptance-notes",
  "failed",
  "unclear",
  "warned",
  "improvements",
  "improvement-functions",
  "explanations",
  "other-functions",
  "scaling",
  "scans",
  "new",
  "missing",
  "unchanged",
  "all-metrics",
  "left-out-metrics",
  "notes",
  "ranking",
  "engines",
  "shell-corrections",
  "environment",
  "footer"
];
var MARKDOWN = {
  title: (c) => [markerFor(c.suite), titleLine(c)],
  counts: (c) => [describeCounts(c).join(" · ")],
  "added-acceptances": (added) => [
    ["> [!WARNING]", ...added.map((line) => `> ${escapeMarkdownLine(line)}`)].join("\n>\n")
  ],
  shortened: (left, { options }) => {
    const link = options.fullReportUrl ? ` The full report: ${reportLink(options.fullReportUrl)}` : "";
    return [`> [!NOTE]
> Shortened to fit GitHub's size limit; left out: ${left.join("; ")}.${link}`];
  },
  provenance: (c, { now }) => [provenanceBlock(c, now)],
  warnings: (c) => warningsBlock(c),
  contention: (contended, { c }) => contentionBlock(c, contended),
  regressions: (list, { trend }) => section("Regressions", list, true, trend),
  "regression-functions": changedInsideBlocks,
  accepted: (list, { trend }) => acceptedSection2(list, trend),
  "accepted-functions": changedInsideBlocks,
  "acceptance-notes": (notes) => [
    ["> [!NOTE]", ...notes.map((n) => `> ${escapeMarkdownLine(n)}`)].join("\n>\n")
  ],
  failed: failedSection,
  unclear: (list, { trend }) => unclearSection(list, trend),
  warned: (list, { trend }) => section("Warnings: changed, but the environment differs", list, false, trend),
  improvements: (list, { trend }) => section("Improvements", list, true, trend),
  "improvement-functions": changedInsideBlocks,
  explanations: explanationsSection,
  "other-functions": changedInsideBlocks,
  scaling: scalingBlocks,
  scans: scanBlocks,
  new: (list, { trend }) => newSection(list, trend),
  missing: (list) => [
    `#### In the baseline, not run now
${list.map((b) => `- ${markdownCode(b.name)}`).join("\n")}`
  ],
  unchanged: (list, { trend }) => [
    details(`${list.length} unchanged`, table(METRIC_HEADER, headlineRows(list, false, trend)))
  ],
  "all-metrics": (list, { trend }) => allMetricsBlock(list, trend),
  "left-out-metrics": (list, { trend }) => leftOutBlock(list, trend),
  notes: notesBlock,
  ranking: rankingBlocks,
  engines: engineRankingBlocks,
  "shell-corrections": (corrections) => [
    corrections.map(({ name, detail }) => `- ${markdownCode(name)}: ${escapeMarkdownInline(detail)}`).join("\n")
  ],
  environment: environmentBlock,
  footer: (c, { options }) => [footerLine(c, options.version)]
};
function renderMarkdown(c, options = {}) {
  const model = reportModel(c);
  const full = renderModel(c, options, model);
  const limit = options.maxLength;
  if (limit === void 0) return full;
  const measure2 = options.measure ?? ((text2) => text2.length);
  if (measure2(full) <= limit) return full;
  for (let steps = 1; steps <= SHORTENING.length; steps++) {
    const text2 = renderModel(c, options, shortened(model, steps));
    if (measure2(text2) <= limit) return text2;
  }
  const kept = shortened(model, SHORTENING.length);
  const serious = [...kept.regressions ?? [], ...kept.failed ?? [], ...kept.accepted ?? []];
  const render = (rows) => renderModel(c, options, keepSerious(kept, rows));
  let low = 0;
  let high = serious.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure2(render(mid)) <= limit) low = mid;
    else high = mid - 1;
  }
  const text = render(low);
  if (measure2(text) <= limit) return text;
  let cut = text.slice(0, Math.max(0, limit - 200));
  while (measure2(cut) > limit - 100) cut = cut.slice(0, Math.floor(cut.length * 0.9));
  return `${cut.slice(0, cut.lastIndexOf("\n") + 1)}

_(cut to fit GitHub's size limit)_
`;
}
function keepSerious(model, rows) {
  const regressions = model.regressions ?? [];
  const failed = model.failed ?? [];
  const kept = (list, before) => {
    const left = list.slice(0, Math.max(0, rows - before));
    return left.length > 0 ? left : void 0;
  };
  return {
    ...model,
    shortened: [...model.shortened ?? [], ...cutRows(model, rows)],
    regressions: kept(regressions, 0),
    failed: kept(failed, regressions.length),
    accepted: kept(model.accepted ?? [], regressions.length + failed.length)
  };
}
function cutRows(model, rows) {
  const serious = (model.regressions?.length ?? 0) + (model.failed?.length ?? 0) + (model.accepted?.length ?? 0);
  if (rows >= serious) return [];
  const what = model.accepted ? ", failures and accepted regressions" : " and failures";
  return [`${serious - rows} of the regressions${what}`];
}
function renderModel(c, options, model) {
  const context = { c, options, now: options.now ?? /* @__PURE__ */ new Date(), trend: trendLinks(c) };
  return `${[...formatLayout(model, MARKDOWN_LAYOUT, MARKDOWN, context)].flat().join("\n\n")}
`;
}
function failureMessage(c) {
  const regressions = c.benchmarks.filter((b) => b.verdict === "regression");
  const failed = c.benchmarks.filter((b) => b.verdict === "failed");
  const parts = [];
  if (failed.length > 0) {
    parts.push(
      `${failed.length} benchmark${failed.length === 1 ? "" : "s"} failed: ${failureGroups(failed).map((g) => `${listNames(g.benchmarks.map((b) => b.name))} (${g.error?.message ?? "failed"})`).join("; ")}`
    );
  }
  if (regressions.length > 0) {
    parts.push(
      `${regressions.length} regression${regressions.length === 1 ? "" : "s"}: ${regressions.map((b) => {
        const m = headlineMetrics(b)[0];
        return m ? `${b.name} ${m.metric} ${changeCell(m)}` : b.name;
      }).join("; ")}`
    );
  }
  return parts.length > 0 ? parts.join(". ") : void 0;
}

// src/setup/index.ts
import path4 from "node:path";

// src/setup/rust.ts
import path2 from "node:path";

// src/setup/rust-toolchain-file.ts
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

// src/setup/toml-errors.ts
function stringEnd(text, i) {
  const quote = text[i];
  const delimiter = quote.repeat(3);
  const multiline = text.startsWith(delimiter, i);
  let k = i + (multiline ? 3 : 1);
  while (k < text.length) {
    const c = text[k];
    if (c === "\\" && quote === '"') k += 2;
    else if (c === "\n" && !multiline) return k;
    else if (!multiline && c === quote) return k + 1;
    else if (multiline && text.startsWith(delimiter, k)) {
      let end = k + 3;
      while (end < k + 5 && text[end] === quote) end++;
      return end;
    } else k++;
  }
  return k;
}
function keyEnd(text, i, stop) {
  while (i < text.length && text[i] !== stop && text[i] !== "\n")
    i = text[i] === '"' || text[i] === "'" ? stringEnd(text, i) : i + 1;
  return i;
}
function keyPath(raw) {
  const parts = [];
  try {
    let node = parse(`${raw.trim()} = 0`);
    while (typeof node === "object" && !Array.isArray(node) && !(node instanceof Date)) {
      const key2 = Object.keys(node)[0];
      if (key2 === void 0) break;
      parts.push(key2);
      node = node[key2];
    }
  } catch {
    return [raw.trim()];
  }
  return parts;
}
function layout(text, end = text.length) {
  const statements = [];
  const open2 = [];
  let table2 = [];
  let arrayTables = 0;
  let current;
  let item = false;
  let line = 1;
  let i = text.charCodeAt(0) === 65279 ? 1 : 0;
  while (i < end) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
      if (open2.length === 0) current = void 0;
    } else if (c === " " || c === "	" || c === "\r") i++;
    else if (c === "#") {
      const newline = text.indexOf("\n", i);
      i = newline < 0 ? text.length : newline;
    } else if (!current) {
      const header = c === "[";
      const from = header ? i + (text[i + 1] === "[" ? 2 : 1) : i;
      const to = keyEnd(text, from, header ? "]" : "=");
      const key2 = keyPath(text.slice(from, to));
      if (header) table2 = from === i + 2 ? [...key2, `[[${arrayTables++}]]`] : key2;
      current = { path: header ? key2 : [...table2, ...key2], line, header, items: [] };
      statements.push(current);
      i = text[to] === "\n" ? to : to + 1;
      if (!header) current.value = i + /^[ \t]*/.exec(text.slice(i, i + 200))[0].length;
    } else {
      if (item && c !== "," && c !== "]") {
        current.items.push(line);
        item = false;
      }
      if (c === '"' || c === "'") {
        const after = stringEnd(text, i);
        for (let k = i; k < after; k++) if (text.charCodeAt(k) === 10) line++;
        i = after;
        continue;
      }
      if (c === "[" || c === "{") open2.push({ bracket: c, line });
      else if (c === "]" || c === "}") open2.pop();
      item = (c === "[" || c === ",") && open2.length === 1 && open2[0].bracket === "[";
      i++;
    }
  }
  return { statements, open: open2 };
}
var samePath = (a, b) => a.length === b.length && a.every((k, i) => k === b[i]);
var within = (a, prefix) => prefix.every((k, i) => a[i] === k);
function lineOf(statements, keyPath2) {
  return (statements.find((s) => samePath(s.path, keyPath2)) ?? statements.find((s) => within(s.path, keyPath2)) ?? statements.find((s) => !s.header && within(keyPath2, s.path)))?.line;
}
function offsetOf(text, line, column) {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const newline = text.indexOf("\n", start);
    if (newline < 0) return text.length;
    start = newline + 1;
  }
  return Math.min(start + column - 1, text.length);
}
function describeAt(text, i) {
  const c = text[i];
  if (c === void 0) return "the end of the file";
  if (c === "\n" || c === "\r") return "the end of the line";
  return JSON.stringify(text.slice(i, i + 12).split(/[\r\n]/)[0]);
}
function invalidValue(text, at, found) {
  const token = /[0-9A-Za-z_+.:-]+/y;
  token.lastIndex = at;
  const word = token.exec(text)?.[0];
  if (word === void 0) return `expected a value, found ${found}`;
  if (/^[A-Za-z_][\w.+-]*$/.test(word))
    return `${word} is not a TOML value: strings are quoted, as in "${word}"`;
  return `${word} is not a TOML value`;
}
function redefined(text, line) {
  const { statements } = layout(text);
  const index = statements.findIndex((s2) => s2.line === line);
  const s = statements[index];
  if (!s) return void 0;
  const name = s.path.filter((k) => !k.startsWith("[[")).join(".");
  const before = statements.slice(0, index);
  const earlier = before.find((e2) => samePath(e2.path, s.path));
  if (earlier && earlier.header === s.header)
    return `${s.header ? `[${name}]` : name} is defined twice (first on line ${earlier.line})`;
  if (earlier)
    return s.header ? `${name} is already a value (line ${earlier.line}), not a table` : `${name} is already a table (line ${earlier.line})`;
  const value = before.find((e2) => !e2.header && e2.path.length < s.path.length && within(s.path, e2.path));
  if (value) return `${value.path.join(".")} is a value (line ${value.line}), not a table`;
  return void 0;
}
function tomlFailure(err, text, file) {
  const reason = err.message.replace(/^Invalid TOML document: /, "").split("\n")[0];
  const at = offsetOf(text, err.line, err.column);
  const found = describeAt(text, at);
  const fail = (message, line = err.line) => located(file, line, message);
  const innermost = layout(text, at).open.at(-1);
  if (innermost && text.slice(at).trim() === "")
    return fail(
      innermost.bracket === "[" ? 'unterminated array: no "]"' : 'unterminated inline table: no "}"',
      innermost.line
    );
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const onHeader = /^\uFEFF?[ \t]*\[/.test(text.slice(lineStart, at + 1));
  switch (reason) {
    case "expected comma or end of structure":
      return fail(
        innermost?.bracket === "{" ? `expected "," or "}" in the inline table, found ${found}` : `expected "," or "]" in the array, found ${found}`
      );
    case "invalid value":
      return fail(invalidValue(text, at, found));
    case "trying to redefine an already defined table or value":
    case "trying to redefine an already defined value":
      return fail(redefined(text, err.line) ?? `${reason} (at ${found})`);
    case "each key-value declaration must be followed by an end-of-line":
      return fail(
        onHeader ? `unexpected ${found} after the table header` : `unexpected ${found} after the value (one key = value per line)`
      );
    case "unexpected end of key":
    case "illegal empty bare key":
      return fail(`expected a key, found ${found}`);
    case "illegal character in key":
    case "incomplete key-value: cannot find end of key":
      return fail(
        onHeader ? `expected "]" to close the table header, found ${found}` : `expected "=" after the key, found ${found}`
      );
    case "control characters are not allowed in strings":
      if (found.startsWith("the end")) return fail("unterminated string");
      return fail(
        `control character U+${text.charCodeAt(at).toString(16).padStart(4, "0")} in a string: write it as an escape`
      );
    case "unfinished string": {
      const delimiter = ['"""', "'''"].find((d) => text.startsWith(d, at));
      return fail(`unterminated ${delimiter ? `${delimiter} ` : ""}string`);
    }
    case "unrecognised escape sequence": {
      const c = text[at] === "\\" ? text[at + 1] : text[at];
      return fail(`invalid escape \\${c ?? ""} in a string (use \\\\ for a backslash)`);
    }
    default:
      return fail(`${reason} (at ${found})`);
  }
}
function located(file, line, message) {
  return new SetupError(`${file}:${line}: ${message}`, { file, line });
}

// src/setup/rust-toolchain-file.ts
var CHANNEL = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
var PROFILES = ["minimal", "default", "complete"];
var CHANNEL_EXAMPLES = "stable, beta, nightly, 1.78.0 or nightly-2024-05-01";
function isTable(value) {
  return typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);
}
function toolchainFromToml(text, file) {
  let document;
  try {
    document = parse(text, { integersAsBigInt: "asNeeded" });
  } catch (err) {
    if (err instanceof TomlError) throw tomlFailure(err, text, file);
    throw err;
  }
  let statements;
  const where = () => {
    statements ??= layout(text).statements;
    return statements;
  };
  const at = (key2, message, item) => {
    const keyPath2 = key2 === void 0 ? ["toolchain"] : ["toolchain", key2];
    const own = where().find((s) => samePath(s.path, keyPath2));
    const line = (item === void 0 ? void 0 : own?.items[item]) ?? lineOf(where(), keyPath2);
    return line === void 0 ? new SetupError(`${file}: ${message}`, { file }) : located(file, line, message);
  };
  const toolchain = document.toolchain;
  if (toolchain === void 0)
    throw new SetupError(
      `${file}: no [toolchain] table; expected for example:
[toolchain]
channel = "stable"`,
      {
        file
      }
    );
  if (!isTable(toolchain))
    throw at(void 0, 'toolchain must be a table: write [toolchain] and then channel = "…"');
  const string2 = (key2) => {
    const v = toolchain[key2];
    if (v === void 0 || typeof v === "string") return v;
    if (Array.isArray(v) || isTable(v)) throw at(key2, `toolchain.${key2} must be a quoted string`);
    const own = where().find((s) => samePath(s.path, ["toolchain", key2]));
    const written = own?.value === void 0 ? void 0 : text.slice(own.value, own.value + 100);
    const example = written && /^[^\s#,\]}]+/.exec(written)?.[0] || String(v);
    throw at(key2, `toolchain.${key2} must be a quoted string, as in ${key2} = "${example}"`);
  };
  const strings = (key2) => {
    const v = toolchain[key2];
    if (v === void 0) return [];
    if (!Array.isArray(v)) throw at(key2, `toolchain.${key2} must be an array of strings, as in ${key2} = ["…"]`);
    return v.map((item, i) => {
      if (typeof item !== "string" || !CHANNEL.test(item))
        throw at(key2, `toolchain.${key2} must hold names as quoted strings, as in ${key2} = ["…"]`, i);
      return item;
    });
  };
  const channel = string2("channel");
  if (channel !== void 0 && !CHANNEL.test(channel))
    throw at("channel", `"${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`);
  const profile = string2("profile");
  if (profile !== void 0 && !PROFILES.includes(profile))
    throw at("profile", `profile "${profile}" is not one of ${PROFILES.join(", ")}`);
  const toolchainPath = string2("path");
  const components = strings("components");
  const targets = strings("targets");
  if (channel === void 0 && toolchainPath === void 0)
    throw at(void 0, `[toolchain] names no channel; add for example channel = "stable"`);
  const spec = { components, targets, file };
  if (channel !== void 0) spec.channel = channel;
  if (profile !== void 0) spec.profile = profile;
  if (toolchainPath !== void 0) spec.path = path.resolve(path.dirname(file), toolchainPath);
  return spec;
}
function legacyChannel(text, file) {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).map((content, i) => ({ content: content.trim(), line: i + 1 })).filter((l) => l.content !== "");
  const [first, second] = lines;
  if (!first) throw located(file, 1, `empty file: write one toolchain name (${CHANNEL_EXAMPLES})`);
  if (second)
    throw located(
      file,
      second.line,
      "a rust-toolchain file holds one toolchain name; for components or targets use TOML with a [toolchain] table"
    );
  if (!CHANNEL.test(first.content))
    throw located(file, first.line, `"${first.content}" is not a toolchain channel (${CHANNEL_EXAMPLES})`);
  return { channel: first.content, components: [], targets: [], file };
}
function parseToolchainFile(text, file) {
  const legacy = path.basename(file) === "rust-toolchain";
  if (legacy && !/^\s*\[|=/m.test(text)) return legacyChannel(text, file);
  return toolchainFromToml(text, file);
}
async function exists(file) {
  try {
    const s = await stat(file);
    return s.isFile() ? "file" : s.isDirectory() ? "dir" : void 0;
  } catch {
    return void 0;
  }
}
async function findToolchainFile(cwd) {
  let dir = path.resolve(cwd);
  for (; ; ) {
    for (const name of ["rust-toolchain", "rust-toolchain.toml"]) {
      const candidate = path.join(dir, name);
      if (await exists(candidate) === "file") return candidate;
    }
    if (await exists(path.join(dir, ".git"))) return void 0;
    const parent = path.dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
async function readToolchainFile(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new SetupError(
      `cannot read ${file}: ${err.code ?? err.message}`,
      {
        file
      }
    );
  }
  return parseToolchainFile(text, file);
}
async function resolvePin(opts, env, log) {
  const named = (channel, source) => {
    if (!CHANNEL.test(channel))
      throw new SetupError(`${source}: "${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`);
    return { channel, components: [], targets: [], source };
  };
  if (opts.toolchain !== void 0)
    return { ...named(opts.toolchain.trim(), "the toolchain option"), explicit: true };
  if (env.RUSTUP_TOOLCHAIN) return named(env.RUSTUP_TOOLCHAIN.trim(), "RUSTUP_TOOLCHAIN");
  const file = await findToolchainFile(opts.cwd);
  if (!file) return { components: [], targets: [], source: "the default toolchain" };
  if (path.basename(file) === "rust-toolchain" && await exists(`${file}.toml`) === "file")
    log(`warning: both ${file} and ${file}.toml exist; rustup uses ${file}, and so does bench-action`);
  return { ...await readToolchainFile(file), source: file };
}

// src/setup/rust.ts
function isTriple(rest) {
  return /^[a-z][a-z0-9_.]*(?:-[a-z0-9_.]+){1,3}$/.test(rest);
}
function nameMatches(installed, wanted) {
  if (installed === wanted) return true;
  return installed.startsWith(`${wanted}-`) && isTriple(installed.slice(wanted.length + 1));
}
function parseToolchainList(text) {
  const names = [];
  let hasDefault = false;
  for (const line of text.split(/\r?\n/)) {
    const m = /^(\S+)(.*)$/.exec(line.trim());
    if (!m || /^no installed toolchains/i.test(line.trim())) continue;
    names.push(m[1]);
    if (/\(([^)]*\b)?default\b/.test(m[2])) hasDefault = true;
  }
  return { names, hasDefault };
}
function parseRustVersion(text, program) {
  return new RegExp(`^${program}\\s+(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.]+)?)`, "m").exec(text)?.[1];
}
function channelMatches(channel, version) {
  const base = channel.replace(/-\d{4}-\d{2}-\d{2}$/, "");
  if (base === "stable") return !version.includes("-");
  if (base === "beta" || base === "nightly") return version.includes(`-${base}`);
  if (/^\d+\.\d+$/.test(base)) return version.startsWith(`${base}.`);
  if (/^\d+\.\d+\.\d+$/.test(base)) return version === base || version.startsWith(`${base}-`);
  return true;
}
async function runOrFail(ctx, argv, what, quiet = false) {
  if (!quiet) ctx.log(`$ ${argv.join(" ")}`);
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd });
  if (result.code !== 0) {
    const tail = outputTail(result);
    throw new SetupError(
      `${what}: \`${argv.join(" ")}\` failed (exit ${result.code})${tail ? `:
${tail}` : ""}`
    );
  }
  return result.stdout;
}
async function query(ctx, argv) {
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 12e4 });
  return result.code === 0 ? result.stdout : void 0;
}
async function detectVersions(ctx, plus, pin) {
  const select = plus ? [`+${plus}`] : [];
  const probe2 = async (program) => {
    const argv = [program, ...select, "--version"];
    const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 12e4 });
    if (result.code === 127)
      throw new SetupError(
        `${program} is not on PATH${plus ? ` (toolchain ${plus} is installed)` : ""}: add rustup's bin directory (usually ~/.cargo/bin) to PATH, then run again`
      );
    if (result.code !== 0) {
      const tail = outputTail(result);
      throw new SetupError(
        `\`${argv.join(" ")}\` failed (exit ${result.code}) for ${pin.source}${tail ? `:
${tail}` : ""}`
      );
    }
    const version = parseRustVersion(result.stdout, program);
    if (!version)
      throw new SetupError(
        `\`${argv.join(" ")}\` printed ${JSON.stringify(result.stdout.trim().slice(0, 200))}, expected "${program} X.Y.Z (…)"`
      );
    return version;
  };
  const rustc = await probe2("rustc");
  await probe2("cargo");
  return { version: rustc, path: await findExecutable("cargo", ctx.env, ctx.platform) ?? "cargo" };
}
async function withRustup(ctx, pin, justInstalled) {
  const list = justInstalled ? parseToolchainList(await query(ctx, ["rustup", "toolchain", "list"]) ?? "") : parseToolchainList(
    await runOrFail(ctx, ["rustup", "toolchain", "list"], "cannot list Rust toolchains", true)
  );
  let installed = justInstalled;
  let channel = pin.channel;
  if (!channel && !pin.path && !list.hasDefault) {
    channel = "stable";
    ctx.log("rustup has no default toolchain: using stable");
  }
  if (channel && !pin.path) {
    const profile = pin.profile ?? "minimal";
    if (!list.names.some((n) => nameMatches(n, channel))) {
      ctx.log(`Rust toolchain ${channel} (from ${pin.source}) is not installed: installing it`);
      await runOrFail(
        ctx,
        [
          "rustup",
          "toolchain",
          "install",
          channel,
          "--profile",
          profile,
          "--no-self-update",
          ...pin.components.flatMap((c) => ["--component", c]),
          ...pin.targets.flatMap((t) => ["--target", t])
        ],
        `cannot install Rust toolchain ${channel}`
      );
      installed = true;
    } else {
      installed = await addMissing(ctx, channel, pin) || installed;
    }
    const ci = ctx.env.GITHUB_ACTIONS === "true";
    if (!list.hasDefault || ci && pin.explicit) {
      await runOrFail(ctx, ["rustup", "default", channel], `cannot make ${channel} the default toolchain`);
    }
  }
  const { version, path: where } = await detectVersions(ctx, pin.path ? void 0 : channel, pin);
  ctx.log(`Rust ${version}${channel ? ` (toolchain ${channel})` : ""}: cargo at ${where}`);
  const status = { tool: "rust", version, path: where, installed };
  if (channel) status.toolchain = channel;
  return status;
}
async function addMissing(ctx, channel, pin) {
  let added = false;
  if (pin.components.length > 0) {
    const listed2 = await query(ctx, ["rustup", "component", "list", "--installed", "--toolchain", channel]);
    const have = (listed2 ?? "").split(/\r?\n/).map((l) => l.trim());
    const missing = pin.components.filter(
      (c) => listed2 === void 0 || !have.some((h) => nameMatches(h, c.replace(/-preview$/, "")))
    );
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ["rustup", "component", "add", "--toolchain", channel, ...missing],
        `cannot add components to ${channel}`
      );
      added = true;
    }
  }
  if (pin.targets.length > 0) {
    const listed2 = await query(ctx, ["rustup", "target", "list", "--installed", "--toolchain", channel]);
    const have = new Set((listed2 ?? "").split(/\r?\n/).map((l) => l.trim()));
    const missing = pin.targets.filter((t) => listed2 === void 0 || !have.has(t));
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ["rustup", "target", "add", "--toolchain", channel, ...missing],
        `cannot add targets to ${channel}`
      );
      added = true;
    }
  }
  return added;
}
async function withoutRustup(ctx, pin) {
  const { version, path: where } = await detectVersions(ctx, void 0, pin);
  if (pin.channel && !channelMatches(pin.channel, version))
    ctx.log(
      `warning: ${pin.source} asks for Rust ${pin.channel}, but rustup is not installed, so the cargo on PATH (Rust ${version}) is used`
    );
  if (pin.components.length + pin.targets.length > 0)
    ctx.log(`warning: without rustup the components and targets named in ${pin.source} are not checked`);
  ctx.log(`Rust ${version}: cargo at ${where}`);
  const status = { tool: "rust", version, path: where, installed: false };
  if (pin.channel) status.toolchain = pin.channel;
  return status;
}
function howToGetRust(ctx, channel, packaged) {
  const ways = [];
  if (ctx.platform === "darwin") ways.push(`\`brew install rustup\`, then \`rustup default ${channel}\``);
  else if (ctx.platform === "win32") ways.push("`winget install Rustlang.Rustup`");
  if (packaged) ways.push(packaged);
  ways.push("rustup from https://rustup.rs");
  return `Install Rust with ${ways.join("; or ")}. In a GitHub Actions workflow, add \`- uses: dtolnay/rust-toolchain@${/^[\w.-]+$/.test(channel) ? channel : "stable"}\` before bench-action.`;
}
async function installRustup(ctx, pin) {
  const channel = pin.channel ?? "stable";
  const missing = "neither cargo nor rustup is installed";
  if (ctx.platform !== "linux") throw new SetupError(`${missing}. ${howToGetRust(ctx, channel)}`);
  if (!await findExecutable("apt-get", ctx.env, ctx.platform)) {
    const other = await otherPackageManagerCommand("rustup", ctx.env, ctx.uid);
    throw new SetupError(
      `${missing}. ${howToGetRust(ctx, channel, other ? `\`${other.command}\` (${other.manager})` : void 0)}`
    );
  }
  const install = { run: ctx.run, env: ctx.env, log: ctx.log, uid: ctx.uid, apt: ctx.apt };
  const policy = async () => {
    const out = await query(ctx, ["apt-cache", "policy", "rustup", "cargo"]);
    return parseAptPolicy(out ?? "");
  };
  let candidates = await policy();
  if (!candidates.has("rustup") && !candidates.has("cargo") && !ctx.apt.updated) {
    await aptUpdate(install, `${sudoHint(ctx.uid)}apt-get update`);
    candidates = await policy();
  }
  if (candidates.has("rustup")) {
    ctx.log(`${missing}: installing rustup ${candidates.get("rustup")} with apt-get`);
    await aptInstall(["rustup"], install);
    if (!await findExecutable("rustup", ctx.env, ctx.platform))
      throw new SetupError(
        "apt-get installed rustup, but `rustup` is not on PATH: check PATH, then run again"
      );
    return withRustup(ctx, { ...pin, channel }, true);
  }
  const cargo = candidates.get("cargo");
  throw new SetupError(
    `${missing}, and apt has no rustup package here. ${howToGetRust(
      ctx,
      channel,
      cargo ? `the distribution's cargo (${cargo}, usually older than stable): \`${sudoHint(ctx.uid)}apt-get install -y cargo\`` : void 0
    )}`
  );
}
async function ensureRust(opts) {
  const env = opts.env ?? process.env;
  const ctx = {
    run: opts.run ?? defaultRunner,
    env,
    log: opts.log ?? (() => {
    }),
    cwd: path2.resolve(opts.cwd),
    platform: opts.platform ?? process.platform,
    uid: opts.uid ?? currentUid(),
    apt: opts.apt ?? { updated: false }
  };
  const pin = await resolvePin(opts, env, ctx.log);
  if (pin.channel) ctx.log(`Rust toolchain ${pin.channel} from ${pin.source}`);
  if (await findExecutable("rustup", env, ctx.platform)) return withRustup(ctx, pin, false);
  if (await findExecutable("cargo", env, ctx.platform)) return withoutRustup(ctx, pin);
  return installRustup(ctx, pin);
}

// src/setup/zig.ts
import { createHash as createHash3, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, mkdir, readdir, readFile as readFile2, rename, rm, stat as stat2, writeFile } from "node:fs/promises";
import os from "node:os";
import path3 from "node:path";

// src/setup/zig-digests.ts
var ZIG_DIGESTS = {
  "0.17.1": [
    {
      wheel: "macosx_13_0_arm64",
      sha256: "09953b6af7f64168b915180a42774f520f92d86ef6331b28e33915c7e1f0bb23",
      zig: "bb6397b497438ce9e9d0d668fbfb42e777082f2b0af87ab06dec5ec928e19df5",
      tree: "be76b86b8e33b117a5882115dbea513e839f41b7063eef52028c857103ab5dea"
    },
    {
      wheel: "macosx_13_0_x86_64",
      sha256: "4e0b4b9c02b8d0d220e9948010f860b62ff11d96abb39762eca5fa2ef3f7bc97",
      zig: "f1790ce0249d3cf539e695fbda027bde282464e701429ff3ea8a5253dece3cf0",
      tree: "cde4f0b8aa4986e2d885f56cf6637eff1799d58e05e16e3cdd56d155acaa4267"
    },
    {
      wheel: "manylinux_2_12_i686.manylinux2010_i686.musllinux_1_1_i686",
      sha256: "d0549d5db63961ad9ed83ef628a45e3309542410dbcb6010116f4f2a3274d966",
      zig: "c42a710cb5172c5a62b346f3b5af82742d3e5b61de00f6f973b4314f31a3ffe1",
      tree: "51f1a50cb667002928559bdaf4d4ac770984213a8327c379c5cdb652d8266ad8"
    },
    {
      wheel: "manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64",
      sha256: "ea6cc5d87b033cf0aedfbc8f9549a908cae6c50ac31f1698188fa48a74524b54",
      zig: "58959f01285c05a74276f09327b551d42ed6006bf325a78dc661a024e314987b",
      tree: "b683008adcdfeb97a1c0e697b4a1de4e96e57f15f6e0b423cf0ed23170c4ef87"
    },
    {
      wheel: "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",
      sha256: "b7c5f02fccd40f89b999ee16a1f5ddced56e6182370f8affe494bcf8a28cf07e",
      zig: "e7eef14c4b674845fa65bbd6ad0dbf82037f6cb4364db7973ed23579a5fc26c0",
      tree: "ddf3ee37f3ea55d2ca11dadf79796eb484288660bbb42ba5be8fe64a87340eae"
    },
    {
      wheel: "manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l",
      sha256: "7ec229ead4a08f3bc537ed33fa8c0f811739b81a0d05afbea89db30afb4df1cc",
      zig: "e2d329d997e40734c4f5131e677d0f5c713ca77f82c333daf41419c04ae972fe",
      tree: "aefaa2cd75541b788926a042c9c808240bd9397d9895ea744b908f8ffe20e794"
    },
    {
      wheel: "manylinux_2_17_ppc64le.manylinux2014_ppc64le.musllinux_1_1_ppc64le",
      sha256: "d3bf27478d4593f2df7daf5c59b616a543b8f9e2cc9235bef84d8e54862a4334",
      zig: "5829a8db1a91e1bc6b9ae80339bccec16e738645746fe840aeb36464b70704d6",
      tree: "20025f62b12562c308516a97a7950dc7ae28c037777b15f2d496c09b557add6b"
    },
    {
      wheel: "manylinux_2_17_s390x.manylinux2014_s390x.musllinux_1_1_s390x",
      sha256: "87f24e5cdca55f5d47c1e20570eebb61a53957fafe4c35c69740e13affe407ba",
      zig: "a48b209da2e8f0d5898d3b2eedd4afaadb387e87815d3e4ab3d90e60236f77f0",
      tree: "afa6b1c186203c90fee3c0d7bce6833bb169f0b0826a1f776fcab64965837888"
    },
    {
      wheel: "manylinux_2_31_riscv64.musllinux_1_1_riscv64",
      sha256: "d65ae4223b0c351cb3b4596262b8d9773acc9ca94ef8ea9b5fe3ddfa07dd204f",
      zig: "e6d5f5b75568b4e53e0eca11b4157a756dcb70b3f91f0a3c4d7801fd5a127ea5",
      tree: "8c805baac4212f1fef4a9de92d75f126fa15022163066f1cd2090490b11a1afd"
    },
    {
      wheel: "win32",
      sha256: "ae28f1f1150b95c8b1bb5e185d18e6c542877dc480e2476ccc81dac41f191b71",
      zig: "1d49a9aa60d06b8daca43c1bf634029e3f2e03d08f44d8c58b62004885d328a6",
      tree: "d83c0f5d16aeea3f09d69aa3624251e45ededd73a2d82423532314fce3d15d93"
    },
    {
      wheel: "win_amd64",
      sha256: "69c3dfc3aff6a297ec4017aa904782c0e450eb988982d7f675d83edce27526fb",
      zig: "8d6f248cdb0fc2ecd5e17c5282ef3f8a4b614beac12e6d27d12462cde59fe56b",
      tree: "b6df7d0bacb3c8b71c1277d48032f4e12f3ca18f09106375673534e65cf044aa"
    },
    {
      wheel: "win_arm64",
      sha256: "27a8da5f8eaa0e76ebbc7c2594130ed4646c1101ada2ce0aa86fe580c74154b9",
      zig: "656322ca411d3003dce9225e20b934c83bb56b4746a567860a8f18e7c0f5adc3",
      tree: "803c43a2c00344f692d9f226720ac83853b3c02fa2bee87882080fdcf2a35aeb"
    }
  ],
  "0.16.0": [
    {
      wheel: "macosx_12_0_arm64",
      sha256: "b61e5413c49508d9d62e5dcea543e3af491594154d74a00ff52f84ed508260cc",
      zig: "e6cd688d25664983833aae272f501d4bceeae304875b8f1741209d15fd13a4ec",
      tree: "5cef39152f99505efa7b939bca1fe9f0d7a214792031623f50ee827eaa4c2143"
    },
    {
      wheel: "macosx_12_0_x86_64",
      sha256: "18e14f6b25678d7b7c65708c82501ee6090fe39ed5c783477d56267af1fa5629",
      zig: "5597fba0eb9d8f1f5331e3e5822e7e96e4a12eeb6f4939781bd8e2c13b15e8b5",
      tree: "0f1eb22f4b95ec0524ce95f6c87843e840d94beb49fbc12ec2dd0538dea506df"
    },
    {
      wheel: "manylinux_2_12_i686.manylinux2010_i686.musllinux_1_1_i686",
      sha256: "8b83661247430aa335b3cbc29569084900412dde5633b02c80a6d2ff734de3d2",
      zig: "0a23deeae370ad3cadd9abd18b7515035ac334684f73c99acd36b4388173d339",
      tree: "781f47fb9821863c13e4c638c6c3cb93eb2cabefe591a20da883cbcbe6895f9f"
    },
    {
      wheel: "manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64",
      sha256: "9fcda73f62b851dd72a54b710ad40a209896db14cfb13649e62191243556342b",
      zig: "2317bbb91798556d9d0f38aabdac23db83f0979b25f767259ae474546724087c",
      tree: "5b770ff091a2db31cae5ad86ff25b6d37563d388655ebaa263600b2f0ba39b09"
    },
    {
      wheel: "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",
      sha256: "e27d409812b11e0fb89ed0200cf2e55b6464d43f9461553104e4a4f9a94a1fd5",
      zig: "6e2989a7efbd4e81acbacb6c6378e34340d8e88bb023b10c4a941021be55cdcb",
      tree: "c0189801d6daabdc2a4bff188f32fad4e17559d37e719732425d59827c31321a"
    },
    {
      wheel: "manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l",
      sha256: "7249779f0f916cfd2d1a9d54eb7600f3901384dc8dcbe1eea226bd32a8237fb5",
      zig: "017d8915487619e0f7a623826dd40a86d0362b3ce7975c1b8e9fbdc4a70c1cdf",
      tree: "06820ae75178f8c09b78b35f1e81348d1394f692f6b7db57950696dcda5a4b6f"
    },
    {
      wheel: "manylinux_2_17_ppc64le.manylinux2014_ppc64le.musllinux_1_1_ppc64le",
      sha256: "0fd671c599f6961638cc302cf1f9461486696385311d4c0276171dcf7d2b67f5",
      zig: "777e12ca355603c98c296c6219a45fad379ed58d2333727b5aa73620c1e5b592",
      tree: "0f58ba6ead8ee74552c8c890ce53b69be2ed6f2d9325d23f3c49cfcf4fb37d48"
    },
    {
      wheel: "manylinux_2_17_s390x.manylinux2014_s390x.musllinux_1_1_s390x",
      sha256: "df0e6599e41d087c912b0d3d7cedef6c9cb1f0032465c8fc820e9986772d11e4",
      zig: "195904d5228642644a68d6c7e8b0f9460b9c0cd63ce3cbb540a77693c2e5f2e9",
      tree: "ccd2bbf5f94a00fa71c2ca670675bbe22a5de10579e8987752946eb7b80b3119"
    },
    {
      wheel: "manylinux_2_31_riscv64.musllinux_1_1_riscv64",
      sha256: "d4bd8197344fffe276e1d6446e4ef7bc38637d821b4685fe96a936503d4b0619",
      zig: "73549c77cc25ce30295edb541701e504166832f6b3aff4aa2ba0e36875c09adf",
      tree: "e1866da47cfaaeee895516ba182aec898eeb9a95b939161e23c12033cfaecdc0"
    },
    {
      wheel: "win32",
      sha256: "f978c12b5337cf418034964de00023b7ec5ec484383dc97c6a6585f4a9105840",
      zig: "3017486b5d253720d3dcfc9a3127678d2eeba90fe9145b661545ca278e155478",
      tree: "2b295c769c01e5feb8657432da4ab9133bb70e474dc98220ff7d470b5511a930"
    },
    {
      wheel: "win_amd64",
      sha256: "089a16a4eb5a2f45151993342f8fabad24ff1a0723dc146642895c29208a3939",
      zig: "086ce9d47ba42f33a514e1a6e04eb1d4a8fa1d75e0868e0213caad447c91e864",
      tree: "bfb203cff0663e3feb8466339314f79aebc51538c2f3fbaa06126fdca15a6736"
    },
    {
      wheel: "win_arm64",
      sha256: "e44a5271f7b72f7980017bb615823ed52e765f96b6482d93a2fd338cd53101bf",
      zig: "6b2bd50fc8f08fc89f240cbaec17e9d7b0ef1adca016b8ef7b555877dd208c58",
      tree: "7b4f3598c5dd09a63078329a5058b5911769a77b98e9f2ac9300e103a87168db"
    }
  ],
  "0.15.2": [
    {
      wheel: "macosx_12_0_arm64",
      sha256: "acae2a9ce67ed249ad68d42c21bc73b5f9d51a33ba5ea42f609f78683e8d9bb7",
      zig: "c65cd34917923f575448cc0603dd7c2326da0af0e5c323043d090662dcdf351c",
      tree: "b74718f2ebbf3a0234566432d18a46d6ac201cb1b21de0b3144dbb66d16db701"
    },
    {
      wheel: "macosx_12_0_x86_64",
      sha256: "47af4f85e3e59bd672126cc026d3a01b516cad24b9a9ea075abfe8532f4c6bc1",
      zig: "f76ad95c3f2ba6c8fd2ae0337bfb0fedd27e1223183597cfa0ddc517db1d5b20",
      tree: "e42d3387acad78df9d86bdcacf9930b2ce62d55418b0957e7af3a9e052f9940d"
    },
    {
      wheel: "manylinux_2_12_i686.manylinux2010_i686.musllinux_1_1_i686",
      sha256: "04eb9c4135ef431487b920c73312cd3a5e754019839024eeed3521772d1585a2",
      zig: "cf545f932b5eacc49cce7fe8c812252772130f11c28b3a050a8b917dd59097e8",
      tree: "6eac52d0bd716889cc83ac5077148c396ae7e7bb1294a1a16ddde19db1d25b1f"
    },
    {
      wheel: "manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64",
      sha256: "806316453d1ede7174ed3fefb8e5348154629089c3bb5fe812dfd0e172fac130",
      zig: "2858dc89dbbfdd08cceda1b841e7fd0a793a1a67b49f150bc3d0d1de44ed7f51",
      tree: "1ff54d6ae1db35bbc73d4b23453dd8823012e5392497879b0352dc7ae78c6ab2"
    },
    {
      wheel: "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",
      sha256: "edc0aa60ec964a4cf462d40f68d7de242ddf37fd9a80f2afaee6397059463230",
      zig: "931b8e9a9327dac87bc439067f07604219510fa541133ff6e542c6243968cc86",
      tree: "f8db979ead6883a7ca66d60c07784da0d79c16afbf6e8710d5da82b878d2df88"
    },
    {
      wheel: "manylinux_2_17_armv7l.manylinux2014_armv7l.musllinux_1_1_armv7l",
      sha256: "ad43a4692311512ab55cc918596c814ff44fb811b1299fa9a57cc4e2bf315c6b",
      zig: "6211089e177d6d52c9e152ee151017ffa8b044c5e85a4de50a2d248bdc0e295b",
      tree: "e81e80397053e0ea95db2022b9e7496a47cb16f657730b1cb6fc3a5cd407278c"
    },
    {
      wheel: "manylinux_2_17_ppc64le.manylinux2014_ppc64le.musllinux_1_1_ppc64le",
      sha256: "85faefbd4cfe420de92aaa8f8300bec2b9afe8d1f1d8c5abf71bf92754682536",
      zig: "00c6d94e3cfccc7ff644ddfadd33929e52083d6d9c92c2c503b7717f67d5bae6",
      tree: "477a6e9b67e0ad87e06242b4d9b63097d790d8f70a2e97868a4afc9a0931d8b6"
    },
    {
      wheel: "manylinux_2_17_s390x.manylinux2014_s390x.musllinux_1_1_s390x",
      sha256: "978ebcc3c6c9624cbc999dd8dcb65427e7474650d9709a889aace8e325705ce2",
      zig: "95ffbe0fe94627a7515130aec85c62b719a6162a314b3a0250fe9adf77c29aa4",
      tree: "3d549950c4d6dc91df2087caf411d203a04582bdeaa4c479c699421eb211e9e1"
    },
    {
      wheel: "manylinux_2_31_riscv64.musllinux_1_1_riscv64",
      sha256: "d3fe40825e18238e986b305cbf3a4d93a50461b893339e31c81b0d6c73f33937",
      zig: "b2a1a596e0b63e6b04347e5810b60e55dec8b48015b6f37a182e8cfe4433895d",
      tree: "05ed3265c179f991ffb693f9285aa24ffae693ffe4e96264990783614c399d2f"
    },
    {
      wheel: "win32",
      sha256: "b174f7ebb9d1f2210d32d1420333120f6117ebee3de8b3e221e6ebb0c3beec4b",
      zig: "345f8616211b37874188bdef5d020a6d15d1bc43cf7344bd4e237557a50ac4d8",
      tree: "0af3f35f3ffd5d49b9e6890abba62ef25a27c4abd3f0742a795a455ef7ae9677"
    },
    {
      wheel: "win_amd64",
      sha256: "ca80dc9c70dbdfdd9ee51d000de3501a95d33d9782ab9ab9b56f700484ebcd83",
      zig: "d408dd38eed3e5204af841bcebf70502a4dbbb8399a3a3262be55059370bc018",
      tree: "0af0495064a01634ef7bbf98f48994c56b19d16fe471c5069a22e6141d5d6aec"
    },
    {
      wheel: "win_arm64",
      sha256: "a81ebfc61e1b7aa43a33add23f93b98954d757434f894eb21bd40b176b6688aa",
      zig: "75b54d6b16959a7bf2ed1752ed144933ae8c53f1a84adaac8be22b7805cc625d",
      tree: "bf554282f9caf12d870f13d6f1d6fc7a061efbf5f2ac47e33ff80a9714399ea8"
    }
  ]
};

// src/setup/zig.ts
var DEFAULT_ZIG_VERSION = "0.17.1";
var ZIG_MANIFEST = ".bench-action-manifest.json";
var VERSION_TIMEOUT_MS = 6e4;
var DOWNLOAD_TIMEOUT_MS = 20 * 6e4;
var UNPACK_TIMEOUT_MS = 10 * 6e4;
var PYPI_VERSION = /^\d+(?:\.\d+){1,3}(?:(?:a|b|rc|\.dev|\.post)\d+)?$/;
function zigVersionOf(pypiVersion) {
  return pypiVersion.replace(/\.post\d+$/, "");
}
function wheelPlatformTags(platform, arch) {
  const tags = {
    "linux-x64": ["manylinux_2_12_x86_64", "manylinux2010_x86_64", "musllinux_1_1_x86_64"],
    "linux-arm64": ["manylinux_2_17_aarch64", "manylinux2014_aarch64", "musllinux_1_1_aarch64"],
    "linux-ia32": ["manylinux_2_12_i686", "manylinux2010_i686", "musllinux_1_1_i686"],
    "linux-arm": ["manylinux_2_17_armv7l", "manylinux2014_armv7l", "musllinux_1_1_armv7l"],
    "linux-ppc64": ["manylinux_2_17_ppc64le", "manylinux2014_ppc64le", "musllinux_1_1_ppc64le"],
    "linux-s390x": ["manylinux_2_17_s390x", "manylinux2014_s390x", "musllinux_1_1_s390x"],
    "linux-riscv64": ["manylinux_2_31_riscv64", "musllinux_1_1_riscv64"],
    // pip widens a macOS tag to every older macOS release of the same architecture.
    "darwin-x64": ["macosx_15_0_x86_64"],
    "darwin-arm64": ["macosx_15_0_arm64"],
    "win32-x64": ["win_amd64"],
    "win32-ia32": ["win32"],
    "win32-arm64": ["win_arm64"]
  };
  return tags[`${platform}-${arch}`];
}
function zigCacheRoot(env, cacheDir) {
  if (cacheDir) return path3.resolve(cacheDir, "tools", "zig");
  if (env.BENCH_ACTION_CACHE_DIR) return path3.resolve(env.BENCH_ACTION_CACHE_DIR, "tools", "zig");
  const base = env.XDG_CACHE_HOME || path3.join(env.HOME || env.USERPROFILE || os.homedir(), ".cache");
  return path3.resolve(base, "bench-action", "tools", "zig");
}
function exeName(platform) {
  return platform === "win32" ? "zig.exe" : "zig";
}
function firstLine(text) {
  return text.trim().split(/\r?\n/)[0]?.trim() ?? "";
}
async function exists2(file) {
  try {
    await stat2(file);
    return true;
  } catch {
    return false;
  }
}
async function sha256File(file) {
  const hash = createHash3("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest("hex");
}
async function zigTreeDigest(dir) {
  const files = [];
  const walk = async (relative) => {
    for (const entry of await readdir(path3.join(dir, relative), { withFileTypes: true })) {
      const name = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) {
        if (name !== ZIG_MANIFEST) files.push(name);
      } else throw new Error(`${path3.join(dir, name)} is neither a file nor a directory`);
    }
  };
  await walk("");
  files.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const digests = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      digests[i] = await sha256File(path3.join(dir, files[i]));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const tree = createHash3("sha256");
  for (const [i, file] of files.entries()) tree.update(`${digests[i]}  ${file}
`);
  return tree.digest("hex");
}
async function verifyZigDir(dir, exe, version, pins) {
  let manifest;
  try {
    manifest = JSON.parse(await readFile2(path3.join(dir, ZIG_MANIFEST), "utf8"));
  } catch (error) {
    if (error.code !== "ENOENT")
      return { ok: false, why: `its manifest ${path3.join(dir, ZIG_MANIFEST)} is unreadable` };
  }
  let candidates = pins;
  if (manifest) {
    candidates = pins.filter((p) => p.sha256 === manifest.wheelSha256);
    if (manifest.version !== version || candidates.length === 0)
      return { ok: false, why: `its manifest does not name a pinned ziglang ${version} wheel` };
  }
  const zigPath = path3.join(dir, exe);
  const zig = await sha256File(zigPath);
  candidates = candidates.filter((p) => p.zig === zig);
  if (candidates.length === 0 || manifest && manifest.zigSha256 !== zig)
    return {
      ok: false,
      why: `${zigPath} has sha256 ${zig}, not the pinned digest of ziglang ${version}'s zig`
    };
  const tree = await zigTreeDigest(dir);
  const pin = candidates.find((p) => p.tree === tree);
  if (!pin || manifest && manifest.treeSha256 !== tree)
    return {
      ok: false,
      why: `the files in ${dir} (tree sha256 ${tree}) are not those of the pinned ziglang ${version} wheel`
    };
  return { ok: true, pin, ...manifest ? { manifest } : {} };
}
function manifestFor(version, pin) {
  return {
    schema: "bench-action/zig",
    version,
    wheel: pin.wheel,
    wheelSha256: pin.sha256,
    zigSha256: pin.zig,
    treeSha256: pin.tree
  };
}
async function writeManifest(dir, manifest) {
  await writeFile(path3.join(dir, ZIG_MANIFEST), `${JSON.stringify(manifest, null, 2)}
`);
}
function unpinnedVersion(version, digests) {
  const known = Object.keys(digests);
  return new SetupError(
    `Zig ${version} cannot be installed: bench-action runs only a Zig whose sha256 digests it ships, and it has none for ziglang ${version}. Set zig-version (--zig-version) to a version it can verify (${known.join(", ")}), or install Zig ${version} yourself and put it on PATH.`
  );
}
async function probe(zig, run, env) {
  const result = await run([zig, "version"], { env, timeoutMs: VERSION_TIMEOUT_MS });
  if (result.code === 127) return { ok: false, missing: true, why: "not found" };
  const version = firstLine(result.stdout);
  if (result.code !== 0 || !/^\d+\.\d+\.\d+/.test(version)) {
    const tail = outputTail(result);
    return {
      ok: false,
      missing: false,
      why: `\`${zig} version\` failed (exit ${result.code})${tail ? `: ${tail}` : ""}`
    };
  }
  return { ok: true, version };
}
async function findPython(run, env) {
  let pipless;
  for (const exe of ["python3", "python"]) {
    const result = await run([exe, "-m", "pip", "--version"], { env, timeoutMs: VERSION_TIMEOUT_MS });
    if (result.code === 0 && /python 3\./i.test(result.stdout)) return { argv: [exe] };
    if (result.code !== 127 && !pipless) pipless = { exe, result };
  }
  if (pipless) {
    const tail = outputTail(pipless.result, 2);
    throw new SetupError(
      `Zig is downloaded from PyPI with pip, but \`${pipless.exe} -m pip\` does not work${tail ? ` (${tail})` : ""}: install pip (\`apt-get install -y python3-pip\`, or \`python3 -m ensurepip --user\`), then run again`
    );
  }
  throw new SetupError(
    "Zig is downloaded from PyPI with pip, and neither python3 nor python is on PATH: install Python 3 with pip (`apt-get install -y python3-pip`), then run again"
  );
}
function versionsSeen(result) {
  const match = /\(from versions: ([^)]*)\)/.exec(`${result.stderr}
${result.stdout}`);
  if (!match) return void 0;
  return match[1].split(",").map((v) => v.trim()).filter((v) => v !== "" && v !== "none" && v !== "0.0.0");
}
function noMatch(result) {
  return /No matching distribution found|Could not find a version that satisfies/i.test(
    `${result.stderr}
${result.stdout}`
  );
}
function hashMismatch(result) {
  return /DO NOT MATCH THE HASHES/i.test(`${result.stderr}
${result.stdout}`);
}
async function downloadWheel(python, version, pins, dest, target, ctx) {
  const requirements = path3.join(path3.dirname(dest), "requirements.txt");
  await writeFile(
    requirements,
    `ziglang==${version} ${pins.map((p) => `--hash=sha256:${p.sha256}`).join(" ")}
`
  );
  ctx.log(`ziglang==${version}, one of ${pins.length} pinned sha256 digests (${requirements})`);
  const base = [
    ...python.argv,
    "-m",
    "pip",
    "download",
    "--require-hashes",
    "--no-deps",
    "--only-binary=:all:",
    "--dest",
    dest,
    "-r",
    requirements
  ];
  const env = { ...ctx.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1" };
  const tags = wheelPlatformTags(target.platform, target.arch);
  const native = target.platform === process.platform && target.arch === process.arch;
  const attempts = [];
  if (native) attempts.push(base);
  if (tags) attempts.push([...base, ...tags.flatMap((t) => ["--platform", t])]);
  const where = `${target.platform}-${target.arch}`;
  if (attempts.length === 0)
    throw new SetupError(`no Zig wheel for ${where}: PyPI's ziglang package has none for this platform`);
  let last;
  for (const argv of attempts) {
    ctx.log(`$ ${argv.join(" ")}`);
    const result = await ctx.run(argv, { env, timeoutMs: DOWNLOAD_TIMEOUT_MS });
    if (result.code === 0) {
      const wheels = (await readdir(dest)).filter((f) => /^ziglang-.*\.whl$/i.test(f));
      if (wheels.length === 1) return path3.join(dest, wheels[0]);
      throw new SetupError(
        `\`pip download ziglang==${version}\` succeeded but left ${wheels.length} wheels in ${dest}, expected one`
      );
    }
    last = result;
    if (!noMatch(result)) break;
  }
  throw downloadFailure(last, version, where);
}
function downloadFailure(result, version, where) {
  if (hashMismatch(result)) {
    const output = `${result.stderr}
${result.stdout}`;
    const said = output.split("\n").find((l) => /DO NOT MATCH THE HASHES/i.test(l))?.trim();
    const got = /\bGot\s+([0-9a-f]{64})\b/.exec(output)?.[1];
    return new SetupError(
      `the ziglang ${version} wheel the package index served${got ? ` has sha256 ${got}, which` : ""} does not match the sha256 digests bench-action pins for it, so it was not installed (pip: ${JSON.stringify(said)}).
Check the package index configured for pip (PIP_INDEX_URL, pip.conf): it must serve PyPI's files unchanged.`
    );
  }
  if (noMatch(result)) {
    const seen = versionsSeen(result);
    if (seen && seen.length > 0)
      return new SetupError(
        `Zig ${version} is not available from PyPI for ${where}: there is no ziglang==${version} wheel for this platform (versions with one: ${seen.slice(-8).join(", ")}); pick one of those`
      );
    return new SetupError(
      `Zig ${version} is not available from PyPI for ${where}: PyPI's ziglang package has no wheel for this platform`
    );
  }
  const tail = outputTail(result);
  return new SetupError(
    `downloading Zig ${version} from PyPI failed: \`pip download ziglang==${version}\` exited with ${result.code}${tail ? `:
${tail}` : ""}
Check that PyPI (or the configured package index) is reachable, then run again.`
  );
}
async function ensureZig(opts = {}) {
  const run = opts.run ?? defaultRunner;
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => {
  });
  const platform = opts.platform ?? process.platform;
  const arch = opts.arch ?? process.arch;
  const digests = opts.digests ?? ZIG_DIGESTS;
  const pypiVersion = opts.version?.trim() || DEFAULT_ZIG_VERSION;
  if (!PYPI_VERSION.test(pypiVersion))
    throw new SetupError(
      `invalid Zig version "${opts.version}": expected a release of PyPI's ziglang package, such as "${DEFAULT_ZIG_VERSION}"`
    );
  const wanted = zigVersionOf(pypiVersion);
  const onPath = await probe("zig", run, env);
  if (onPath.ok) {
    if (!opts.version || onPath.version === wanted) {
      const where = await findExecutable("zig", env, platform) ?? "zig";
      log(`zig ${onPath.version} found at ${where}`);
      return { tool: "zig", version: onPath.version, path: where, installed: false };
    }
    log(`zig ${onPath.version} is on PATH, but ${wanted} is wanted`);
  } else if (!onPath.missing) log(`warning: ignoring the zig on PATH: ${onPath.why}`);
  const pins = digests[pypiVersion];
  if (!pins || pins.length === 0) throw unpinnedVersion(pypiVersion, digests);
  const root = zigCacheRoot(env, opts.cacheDir);
  const dir = path3.join(root, pypiVersion);
  const zig = path3.join(dir, exeName(platform));
  const install = { pypiVersion, pins, root, dir, platform, arch, run, env, log };
  const cached = await cachedZig(zig, wanted, install);
  if (cached) return cached;
  await installZig(install);
  const installed = await probe(zig, run, env);
  if (!installed.ok)
    throw new SetupError(`Zig ${pypiVersion} was unpacked to ${dir}, but it does not run: ${installed.why}`);
  if (installed.version !== wanted)
    throw new SetupError(
      `Zig ${pypiVersion} was unpacked to ${dir}, but \`zig version\` prints ${installed.version}, expected ${wanted}`
    );
  log(`zig ${installed.version} installed at ${zig}`);
  return { tool: "zig", version: installed.version, path: zig, installed: true };
}
async function cachedZig(zig, wanted, { pypiVersion, pins, dir, platform, run, env, log }) {
  if (!await exists2(zig)) return void 0;
  const verified = await verifyZigDir(dir, exeName(platform), pypiVersion, pins).catch(
    (error) => ({ ok: false, why: error.message })
  );
  if (verified.ok) {
    if (!verified.manifest)
      await writeManifest(dir, manifestFor(pypiVersion, verified.pin)).catch(() => void 0);
    const cached = await probe(zig, run, env);
    if (cached.ok && cached.version === wanted) {
      log(`zig ${cached.version} found in the tool cache at ${zig}, its files matching the pinned digests`);
      return { tool: "zig", version: cached.version, path: zig, installed: false };
    }
    log(
      `warning: the cached zig at ${zig} does not work (${cached.ok ? `it is version ${cached.version}` : cached.why}); installing it again`
    );
  } else log(`warning: not running the cached zig at ${zig}: ${verified.why}; installing it again`);
  return void 0;
}
async function installZig(install) {
  const { pypiVersion, root, run, env, log } = install;
  const python = await findPython(run, env);
  await mkdir(root, { recursive: true });
  const work = path3.join(root, `.tmp-${pypiVersion}-${process.pid}-${randomBytes(4).toString("hex")}`);
  await mkdir(work);
  try {
    log(`downloading Zig ${pypiVersion} from PyPI (the ziglang package) into ${root}`);
    const wheel = await downloadWheel(
      python,
      pypiVersion,
      install.pins,
      path3.join(work, "download"),
      { platform: install.platform, arch: install.arch },
      {
        run,
        env,
        log
      }
    );
    const staged = await unpackWheel(python, wheel, path3.join(work, "unpacked"), install);
    await placeInCache(staged, install);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
async function unpackWheel(python, wheel, unpacked, install) {
  const { pypiVersion, pins, platform, run, env, log } = install;
  const unzip = [...python.argv, "-m", "zipfile", "-e", wheel, unpacked];
  log(`$ ${unzip.join(" ")}`);
  const result = await run(unzip, { env, timeoutMs: UNPACK_TIMEOUT_MS });
  if (result.code !== 0) {
    const tail = outputTail(result);
    throw new SetupError(`unpacking ${wheel} failed (exit ${result.code})${tail ? `:
${tail}` : ""}`);
  }
  const staged = path3.join(unpacked, "ziglang");
  const stagedZig = path3.join(staged, exeName(platform));
  if (!await exists2(stagedZig))
    throw new SetupError(`${path3.basename(wheel)} does not contain ziglang/${exeName(platform)}`);
  await chmod(stagedZig, 493);
  const wheelSha256 = await sha256File(wheel);
  const pin = pins.find((p) => p.sha256 === wheelSha256);
  if (!pin)
    throw new SetupError(
      `${path3.basename(wheel)} has sha256 ${wheelSha256}, which is not pinned for ziglang ${pypiVersion}: not installing it`
    );
  const verified = await verifyZigDir(staged, exeName(platform), pypiVersion, [pin]);
  if (!verified.ok)
    throw new SetupError(`${path3.basename(wheel)} unpacked to unexpected files: ${verified.why}`);
  await writeManifest(staged, manifestFor(pypiVersion, pin));
  return staged;
}
async function placeInCache(staged, { pypiVersion, pins, dir, platform }) {
  if (await exists2(dir)) await rm(dir, { recursive: true, force: true });
  try {
    await rename(staged, dir);
  } catch (err) {
    const code2 = err.code;
    if (code2 !== "ENOTEMPTY" && code2 !== "EEXIST" && code2 !== "EPERM") throw err;
    const theirs = await verifyZigDir(dir, exeName(platform), pypiVersion, pins).catch(
      (error) => ({ ok: false, why: error.message })
    );
    if (!theirs.ok)
      throw new SetupError(
        `Zig ${pypiVersion} could not be installed into ${dir}: another copy appeared there meanwhile, and ${theirs.why}. Remove ${dir} and run again.`
      );
  }
}

// src/setup/index.ts
function programName(arg) {
  return path4.basename(arg.replaceAll("\\", "/")).replace(/\.exe$/i, "");
}
var RUST_PROGRAMS = /* @__PURE__ */ new Set(["cargo", "rustc", "rustup"]);
function scriptRunsRust(script) {
  return /(?:^|[\n;&|(]|\b(?:then|do|else|exec|env|time)\s)\s*(?:\S*\/)?(?:cargo|rustc|rustup)(?:\s|$)/.test(
    script
  );
}
function toolsNeeded(kinds, config) {
  const needed = /* @__PURE__ */ new Set();
  if (kinds.includes("instructions")) needed.add("valgrind");
  if (config?.benchmarks?.some((b) => b.timedChange === "explained-only")) needed.add("valgrind");
  for (const step of config?.setup ?? []) {
    const [program, flag, script] = step.command;
    if (program && programName(program) === "zig") needed.add("zig");
    if (program && RUST_PROGRAMS.has(programName(program))) needed.add("rust");
    else if ((step.shell || flag === "-c") && script && scriptRunsRust(script)) needed.add("rust");
  }
  return KNOWN_TOOLS.filter((t) => needed.has(t));
}
async function runSetup(tools, opts) {
  const wanted = [];
  for (const raw of tools) {
    const name = raw.trim().toLowerCase();
    if (!KNOWN_TOOLS.includes(name))
      throw new SetupError(`unknown tool "${raw}": bench-action can set up ${KNOWN_TOOLS.join(", ")}`);
    if (!wanted.includes(name)) wanted.push(name);
  }
  const apt = { updated: false };
  const common = {
    run: opts.run,
    env: opts.env,
    log: opts.log,
    uid: opts.uid,
    platform: opts.platform,
    apt
  };
  const statuses = [];
  for (const tool of wanted) {
    if (tool === "valgrind") statuses.push(await ensureValgrind(common));
    else if (tool === "zig")
      statuses.push(
        await ensureZig({
          run: opts.run,
          env: opts.env,
          log: opts.log,
          platform: opts.platform,
          version: opts.zigVersion
        })
      );
    else statuses.push(await ensureRust({ ...common, cwd: opts.cwd, toolchain: opts.toolchain }));
  }
  return statuses;
}
function describeStatus(status) {
  const toolchain = status.toolchain ? `, toolchain ${status.toolchain}` : "";
  return `${status.tool} ${status.version} (${status.path}${toolchain}${status.installed ? ", installed" : ""})`;
}

// src/store/types.ts
var NO_BRANCH = "detached-head";
var StoreError = class extends UserError {
  name = "StoreError";
};

// src/store/dir.ts
import { mkdir as mkdir2, readdir as readdir2, readFile as readFile3, rename as rename2, writeFile as writeFile2 } from "node:fs/promises";
import path5 from "node:path";
function branchKey(branch) {
  return encodeURIComponent(branch).replace(/\./g, "%2E");
}
function timestampKey(iso) {
  const time = Date.parse(iso);
  if (!Number.isFinite(time))
    throw new ResultsFormatError(
      `createdAt ${JSON.stringify(iso)} is not a timestamp: it cannot name a stored run`
    );
  return new Date(time).toISOString().replace(/[-:.]/g, "");
}
var SAFE_NAME = /^[A-Za-z0-9._~!*'()%-]+$/;
function safeName(name, what) {
  if (!SAFE_NAME.test(name) || /^\.+$/.test(name))
    throw new ResultsFormatError(
      `${what} ${JSON.stringify(name)} cannot name a file in the results store: use letters, digits, ".", "_" and "-"`
    );
  return name;
}
function fromTimestampKey(key2) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(key2);
  if (!m) return void 0;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7] ?? "000"}Z`;
}
var DirStore = class {
  constructor(root) {
    this.root = root;
  }
  root;
  dirFor(suite, branch) {
    return this.inside(path5.join(safeName(suite, "the suite"), safeName(branchKey(branch), "the branch")));
  }
  /** The path of `relative` in the store, checked to stay below the store's root. */
  inside(relative) {
    const within2 = path5.relative(path5.resolve(this.root), path5.resolve(this.root, relative));
    if (within2 === "" || within2.split(path5.sep)[0] === ".." || path5.isAbsolute(within2))
      throw new ResultsFormatError(`${relative} would be outside the results store ${this.root}`);
    return path5.join(this.root, relative);
  }
  async save(results) {
    const dir = this.dirFor(results.suite, results.commit.branch ?? NO_BRANCH);
    const sha = results.commit.sha?.slice(0, 12).toLowerCase() ?? "nosha";
    const stem = `${timestampKey(results.createdAt)}-${sha}`;
    if (!/^\d{8}T\d{9}Z-([0-9a-f]{1,12}|nosha)$/.test(stem))
      throw new ResultsFormatError(
        `the run of ${JSON.stringify(results.createdAt)} at commit ${JSON.stringify(results.commit.sha)} cannot name a file in the results store: it needs an ISO-8601 time and a hex commit hash`
      );
    await mkdir2(dir, { recursive: true });
    const ignore = path5.join(this.root, ".gitignore");
    if (!await exists3(ignore)) await writeFile2(ignore, "# bench-action results store\n*\n");
    let file = path5.join(dir, `${stem}.json`);
    for (let i = 1; await exists3(file); i++) file = path5.join(dir, `${stem}-${i}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile2(tmp, `${JSON.stringify(results, null, 2)}
`);
    await rename2(tmp, file);
    return file;
  }
  /** Entries for one suite and branch, newest first. */
  async list(suite, branch) {
    const dir = this.dirFor(suite, branch);
    let names;
    try {
      names = await readdir2(dir);
    } catch {
      return [];
    }
    const entries = [];
    for (const name of names) {
      const m = /^(\d{8}T\d{6}\d{0,3}Z)-([0-9a-f]+|nosha)(?:-\d+)?\.json$/.exec(name);
      if (!m) continue;
      const createdAt = fromTimestampKey(m[1]);
      if (!createdAt) continue;
      entries.push({
        path: path5.join(dir, name),
        suite,
        branch,
        sha: m[2] === "nosha" ? void 0 : m[2],
        createdAt
      });
    }
    return entries.sort((a, b) => a.path < b.path ? 1 : a.path > b.path ? -1 : 0);
  }
  /** The suites with a folder in the store. */
  async suites() {
    let entries;
    try {
      entries = await readdir2(this.root, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.filter((e2) => e2.isDirectory() && SAFE_NAME.test(e2.name) && !/^\.+$/.test(e2.name)).map((e2) => e2.name).sort();
  }
  async load(entry) {
    const file = typeof entry === "string" ? entry : entry.path;
    return parseResultSetText(await readFile3(file, "utf8"), file);
  }
};
async function exists3(file) {
  try {
    await readFile3(file);
    return true;
  } catch {
    return false;
  }
}
function entryMatchesSha(entry, sha) {
  return sha !== void 0 && entry.sha !== void 0 && sha.startsWith(entry.sha);
}

// src/system/git.ts
async function gitOrError(cwd, args, timeoutMs = 3e4) {
  const result = await runCommand(["git", ...args], { cwd, timeoutMs, maxOutputBytes: 16 * 1024 * 1024 });
  const failure = commandFailure(result);
  if (failure === void 0) return { stdout: result.stdout.trim() };
  if (result.timedOut) return { error: failure };
  return { error: result.stderr.trim().split("\n").pop() || failure };
}
async function git(cwd, args) {
  const result = await gitOrError(cwd, args);
  return "stdout" in result ? result.stdout : void 0;
}
async function commitInfo(cwd, env = process.env) {
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_SHA) {
    const branch2 = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || void 0;
    return { sha: env.GITHUB_SHA, ref: env.GITHUB_REF, branch: branch2 };
  }
  const sha = await git(cwd, ["rev-parse", "HEAD"]);
  if (!sha) return {};
  const branch = await git(cwd, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  const status = await git(cwd, ["status", "--porcelain", "--untracked-files=no"]);
  return {
    sha,
    branch: branch || void 0,
    ref: branch ? `refs/heads/${branch}` : void 0,
    dirty: status !== ""
  };
}
async function defaultBranch(cwd, env = process.env) {
  if (env.GITHUB_BASE_REF) return env.GITHUB_BASE_REF;
  const remoteHead = await git(cwd, ["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"]);
  if (remoteHead) return remoteHead.replace(/^origin\//, "");
  for (const name of ["main", "master"]) {
    if (await git(cwd, ["rev-parse", "--verify", "--quiet", `refs/heads/${name}`])) return name;
  }
  return void 0;
}
var OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
function isObjectId(text) {
  return typeof text === "string" && OBJECT_ID.test(text);
}
async function commitsInRange(cwd, previous, to) {
  if (!isObjectId(previous) || !isObjectId(to)) return void 0;
  if (await isAncestor(cwd, previous, to) !== true) return void 0;
  return commitsBetween(cwd, previous, to);
}
async function commitsBetween(cwd, from, to) {
  const count = await git(cwd, ["rev-list", "--count", "--end-of-options", `${from}..${to}`, "--"]);
  return count === void 0 || !/^\d+$/.test(count) ? void 0 : Number(count);
}
async function mergeBase(cwd, a, b) {
  return git(cwd, ["merge-base", "--end-of-options", a, b]);
}
async function isAncestor(cwd, ancestor, descendant) {
  const result = await runCommand(
    ["git", "merge-base", "--is-ancestor", "--end-of-options", ancestor, descendant],
    {
      cwd,
      timeoutMs: 3e4
    }
  );
  if (result.error !== void 0) return void 0;
  if (result.code === 0) return true;
  return result.code === 1 ? false : void 0;
}
async function isIgnored(cwd, file) {
  const result = await runCommand(["git", "check-ignore", "--quiet", "--end-of-options", file], {
    cwd,
    timeoutMs: 3e4
  });
  if (result.error !== void 0) return void 0;
  if (result.code === 0) return true;
  return result.code === 1 ? false : void 0;
}

// src/run/plan.ts
function keeps(b, filter) {
  if (matchesFilter(b.name, filter)) return true;
  if (!kindOf(b.kind).expands(b) || !filter) return false;
  if (filter.split(",").some((g) => g.includes("/") && globToRegExp(g.trim().split("/")[0]).test(b.name)))
    return true;
  return planBenchmark(b).some((c) => matchesFilter(c.name, filter));
}
function planCases(config, filter) {
  const groupOf = new Map((config.rankingGroups ?? []).flatMap((g) => g.map((name) => [name, g])));
  return config.benchmarks.filter((b) => keeps(b, filter)).flatMap((b) => {
    const group = groupOf.get(b.name);
    const cases = group ? planBenchmark(b).map((c) => ({ ...c, rankingGroup: group })) : planBenchmark(b);
    if (matchesFilter(b.name, filter)) return cases;
    return cases.filter((c) => kindOf(c.kind).listsBenchmarks?.(c) || matchesFilter(c.name, filter));
  });
}

// src/github/context.ts
function readGitHubContext(env, readFile6) {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  if (!owner || !repo || !env.GITHUB_EVENT_NAME) return void 0;
  let event = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      event = JSON.parse(readFile6(env.GITHUB_EVENT_PATH));
    } catch {
      event = {};
    }
  }
  return {
    eventName: env.GITHUB_EVENT_NAME,
    event,
    owner,
    repo,
    serverUrl: (env.GITHUB_SERVER_URL ?? "https://github.com").replace(/\/+$/, ""),
    runId: env.GITHUB_RUN_ID
  };
}
function runUrl(context) {
  return context.runId ? `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}` : void 0;
}
function pullRequestNumber(context) {
  const number2 = context.event.pull_request?.number;
  return Number.isSafeInteger(number2) && number2 > 0 ? number2 : void 0;
}

// src/run/shard.ts
var ShardError = class extends UserError {
  name = "ShardError";
};
function parseShard(text) {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new ShardError(
      `shard must be INDEX/COUNT with 1 ≤ INDEX ≤ COUNT, like 2/4; got ${JSON.stringify(text)}`
    );
  return { index, count };
}
function caseDurations(cases, earlier) {
  const durations = /* @__PURE__ */ new Map();
  if (!earlier) return durations;
  const byId = new Map(earlier.benchmarks.map((b) => [b.id, b]));
  for (const c of cases) {
    const own = byId.get(c.id)?.durationMs;
    if (own !== void 0) {
      durations.set(c.id, own);
      continue;
    }
    const parts = earlier.benchmarks.filter((b) => b.id.startsWith(`${c.id}/`) && b.durationMs !== void 0);
    if (parts.length > 0)
      durations.set(
        c.id,
        parts.reduce((sum2, b) => sum2 + b.durationMs, 0)
      );
  }
  return durations;
}
function stableHash(text) {
  let hash = 2166136261;
  for (const byte of Buffer.from(text, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}
function assignShards(cases, count, durations = /* @__PURE__ */ new Map()) {
  const ids = [...new Set(cases.map((c) => c.id))];
  const assignment = /* @__PURE__ */ new Map();
  const known = ids.map((id) => durations.get(id)).filter((d) => d !== void 0);
  if (known.length === 0) {
    const ordered2 = [...ids].sort((a, b) => stableHash(a) - stableHash(b) || (a < b ? -1 : a > b ? 1 : 0));
    ordered2.forEach((id, i) => {
      assignment.set(id, i % count + 1);
    });
    return assignment;
  }
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const weight = (id) => durations.get(id) ?? median;
  const ordered = [...ids].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : a > b ? 1 : 0));
  const load = Array.from({ length: count }, () => 0);
  for (const id of ordered) {
    let lightest = 0;
    for (let s = 1; s < count; s++) if (load[s] < load[lightest]) lightest = s;
    load[lightest] += weight(id);
    assignment.set(id, lightest + 1);
  }
  return assignment;
}
function shardCases(cases, shard, durations) {
  const assignment = assignShards(cases, shard.count, durations);
  return cases.filter((c) => assignment.get(c.id) === shard.index);
}
var SHARD_SCHEMA = "bench-action/shard";
var SHARD_VERSION = 1;
var shardOutputSchema = object({
  schema: literal(SHARD_SCHEMA),
  version: literal(SHARD_VERSION),
  shard: object({ index: number().int().positive(), count: number().int().positive() }),
  /** The planned case ids this shard was given (before harnesses listed their benchmarks). */
  cases: array(string()),
  head: resultSetSchema,
  /** Same-job runs: the base measured beside head, and which samples pair up. */
  base: object({
    results: resultSetSchema,
    source: string(),
    reason: string(),
    pairs: record(string(), array(tuple([number().int(), number().int()])))
  }).optional(),
  /** Why there is no same-job base (it failed to build), when so. */
  noBaselineReason: string().optional()
});
function parseShardOutput(text, source) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ShardError(`${source}: not valid JSON (${error.message})`);
  }
  const parsed = shardOutputSchema.safeParse(data);
  if (!parsed.success)
    throw new ShardError(`${source}: not a bench-action shard file: ${firstIssue(parsed.error)}`);
  return parsed.data;
}
function mergeShards(shards, planned) {
  if (shards.length === 0) throw new ShardError("no shard files to merge");
  const problems = shardProblems(shards, planned);
  if (problems.length > 0) throw new ShardError(`the shards do not make one run: ${problems.join("; ")}`);
  const ordered = [...shards].sort((a, b) => a.output.shard.index - b.output.shard.index);
  const join = joinInPlanOrder(planned);
  const head = join(ordered.map((s) => s.output.head));
  const warnings = [];
  const machines = new Set(
    ordered.map((s) => `${s.output.head.environment.cpuModel} × ${s.output.head.environment.cpuCount}`)
  );
  if (machines.size > 1)
    warnings.push(
      `The shards ran on different machines (${[...machines].join("; ")}): timings of benchmarks in different shards are not comparable with each other.`
    );
  const withBase = ordered.filter((s) => s.output.base);
  if (withBase.length === ordered.length) {
    const pairs = {};
    for (const s of withBase) Object.assign(pairs, s.output.base.pairs);
    const { source, reason } = withBase[0].output.base;
    return {
      head,
      base: { results: join(withBase.map((s) => s.output.base.results)), source, reason },
      pairs,
      warnings
    };
  }
  const failedBase = ordered.find((s) => s.output.noBaselineReason);
  return { head, ...failedBase ? { noBaselineReason: failedBase.output.noBaselineReason } : {}, warnings };
}
function shardProblems(shards, planned) {
  const [first] = shards;
  const { count } = first.output.shard;
  const problems = [];
  for (const { output, source } of shards) {
    if (output.head.suite !== first.output.head.suite)
      problems.push(`${source} is of suite ${output.head.suite}, not ${first.output.head.suite}`);
    if (output.head.commit.sha !== first.output.head.commit.sha)
      problems.push(
        `${source} measured commit ${output.head.commit.sha}, not ${first.output.head.commit.sha}`
      );
    if (output.shard.count !== count)
      problems.push(
        `${source} is shard ${output.shard.index}/${output.shard.count}, of a split into ${output.shard.count}, not ${count}`
      );
    if (Boolean(output.base) !== Boolean(first.output.base) && !output.noBaselineReason && !first.output.noBaselineReason)
      problems.push(`${source} and ${first.source} differ in whether the base was measured in the job`);
  }
  const byIndex = /* @__PURE__ */ new Map();
  for (const { output, source } of shards)
    byIndex.set(output.shard.index, [...byIndex.get(output.shard.index) ?? [], source]);
  for (let i = 1; i <= count; i++) {
    const sources = byIndex.get(i) ?? [];
    if (sources.length === 0) problems.push(`shard ${i}/${count} is missing`);
    if (sources.length > 1)
      problems.push(`shard ${i}/${count} is there ${sources.length} times (${sources.join(", ")})`);
  }
  const owner = /* @__PURE__ */ new Map();
  for (const { output } of shards) {
    for (const id of output.cases) {
      const other = owner.get(id);
      if (other !== void 0 && other !== output.shard.index)
        problems.push(`case ${id} was measured by shards ${other} and ${output.shard.index}`);
      owner.set(id, output.shard.index);
    }
  }
  if (planned) {
    const lost = planned.filter((id) => !owner.has(id));
    if (lost.length > 0) problems.push(`no shard measured ${lost.join(", ")}`);
    const unknown = [...owner.keys()].filter((id) => !planned.includes(id));
    if (unknown.length > 0)
      problems.push(`the shards measured cases the config does not plan: ${unknown.join(", ")}`);
  }
  return problems;
}
function joinInPlanOrder(planned) {
  const planIndex = new Map(planned?.map((id, i) => [id, i]));
  const rank = (id) => {
    for (let end = id.length; end > 0; end = id.lastIndexOf("/", end - 1)) {
      const index = planIndex.get(id.slice(0, end));
      if (index !== void 0) return index;
    }
    return Number.MAX_SAFE_INTEGER;
  };
  return (sets) => {
    const benchmarks = sets.flatMap((s) => s.benchmarks);
    const seen = /* @__PURE__ */ new Set();
    for (const b of benchmarks) {
      if (seen.has(b.id)) throw new ShardError(`the benchmark ${b.id} is in two shards`);
      seen.add(b.id);
    }
    const sortedBenchmarks = benchmarks.map((b, i) => ({ b, i })).sort((x, y) => rank(x.b.id) - rank(y.b.id) || x.i - y.i).map(({ b }) => b);
    const createdAt = sets.map((s) => s.createdAt).sort()[0];
    return { ...sets[0], createdAt, benchmarks: sortedBenchmarks };
  };
}

// src/run/pipeline.ts
import { mkdir as mkdir4, stat as stat3, writeFile as writeFile3 } from "node:fs/promises";
import path9 from "node:path";

// src/system/on-every-core.ts
import os2 from "node:os";
async function onEveryCore(items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  const parallel = Math.max(1, Math.min(os2.availableParallelism(), items.length));
  await Promise.all(Array.from({ length: parallel }, worker));
}

// src/stats/sequential.ts
var SEQUENTIAL_MAX_FACTOR = 2;
function lookPlan(planned) {
  const early = Math.ceil(planned / 2);
  return {
    ...early >= MIN_RELIABLE_SAMPLES && early < planned ? { early } : {},
    planned,
    max: planned * SEQUENTIAL_MAX_FACTOR
  };
}
function extendedAlpha(alpha) {
  return alpha / 2;
}
function lookAtPairs(base, head, options, early) {
  if (base.length === 0 || base.length !== head.length) return void 0;
  if (!base.every((v) => v > 0) || !head.every((v) => v > 0)) return void 0;
  const alpha = early ? options.alpha : extendedAlpha(options.alpha);
  const d = decidePaired(base, head, {
    threshold: options.threshold,
    alpha,
    direction: options.direction,
    ...options.seed !== void 0 ? { seed: options.seed } : {},
    ...options.processes !== void 0 ? { processes: options.processes } : {}
  });
  if (!early && (d.verdict === "regression" || d.verdict === "improvement")) return d.verdict;
  const [low, high] = d.ci ?? [Number.NaN, Number.NaN];
  if (low >= 1 - options.threshold && high <= 1 + options.threshold) return "unchanged";
  return "undecided";
}

// src/schedule/rounds.ts
var MAX_ROUNDS = 10;
function timedKindOf(c) {
  return kindOf(c.kind).timed;
}
async function measureInRounds(units, options, finish, seed) {
  const pairs = {};
  if (units.length === 0) return pairs;
  const kindOfCase = options.timed ?? timedKindOf;
  const now = options.clock ?? (() => performance.now());
  const scheduleSeed = seed ?? units.flatMap((u) => u.map((c) => c.id)).join("\0");
  const measurements = units.map(
    (unit, u) => unit.map((c, side) => {
      const progress = {
        inherit: options.inherit,
        onProgress: (done, total) => options.onProgress?.(c, done, total),
        // Each side of each unit draws its own paddings, from the same distribution.
        placement: new Placement(`${scheduleSeed}\0${u}\0${side}`)
      };
      return kindOfCase(c).measurement(c, progress);
    })
  );
  const parts = units.map(
    (unit) => Math.max(
      ...unit.map(
        (c) => kindOfCase(c).parts(c, { units: units.length, paired: unit.length > 1, maxRounds: MAX_ROUNDS })
      )
    )
  );
  const random = new SeededRandom(scheduleSeed);
  const shuffle = (items) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = random.nextInt(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  };
  const sequences = /* @__PURE__ */ new Map();
  if (options.sequential !== false)
    units.forEach((unit, u) => {
      if (unit.length === 2) sequences.set(u, { plan: lookPlan(Math.min(unit[0].runs, unit[1].runs)) });
    });
  const reported = /* @__PURE__ */ new Set();
  const elapsed = /* @__PURE__ */ new Map();
  const schedule = {
    units,
    measurements,
    parts,
    pairs,
    sequences,
    shuffle,
    runTimed: async (m, count) => {
      const started = now();
      if (count !== void 0) await m.run(count);
      elapsed.set(m, (elapsed.get(m) ?? 0) + now() - started);
    },
    report: async (unit, side, force = false) => {
      const m = measurements[unit][side];
      if (reported.has(m) || m.remaining > 0 && !force) return;
      reported.add(m);
      const result = { ...await m.result(), durationMs: Math.round(elapsed.get(m) ?? 0) };
      const sequence = sequences.get(unit);
      finish(units[unit][side], sequence ? sequenced(result, sequence) : result);
    }
  };
  await runRounds(schedule);
  await extendUndecided(schedule);
  for (let u = 0; u < units.length; u++)
    for (let s = 0; s < units[u].length; s++) await schedule.report(u, s, true);
  return pairs;
}
async function runRounds(schedule) {
  const { units, measurements, parts, pairs, sequences, shuffle } = schedule;
  const rounds = Math.max(...parts);
  const activeRounds = parts.map((n) => Array.from({ length: n }, (_, k) => Math.floor(k * rounds / n)));
  for (let round = 0; round < rounds; round++) {
    for (const u of shuffle(units.map((_, i) => i))) {
      const active = activeRounds[u];
      const position = active.indexOf(round);
      if (position === -1) continue;
      const roundsLeft = active.length - position;
      const sides = measurements[u];
      const before = sides.map((m) => m.taken);
      for (const s of shuffle(sides.map((_, i) => i))) {
        const m = sides[s];
        const share = Math.ceil(m.remaining / roundsLeft);
        await schedule.runTimed(m, share > 0 ? share : void 0);
      }
      if (sides.length === 2) {
        const id = units[u][1].id;
        const list = pairs[id] ?? [];
        pairs[id] = list;
        recordPairs(list, sides, before);
        const sequence = sequences.get(u);
        if (sequence) await look(sequence, sides, list, units[u][1]);
      }
      for (let s = 0; s < sides.length; s++) await schedule.report(u, s);
    }
  }
}
async function extendUndecided(schedule) {
  const { units, measurements, parts, pairs, sequences, shuffle } = schedule;
  let extended = [...sequences.keys()].filter((u) => measurements[u].some((m) => m.remaining > 0));
  while (extended.length > 0) {
    for (const u of shuffle(extended)) {
      const sides = measurements[u];
      const before = sides.map((m) => m.taken);
      const step = Math.max(1, Math.ceil(units[u][1].runs / parts[u]));
      for (const s of shuffle(sides.map((_, i) => i))) {
        const m = sides[s];
        await schedule.runTimed(m, Math.min(step, m.remaining));
      }
      if (recordPairs(pairs[units[u][1].id], sides, before) === 0)
        for (const m of sides) m.setTarget(m.taken);
      for (let s = 0; s < sides.length; s++) await schedule.report(u, s);
    }
    extended = extended.filter((u) => measurements[u].some((m) => m.remaining > 0));
  }
}
function recordPairs(list, sides, before) {
  const count = Math.min(sides[0].taken - before[0], sides[1].taken - before[1]);
  for (let k = 0; k < count; k++) list.push([before[0] + k, before[1] + k]);
  return count;
}
async function look(sequence, sides, list, head) {
  const n = list.length;
  const early = sequence.plan.early !== void 0 && sequence.early === void 0 && n >= sequence.plan.early;
  const planned = !early && sequence.planned === void 0 && n >= sequence.plan.planned;
  if (!early && !planned) return;
  const outcome = lookAtSides(await sides[0].result(), await sides[1].result(), list, head, early);
  if (outcome === void 0) {
    if (early) sequence.early = "undecided";
    else sequence.planned = "undecided";
    return;
  }
  if (early) {
    sequence.early = outcome;
    if (outcome === "unchanged") {
      sequence.stoppedAt = n;
      for (const m of sides) m.setTarget(m.taken);
    }
    return;
  }
  sequence.planned = outcome;
  if (outcome === "undecided" && sides.every((m) => m.remaining === 0)) {
    sequence.extendedAt = n;
    const extra = sequence.plan.max - n;
    for (const m of sides) m.setTarget(m.taken + extra);
  }
}
function lookAtSides(base, head, list, c, early) {
  if (base.status !== "ok" || head.status !== "ok") return void 0;
  const { gated } = resolveGate(derivedMetrics(head.kind), head.metrics, [...head.gate.metrics]);
  const outcomes = [];
  for (const name of head.gate.metrics) {
    if (!gated.includes(name) && name in head.metrics) continue;
    const [b, h] = [base.metrics[name]?.samples, head.metrics[name]?.samples];
    if (!b || !h) {
      outcomes.push(void 0);
      continue;
    }
    const inRange = list.filter(([i, j]) => i < b.length && j < h.length);
    outcomes.push(
      lookAtPairs(
        inRange.map(([i]) => b[i]),
        inRange.map(([, j]) => h[j]),
        {
          threshold: head.gate.threshold,
          alpha: head.gate.alpha,
          direction: head.metrics[name].direction,
          seed: `${c.id}\0${name}`,
          // Pairs of runner processes, as the comparison will resample them.
          processes: processNesting(
            base.metrics[name].processes,
            head.metrics[name].processes,
            { base: b.length, head: h.length },
            inRange
          )
        },
        early
      )
    );
  }
  if (outcomes.length === 0) return void 0;
  if (outcomes.includes("regression")) return "regression";
  if (outcomes.includes("improvement")) return "improvement";
  if (outcomes.includes("undecided")) return "undecided";
  return outcomes.every((o) => o === "unchanged") ? "unchanged" : void 0;
}
function sequenced(result, sequence) {
  const { threshold, alpha } = result.gate;
  if (sequence.stoppedAt !== void 0)
    return {
      ...result,
      notes: [
        ...result.notes,
        `sampled sequentially: clearly unchanged after ${sequence.stoppedAt} of ${sequence.plan.planned} pairs (the ${formatSignificant((1 - alpha) * 100)}% interval of the change within ±${formatSignificant(threshold * 100)}%), so stopped there`
      ]
    };
  if (sequence.extendedAt !== void 0)
    return {
      ...result,
      gate: { ...result.gate, alpha: extendedAlpha(alpha) },
      notes: [
        ...result.notes,
        `sampled sequentially: undecided after ${sequence.extendedAt} pairs, so extended to ${sequence.plan.max}; judged at α = ${formatSignificant(extendedAlpha(alpha))}, so that its two looks together keep α = ${formatSignificant(alpha)}`
      ]
    };
  return result;
}

// src/schedule/index.ts
async function measureSuite(cases, options = {}) {
  const side = new Side(options);
  await side.expand(cases);
  await measureExactCases(side.pendingExact(), options, side.finish);
  const contention = new ScheduleContention();
  await measureInRounds(
    side.timed().map((c) => [c]),
    watched(options, contention),
    (c, r) => side.finishTimed(c, attach(contention, c, r))
  );
  return side.results();
}
async function measureSameJob(baseCases, headCases, options = {}) {
  const head = new Side(options);
  const base = new Side({ ...options, onProgress: options.onBaseProgress, onResult: options.onBaseResult });
  await base.expand(baseCases);
  await head.expand(headCases);
  const baseExact = new Set(base.pendingExact());
  await measureExactCases(
    [...baseExact, ...head.pendingExact()],
    {
      inherit: options.inherit,
      clock: options.clock,
      onProgress: (c, done, total) => (baseExact.has(c) ? options.onBaseProgress : options.onProgress)?.(c, done, total)
    },
    (c, r) => (baseExact.has(c) ? base : head).finish(c, r)
  );
  const contention = new ScheduleContention();
  const finishOn = (side) => (c, r) => side.finishTimed(c, attach(contention, c, r));
  let pairs = {};
  if (options.order === "sequential") {
    await measureInRounds(
      base.timed().map((c) => [c]),
      watched({ ...options, onProgress: options.onBaseProgress }, contention),
      finishOn(base),
      options.seed
    );
    await measureInRounds(
      head.timed().map((c) => [c]),
      watched(options, contention),
      finishOn(head),
      options.seed
    );
  } else {
    const baseTimed = new Map(base.timed().map((c) => [c.id, c]));
    const headTimed = head.timed();
    const units = headTimed.map((c) => {
      const other = baseTimed.get(c.id);
      return other && other.kind === c.kind ? [other, c] : [c];
    });
    const paired = new Set(units.filter((u) => u.length === 2).map((u) => u[0]));
    for (const c of baseTimed.values()) if (!paired.has(c)) units.push([c]);
    const baseSide = new Set(baseTimed.values());
    pairs = await measureInRounds(
      units,
      watched(
        {
          ...options,
          onProgress: (c, done, total) => (baseSide.has(c) ? options.onBaseProgress : options.onProgress)?.(c, done, total)
        },
        contention
      ),
      (c, r) => finishOn(baseSide.has(c) ? base : head)(c, r),
      options.seed
    );
  }
  return {
    base: base.results(),
    head: head.results(),
    pairs,
    cases: { base: base.cases(), head: head.cases() }
  };
}
function watched(options, contention) {
  contention.begin();
  return {
    ...options,
    onProgress: (c, done, total) => {
      if (kindOf(c.kind).timed?.partsTimedBySchedule) contention.progress(c);
      options.onProgress?.(c, done, total);
    }
  };
}
function attach(contention, c, r) {
  return contention.attach(c, r, timedKindOf(c).parallelism(c));
}
var Side = class {
  constructor(options) {
    this.options = options;
  }
  options;
  planned = [];
  finished = /* @__PURE__ */ new Map();
  // Results a kind completes once every case is measured (a sweep's speedup needs its smallest point).
  held = /* @__PURE__ */ new Map();
  finish = (c, r) => {
    this.finished.set(c.id, r);
    this.options.onResult?.(c, r);
  };
  finishTimed = (c, r) => {
    if (timedKindOf(c).complete) this.held.set(c.id, r);
    else this.finish(c, r);
  };
  /** Reads results and asks harnesses for their benchmarks, as each case's kind does. */
  async expand(cases) {
    const { options, planned } = this;
    const kept = (one, c) => matchesFilter(one.name, options.filter) || matchesFilter(c.name, options.filter);
    for (const c of cases) {
      const expansion = await kindOf(c.kind).expand?.(c, options.inherit);
      if (expansion === void 0) {
        planned.push(c);
      } else if ("failure" in expansion) {
        planned.push(c);
        this.finish(c, expansion.failure);
      } else {
        for (const { c: one, result } of expansion.read ?? []) {
          if (!kept(one, c)) continue;
          planned.push(one);
          this.finish(one, result);
        }
        if ("cases" in expansion) planned.push(...expansion.cases.filter((one) => kept(one, c)));
      }
    }
  }
  /** Every case of the side, a harness's benchmarks each its own, in plan order. */
  cases() {
    return [...this.planned];
  }
  /** Cases of exact kinds still to count. */
  pendingExact() {
    return this.planned.filter((c) => isExactKind(c.kind) && !this.finished.has(c.id));
  }
  timed() {
    return this.planned.filter(
      (c) => kindOf(c.kind).timed !== void 0 && !this.finished.has(c.id)
    );
  }
  /** Every result in plan order, completed where a kind needs the whole suite. */
  results() {
    const held = this.planned.filter((c) => this.held.has(c.id));
    for (const kind of new Set(held.map((c) => c.kind))) {
      const cases = held.filter((c) => c.kind === kind);
      timedKindOf(cases[0]).complete?.(cases, this.held);
    }
    for (const c of held) if (!this.finished.has(c.id)) this.finish(c, this.held.get(c.id));
    return this.planned.map((c) => this.finished.get(c.id));
  }
};
async function measureExactCases(cases, options, finish) {
  const now = options.clock ?? (() => performance.now());
  await onEveryCore(cases, async (c) => {
    options.onProgress?.(c, 0, 1);
    const started = now();
    const r = await kindOf(c.kind).measureExact(c, options.inherit);
    options.onProgress?.(c, 1, 1);
    finish(c, { ...r, durationMs: Math.round(now() - started) });
  });
}

// src/system/environment.ts
import { readFile as readFile4 } from "node:fs/promises";
import os3 from "node:os";
async function osName() {
  try {
    const text = await readFile4("/etc/os-release", "utf8");
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text);
    if (pretty?.[1]) return pretty[1];
  } catch {
  }
  return `${os3.type()}`;
}
function glibcVersion() {
  const report = process.report?.getReport();
  return report?.header?.glibcVersionRuntime;
}
async function toolVersion(command, args = ["--version"]) {
  if (!command) return void 0;
  const result = await runCommand([command, ...args], { timeoutMs: 1e4, maxOutputBytes: 1024 * 1024 });
  if (result.code !== 0) return void 0;
  const line = (result.stdout || result.stderr).split("\n").find((l) => l.trim() !== "");
  return line?.trim();
}
async function collectEnvironment(tools = {}) {
  const cpus = os3.cpus();
  const imageOs = process.env.ImageOS;
  const imageVersion = process.env.ImageVersion;
  const definedTools = {};
  for (const [k, v] of Object.entries(tools)) if (v !== void 0) definedTools[k] = v;
  return {
    os: await osName(),
    arch: process.arch,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpuCount: cpus.length,
    kernel: os3.release(),
    glibc: glibcVersion(),
    node: process.version,
    tools: definedTools,
    runnerImage: imageOs ? `${imageOs}${imageVersion ? ` ${imageVersion}` : ""}` : void 0
  };
}

// src/run/baseline.ts
var BaselineUsageError = class extends UserError {
  name = "BaselineUsageError";
};
async function firstReadable(store, candidates, warnings) {
  for (const c of candidates) {
    for (const e2 of c.entries) {
      try {
        const results = await store.load(e2);
        return { baseline: { results, source: e2.path, reason: await c.reason(e2) }, entry: e2 };
      } catch (err) {
        warnings.push(`skipped unreadable baseline ${e2.path}: ${err.message}`);
      }
    }
  }
  return void 0;
}
async function chooseBaseline(q) {
  const warnings = [];
  const ownBranch = q.head.branch ?? NO_BRANCH;
  const own = await q.store.list(q.suite, ownBranch);
  const base = q.defaultBranch && q.defaultBranch !== q.head.branch ? await q.store.list(q.suite, q.defaultBranch) : [];
  const atMergeBase = q.mergeBase && q.defaultBranch && q.store.listAt ? await q.store.listAt(q.suite, q.defaultBranch, q.mergeBase) : base.filter((e2) => entryMatchesSha(e2, q.mergeBase));
  const sameCommit = (e2) => entryMatchesSha(e2, q.head.sha) ? " (same commit)" : "";
  const ownNewest = {
    entries: own,
    reason: (e2) => `newest results on this branch (${q.head.branch})${sameCommit(e2)}`
  };
  const mergeBaseCandidate = {
    entries: atMergeBase,
    reason: () => `results of the merge base with ${q.defaultBranch}`
  };
  const baseNewest = {
    entries: base,
    reason: async (e2) => {
      if (!q.mergeBase) return `newest results on ${q.defaultBranch}`;
      const distance = e2.sha ? await describeDistance(q, q.mergeBase, e2.sha) : "";
      return `newest results on ${q.defaultBranch} (${shortSha(e2.sha)}${distance}); none stored for the merge base ${shortSha(q.mergeBase)}`;
    }
  };
  const nowhere = `no branch (${q.head.sha ? "detached HEAD" : "no commit: not a git repository, or no commit yet"})`;
  let order;
  if (!q.head.branch) {
    const known = [...own, ...base].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const where = (e2) => e2.branch === NO_BRANCH ? "saved on no branch" : `on ${e2.branch}`;
    order = [
      {
        entries: known.filter((e2) => entryMatchesSha(e2, q.head.sha)),
        reason: (e2) => `results of this commit (${where(e2)}); this run is on ${nowhere}`
      },
      mergeBaseCandidate,
      {
        entries: known,
        reason: (e2) => `newest stored results (${where(e2)}); this run is on ${nowhere}` + (q.head.sha ? `, and none were stored for its commit ${shortSha(q.head.sha)}` : "")
      }
    ];
  } else
    order = q.pullRequest ? [mergeBaseCandidate, baseNewest, ownNewest] : [ownNewest, mergeBaseCandidate, baseNewest];
  const found = await firstReadable(q.store, order, warnings);
  if (found) {
    return {
      baseline: found.baseline,
      warnings,
      history: await branchHistory(q.store, q.suite, found.entry.branch)
    };
  }
  const looked = [q.head.branch ?? nowhere, q.defaultBranch].filter((b, i, all) => b && all.indexOf(b) === i).join(" or ");
  return {
    warnings,
    noBaselineReason: `nothing stored for suite "${q.suite}"${looked ? ` on ${looked}` : ""} in ${q.store.root}`
  };
}
async function describeDistance(q, mergeBase2, sha) {
  if (!q.commitsBetween) return "";
  const [after, before] = await Promise.all([
    q.commitsBetween(mergeBase2, sha),
    q.commitsBetween(sha, mergeBase2)
  ]);
  if (after === void 0 || before === void 0) return "";
  const commits = (n) => `${n} commit${n === 1 ? "" : "s"}`;
  if (after > 0 && before > 0) return `, ${commits(after)} after and ${commits(before)} before the merge base`;
  if (after > 0) return `, ${commits(after)} after the merge base`;
  if (before > 0) return `, ${commits(before)} before the merge base`;
  return "";
}
async function branchHistory(store, suite, branch) {
  const entries = (await store.list(suite, branch)).slice(0, DRIFT_WINDOW);
  if (store.loadMany) {
    const loaded = await store.loadMany(entries);
    return { branch, results: loaded.filter((r) => !(r instanceof Error)) };
  }
  const results = [];
  for (const e2 of entries) {
    try {
      results.push(await store.load(e2));
    } catch {
    }
  }
  return { branch, results };
}
async function explicitBaseline(file, store) {
  try {
    const results = await store.load(file);
    return {
      baseline: { results, source: file, reason: `the file given as --baseline (${file})` },
      warnings: []
    };
  } catch (err) {
    return {
      warnings: [`skipped unreadable baseline ${file}: ${err.message}`],
      noBaselineReason: `the baseline file ${file} could not be read`
    };
  }
}

// src/run/explain.ts
async function explainTimedChanges(measured, options) {
  const ids = changedIds(measured, options.results);
  if (ids.length === 0) return measured.head;
  options.log(
    `instructions: counting base and head of ${ids.length} timed ${ids.length === 1 ? "change" : "changes"} under callgrind, one run each`
  );
  const explanations = await countChanges(ids, measured.cases, options);
  return measured.head.map((r) => {
    const explanation = explanations.get(r.id);
    if (!explanation) return r;
    options.log(`instructions: ${r.name}: ${describeCount(explanation)}`);
    return { ...r, explanation };
  });
}
function changedIds(measured, results) {
  const gatedOnly = (list) => list.map((r) => ({
    ...r,
    metrics: Object.fromEntries(
      Object.entries(r.metrics).filter(([name]) => r.gate.metrics.includes(name))
    )
  }));
  const comparison = compareResults(results(gatedOnly(measured.head)), {
    baseline: {
      results: results(gatedOnly(measured.base)),
      source: "the base",
      reason: "measured in this job"
    },
    pairs: measured.pairs,
    filtered: true
  });
  return timedChangeIds(comparison);
}
async function countChanges(ids, cases, options) {
  const against = options.baseSha;
  const explanations = /* @__PURE__ */ new Map();
  const unavailable = await (options.unavailable ?? (() => valgrindUnavailable(options.env)))();
  const plans = ids.map(
    (id) => unavailable ? { id, skipped: unavailable } : planCount(id, cases, options.env)
  );
  const counted = [];
  for (const plan of plans) {
    if ("skipped" in plan) explanations.set(plan.id, { status: "skipped", against, reason: plan.skipped });
    else counted.push(plan);
  }
  const jobs = counted.flatMap((plan) => [plan.base, plan.head]);
  const results = await countAll(jobs, options);
  counted.forEach((plan, i) => {
    explanations.set(plan.id, { against, ...explanationOf(results[2 * i], results[2 * i + 1]) });
  });
  return explanations;
}
function planCount(id, cases, env) {
  const sides = [cases.base, cases.head].map((list) => list.find((c) => c.id === id));
  const counted = sides.map((c) => c ? countedAs(c, env) : { skipped: "it was not measured on both sides" });
  const [base, head] = counted;
  if ("skipped" in base) return { id, skipped: base.skipped };
  if ("skipped" in head) return { id, skipped: head.skipped };
  return { id, base, head };
}
function countedAs(c, env) {
  const timed = kindOf(c.kind).timed;
  if (!timed)
    return { skipped: "its results were read from a file another tool wrote, not run by bench-action" };
  return timed.countedAs(c, env);
}
async function countAll(jobs, options) {
  const count = options.count ?? ((c, inherit) => measureInstructions(c, { inherit }));
  const results = new Array(jobs.length);
  await onEveryCore(jobs, async (c, i) => {
    results[i] = await count(c, options.env);
  });
  return results;
}
function explanationOf(base, head) {
  for (const [side, r] of [
    ["base", base],
    ["head", head]
  ]) {
    if (r.status === "failed")
      return { status: "failed", reason: `the ${side}: ${r.error?.message ?? "failed under valgrind"}` };
    const ir = r.metrics.ir?.value;
    if (ir === void 0 || !(ir > 0))
      return { status: "failed", reason: `the ${side}: callgrind counted no instructions` };
  }
  return { status: "counted", instructions: { base: base.metrics.ir.value, head: head.metrics.ir.value } };
}
async function valgrindUnavailable(env) {
  if (process.platform === "darwin") return "valgrind does not run on macOS";
  if (process.platform === "win32") return "valgrind does not run on Windows";
  if (!await findExecutable("valgrind", env))
    return "valgrind is not installed (bench-action setup valgrind installs it)";
  return void 0;
}
function describeCount(e2) {
  if (e2.status === "counted") {
    const { base, head } = e2.instructions;
    return `${formatCount(base)} → ${formatCount(head)} (${formatChange(head / base - 1)})`;
  }
  return `${e2.status === "skipped" ? "not counted" : "counting failed"}: ${e2.reason}`;
}

// src/run/same-job.ts
import { readFileSync } from "node:fs";
import { copyFile, mkdir as mkdir3, mkdtemp as mkdtemp2, readFile as readFile5 } from "node:fs/promises";
import os5 from "node:os";
import path8 from "node:path";

// src/run/missing-paths.ts
import { existsSync, statSync } from "node:fs";
import path6 from "node:path";
var MAX_WORDS = 400;
var MAX_MISSING = 3;
function pathWords(texts) {
  const words = /* @__PURE__ */ new Set();
  for (const text of texts)
    for (const word of text.split(/[\s'"`=,;:()<>[\]{}]+/)) {
      const trimmed = word.replace(/[./]+$/, "");
      if (trimmed === "" || trimmed.startsWith("-")) continue;
      words.add(trimmed);
      if (words.size >= MAX_WORDS) return [...words];
    }
  return [...words];
}
function firstMissing(relative, top, tree) {
  const parts = relative.split(path6.sep);
  for (let k = 1; k <= parts.length; k++) {
    const part = parts.slice(0, k).join("/");
    if (existsSync(path6.join(tree, part))) continue;
    return existsSync(path6.join(top, part)) ? part : void 0;
  }
  return void 0;
}
async function missingPaths(words, cwd, top, tree) {
  const parts = /* @__PURE__ */ new Set();
  for (const word of words) {
    const relative = path6.relative(tree, path6.resolve(cwd, word));
    if (relative === "" || relative.startsWith("..") || path6.isAbsolute(relative)) continue;
    const part = firstMissing(relative, top, tree);
    if (part !== void 0 && part !== ".git") parts.add(part);
    if (parts.size >= MAX_MISSING) break;
  }
  const missing = [];
  for (const part of parts) {
    const directory = statSync(path6.join(top, part), { throwIfNoEntry: false })?.isDirectory() ?? false;
    missing.push({ path: part, directory, ignored: await isIgnored(top, part) === true });
  }
  return missing;
}
function missingPathHint(missing, part, base) {
  const shown = missing.directory ? `${missing.path}/` : missing.path;
  const state = missing.ignored ? "ignored" : "untracked";
  const where = base !== void 0 ? `is not in ${base} (${state})` : `is ${state}`;
  const checkout = base !== void 0 ? "the base's checkout does not have it" : "the head's checkout (what git tracks, with the untracked files) does not have it";
  return `${shown} exists in your working tree but ${where}: ${checkout}; ${fixFor(missing, part)}`;
}
function fixFor(missing, part) {
  if (missing.ignored)
    return missing.directory ? `create it in setup (e.g. [mkdir, -p, ${missing.path}])` : "make it in setup";
  return part === "setup" ? "commit it, or build the base without it (base-setup:)" : "commit it: the base runs the head's benchmarks in its own checkout";
}

// src/run/setup-steps.ts
async function runSetupStep(step, index, inherit) {
  const outcome = await runStepCommand(step.command, {
    cwd: step.cwd,
    env: { ...inherit, ...step.env },
    timeoutMs: step.timeoutMs
  });
  if (outcome.failure === void 0) return void 0;
  return {
    step: index + 1,
    command: step.command,
    cwd: step.cwd,
    message: `setup step ${index + 1} ${outcome.failure}`,
    outputTail: outcome.tail ?? ""
  };
}
async function runSetupSteps(steps, inherit, log) {
  for (const [i, step] of steps.entries()) {
    const started = Date.now();
    log(`setup ${i + 1}/${steps.length}: ${step.command.join(" ")}`);
    const failure = await runSetupStep(step, i, inherit);
    if (failure) return failure;
    log(`setup ${i + 1}/${steps.length}: done in ${((Date.now() - started) / 1e3).toFixed(1)}s`);
  }
  return void 0;
}

// src/run/worktree.ts
import { rmSync } from "node:fs";
import { mkdtemp, rm as rm2 } from "node:fs/promises";
import os4 from "node:os";
import path7 from "node:path";
var WorktreeError = class extends UserError {
  name = "WorktreeError";
};
var open = /* @__PURE__ */ new Map();
var handlersInstalled = false;
function removeSync(repo, dir, parent) {
  runCommandSync(["git", "worktree", "remove", "--force", "--force", "--end-of-options", dir], { cwd: repo });
  try {
    rmSync(parent ?? dir, { recursive: true, force: true });
  } catch {
  }
  runCommandSync(["git", "worktree", "prune"], { cwd: repo });
}
function onSignal(signal) {
  killTrackedChildren();
  for (const [dir, { repo, parent }] of open) removeSync(repo, dir, parent);
  open.clear();
  uninstallHandlers();
  process.kill(process.pid, signal);
}
function onExit() {
  for (const [dir, { repo, parent }] of open) removeSync(repo, dir, parent);
  open.clear();
}
var SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const s of SIGNALS) process.on(s, onSignal);
  process.on("exit", onExit);
}
function uninstallHandlers() {
  if (!handlersInstalled) return;
  handlersInstalled = false;
  for (const s of SIGNALS) process.off(s, onSignal);
  process.off("exit", onExit);
}
async function resolveCommit(repo, ref) {
  return git(repo, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
}
async function ensureCommit(repo, sha, log) {
  if (await resolveCommit(repo, sha)) return true;
  log(`fetching ${sha.slice(0, 12)} from origin: the checkout does not have it`);
  await git(repo, ["fetch", "--no-tags", "--depth=1", "--end-of-options", "origin", sha]);
  return await resolveCommit(repo, sha) !== void 0;
}
async function addWorktree(repo, sha, at) {
  const top = await git(repo, ["rev-parse", "--show-toplevel"]);
  if (!top) throw new WorktreeError(`${repo} is not inside a git repository`);
  const dir = at?.dir ?? await mkdtemp(path7.join(os4.tmpdir(), "bench-action-base-"));
  installHandlers();
  open.set(dir, { repo: top, ...at ? { parent: at.parent } : {} });
  const added = await gitOrError(
    top,
    ["worktree", "add", "--detach", "--quiet", "--end-of-options", dir, sha],
    12e4
  );
  if ("error" in added) {
    open.delete(dir);
    await rm2(dir, { recursive: true, force: true });
    throw new WorktreeError(`could not check out ${sha} into a worktree: ${added.error}`);
  }
  let removed = false;
  return {
    dir,
    sha,
    async remove() {
      if (removed) return;
      removed = true;
      await git(top, ["worktree", "remove", "--force", "--force", "--end-of-options", dir]);
      await rm2(dir, { recursive: true, force: true });
      if (at) await rm2(at.parent, { recursive: true, force: true });
      await git(top, ["worktree", "prune"]);
      open.delete(dir);
      if (open.size === 0) uninstallHandlers();
    }
  };
}

// src/run/same-job.ts
var SameJobError = class extends UserError {
  name = "SameJobError";
};
async function resolveSameJobBase(options) {
  const { cwd, target, log } = options;
  if ("ref" in target) {
    const sha = await resolveCommit(cwd, target.ref);
    if (!sha) throw new SameJobError(`--against ${target.ref}: no such commit in the repository at ${cwd}`);
    return { sha, description: `--against ${target.ref}` };
  }
  const headSha = options.head.sha ?? await resolveCommit(cwd, "HEAD");
  if (!headSha) throw new SameJobError(`same-job baseline: ${cwd} has no commit to compare`);
  const branch = options.defaultBranch;
  const pullRequest = (options.env.GITHUB_EVENT_NAME ?? "").startsWith("pull_request");
  if (!pullRequest || !branch) {
    const before = pushedBefore(options.env);
    const parent = before && await ensureCommit(cwd, before, log) ? before : await resolveCommit(cwd, "HEAD~1");
    if (!parent)
      throw new SameJobError(
        "same-job baseline: no base to compare with (not a pull request, and HEAD has no parent in the checkout; fetch more history with fetch-depth: 2)"
      );
    return {
      sha: parent,
      description: before === parent ? "the commit before this push" : "the parent commit"
    };
  }
  let base = await mergeBase(cwd, headSha, `origin/${branch}`) ?? await mergeBase(cwd, headSha, branch) ?? void 0;
  if (!base && options.mergeBaseFallback) {
    base = await options.mergeBaseFallback(branch, headSha).catch((error) => {
      log(`could not ask GitHub for the merge base with ${branch}: ${error.message}`);
      return void 0;
    });
    if (base) log(`merge base with ${branch} from GitHub (the checkout's history is too short): ${base}`);
  }
  if (!base)
    throw new SameJobError(
      `same-job baseline: cannot find the merge base of ${shortSha(headSha)} with ${branch} (fetch more history, e.g. fetch-depth: 0)`
    );
  if (!await ensureCommit(cwd, base, log))
    throw new SameJobError(
      `same-job baseline: the merge base ${shortSha(base)} cannot be fetched from origin`
    );
  return { sha: base, branch, description: `merge base with ${branch}` };
}
function pushedBefore(env) {
  const context = env.GITHUB_EVENT_NAME === "push" ? readGitHubContext(env, (file) => readFileSync(file, "utf8")) : void 0;
  const before = context?.event.before;
  return typeof before === "string" && !/^0+$/.test(before) ? before : void 0;
}
async function runSameJob(options) {
  const { config, base } = options;
  const top = await git(config.dir, ["rev-parse", "--show-toplevel"]);
  if (!top) throw new SameJobError(`same-job baseline: ${config.dir} is not inside a git repository`);
  const relative = path8.relative(top, config.file);
  if (relative.startsWith("..") || path8.isAbsolute(relative))
    throw new SameJobError(`same-job baseline: the config ${config.file} is outside the repository ${top}`);
  const text = await readFile5(config.file, "utf8");
  const headSha = await workingTreeCommit(top);
  const headCommit = await resolveCommit(top, "HEAD") ?? headSha;
  const headName = `the head ${shortSha(headCommit)}${headSha !== headCommit ? " with uncommitted changes" : ""}`;
  const baseName = `the base ${shortSha(base.sha)} (${base.description})`;
  const parent = await mkdtemp2(path8.join(os5.tmpdir(), "bench-action-ab-"));
  const baseTree = await addWorktree(top, base.sha, { parent, dir: path8.join(parent, "base") });
  let headTree;
  try {
    headTree = await addWorktree(top, headSha, { parent, dir: path8.join(parent, "head") });
  } catch (error) {
    await baseTree.remove();
    throw error;
  }
  try {
    return await measureSides(options, {
      top,
      text,
      relative,
      baseTree,
      headTree,
      headName,
      baseName,
      baseSha: base.sha
    });
  } finally {
    await headTree.remove();
    await baseTree.remove();
  }
}
async function measureSides(options, sides) {
  const { cases, base, env, log } = options;
  const { top, text, relative, baseTree, headTree, headName, baseName } = sides;
  log(`base: ${shortSha(base.sha)} (${base.description}) checked out in ${baseTree.dir}`);
  await copyUntracked(top, headTree.dir);
  log(`head: the working tree checked out in ${headTree.dir}`);
  const baseConfig = parseConfig(text, path8.join(baseTree.dir, relative));
  const headConfig = parseConfig(text, path8.join(headTree.dir, relative));
  const wanted = new Set(cases.map((c) => c.id));
  const headCases = planCases(headConfig, options.filter).filter((c) => wanted.has(c.id));
  const baseCases = planCases(baseConfig, options.filter).filter(
    (c) => wanted.has(c.id) && (options.measureBase?.(c) ?? true)
  );
  const headFailure = await runSetupSteps(headConfig.setup, env, (line) => log(`head: ${line}`));
  if (headFailure) {
    log(`head: ${headFailure.message}; every benchmark is marked failed and the base is not built`);
    const error = {
      message: `${headName} failed to build: ${headFailure.message}`,
      stderrTail: headFailure.outputTail
    };
    const hints = await checkoutHints(sides, "head", "setup", headFailure.cwd, [
      ...headFailure.command,
      headFailure.outputTail
    ]);
    for (const hint of hints) log(`head: ${hint}`);
    return {
      head: cases.map((c) => failedResult(c, error)),
      pairs: {},
      headFailure,
      noBaseline: {
        reason: `${baseName} was not built: the head failed to build`,
        side: "head",
        warnings: hints
      }
    };
  }
  const baseSteps = baseConfig.baseSetup ?? baseConfig.setup;
  const baseFailure = await runSetupSteps(baseSteps, env, (line) => log(`base: ${line}`));
  if (baseFailure) return measureHeadAlone(options, sides, headCases, baseFailure);
  const measured = await measureSameJob(baseCases, headCases, {
    inherit: env,
    sequential: headConfig.defaults.sequential,
    filter: options.filter,
    order: options.order,
    onProgress: options.onProgress,
    onResult: options.onResult,
    onBaseResult: (c, r) => {
      if (r.status === "failed") log(`base: ${c.name}: failed: ${r.error?.message ?? "unknown error"}`);
    }
  });
  const head = options.explain ? await options.explain(measured) : measured.head;
  return explainBaseFailures({ base: measured.base, head, pairs: measured.pairs }, baseCases, sides);
}
async function measureHeadAlone(options, sides, headCases, baseFailure) {
  options.log(`base: ${baseFailure.message}: the head is measured alone, without a verdict`);
  const hints = await checkoutHints(sides, "base", "setup", baseFailure.cwd, [
    ...baseFailure.command,
    baseFailure.outputTail
  ]);
  for (const hint of hints) options.log(`base: ${hint}`);
  const head = await measureSuite(headCases, {
    inherit: options.env,
    filter: options.filter,
    onProgress: options.onProgress,
    onResult: options.onResult
  });
  const tail = outputEnd(baseFailure.outputTail);
  return {
    head,
    pairs: {},
    baseFailure,
    noBaseline: {
      reason: `${sides.baseName} failed to build: ${baseFailure.message}`,
      side: "base",
      warnings: [...tail ? [`The base's setup output ended with: ${tail}`] : [], ...hints]
    }
  };
}
var FAILURES_EXPLAINED = 10;
async function explainBaseFailures(outcome, baseCases, sides) {
  const failed = (outcome.base ?? []).filter((r) => r.status === "failed");
  const first = failed[0];
  if (!first) return outcome;
  const hints = [];
  for (const result of failed.slice(0, FAILURES_EXPLAINED)) {
    const c = baseCases.find((x) => x.id === result.id);
    if (!c) continue;
    const texts = [...c.command, result.error?.message ?? "", result.error?.stderrTail ?? ""];
    for (const hint of await checkoutHints(sides, "base", "benchmark", c.cwd, texts))
      if (!hints.includes(hint)) hints.push(hint);
  }
  if (failed.length < outcome.base.length)
    return hints.length > 0 ? { ...outcome, baseWarnings: hints } : outcome;
  const tail = outputEnd(first.error?.stderrTail ?? "");
  const { base: _, ...rest } = outcome;
  return {
    ...rest,
    pairs: {},
    noBaseline: {
      reason: `${sides.baseName} could not run its benchmarks: ${first.name}: ${first.error?.message ?? "failed"}`,
      side: "base",
      warnings: [...tail ? [`The base's output of ${first.name} ended with: ${tail}`] : [], ...hints]
    }
  };
}
function outputEnd(output) {
  return output.trim().split("\n").slice(-5).join(" ⏎ ");
}
async function checkoutHints(sides, side, part, cwd, texts) {
  const tree = side === "base" ? sides.baseTree : sides.headTree;
  const missing = await missingPaths(pathWords(texts), cwd, sides.top, tree.dir);
  return missing.map((m) => missingPathHint(m, part, side === "base" ? shortSha(sides.baseSha) : void 0));
}
async function workingTreeCommit(top) {
  const head = await resolveCommit(top, "HEAD");
  if (!head) throw new SameJobError(`same-job baseline: ${top} has no commit to compare`);
  const changes = await git(top, ["status", "--porcelain", "--untracked-files=no"]);
  if (!changes) return head;
  const stash = await git(top, [
    "-c",
    "user.name=bench-action",
    "-c",
    "user.email=bench-action@localhost",
    "stash",
    "create"
  ]);
  if (!stash)
    throw new SameJobError(
      `same-job baseline: could not record the uncommitted changes in ${top} (git stash create failed)`
    );
  return stash;
}
async function copyUntracked(top, into) {
  const listed2 = await git(top, ["ls-files", "--others", "--exclude-standard", "-z"]);
  for (const file of (listed2 ?? "").split("\0").filter((f) => f !== "")) {
    await mkdir3(path8.dirname(path8.join(into, file)), { recursive: true });
    await copyFile(path8.join(top, file), path8.join(into, file));
  }
}

// src/run/pipeline.ts
async function resolveConfigPath(cwd, configPath) {
  if (configPath) return path9.resolve(cwd, configPath);
  const found = findConfigFile(cwd);
  if (!found)
    throw new UsageError(`no bench.yml found in ${cwd} or ${path9.join(cwd, ".github")}; pass --config FILE`);
  return found;
}
async function findBaseline(options, suite, head) {
  let storeRoot = path9.resolve(options.cwd, options.storeDir);
  if (options.baseline) {
    const target = path9.resolve(options.cwd, options.baseline);
    const isDir = await stat3(target).then(
      (s) => s.isDirectory(),
      () => {
        throw new BaselineUsageError(`baseline ${target} does not exist`);
      }
    );
    if (!isDir) return explicitBaseline(target, new DirStore(storeRoot));
    storeRoot = target;
  }
  const branch = await defaultBranch(options.cwd, options.env);
  let base = branch && head.sha ? await mergeBase(options.cwd, head.sha, branch) ?? await mergeBase(options.cwd, head.sha, `origin/${branch}`) : void 0;
  if (!base && branch && head.sha && options.mergeBaseFallback) {
    try {
      base = await options.mergeBaseFallback(branch, head.sha);
      if (base)
        options.log(`merge base with ${branch} from GitHub (the checkout's history is too short): ${base}`);
    } catch (error) {
      options.log(`could not ask GitHub for the merge base with ${branch}: ${error.message}`);
    }
  }
  return chooseBaseline({
    store: options.baseline ? new DirStore(storeRoot) : options.store ?? new DirStore(storeRoot),
    suite,
    head,
    defaultBranch: branch,
    mergeBase: base,
    pullRequest: (options.env.GITHUB_EVENT_NAME ?? "").startsWith("pull_request"),
    commitsBetween: (from, to) => commitsBetween(options.cwd, from, to)
  });
}
async function runPipeline(options) {
  const { config, planned } = await loadPlan(options);
  const needed = await setUpTools(options, config);
  const { commit, stamp } = await describeRun(options, config, planned, needed);
  const { cases, storeChoice } = await shardPlan(options, config.suite, planned, commit);
  const progress = progressLog(options, cases);
  const measured = await measure(options, { config, cases, commit, stamp, progress });
  const choice = measured.choice ?? await storeBaseline(options, config.suite, commit, measured, storeChoice);
  const exact = measured.exactFromStore ? await exactBaseline(options, config.suite, measured.results, storeChoice) : void 0;
  const compared = {
    choice,
    pairs: measured.pairs,
    exact,
    part: { filter: options.filter, shard: !!options.shard }
  };
  if (!options.shard) return conclude(options, config, measured.results, compared, options.save);
  const written = await writeShardOutput(options, options.shard, cases, measured, choice);
  const { acceptLabel: _, baseAcceptEntries: __, ...shardOptions } = options;
  const concluded = await conclude(shardOptions, config, measured.results, compared, false);
  return { ...concluded, ...written };
}
async function loadPlan(options) {
  const configPath = await resolveConfigPath(options.cwd, options.configPath);
  const config = await loadConfig(configPath);
  const planned = planCases(config, options.filter);
  if (planned.length === 0) {
    throw new UsageError(`--filter ${JSON.stringify(options.filter)} matches no benchmark in ${configPath}`);
  }
  return { config, planned };
}
async function setUpTools(options, config) {
  const needed = toolsNeeded(
    config.benchmarks.map((b) => b.kind),
    config
  );
  if (options.installTools && needed.length > 0) {
    const setup = { cwd: config.dir, env: options.env, log: options.log, zigVersion: options.zigVersion };
    for (const status of await runSetup(needed, setup)) {
      options.log(`setup: ${describeStatus(status)}`);
      const dir = path9.dirname(status.path);
      const search = (options.env.PATH ?? "").split(path9.delimiter);
      if (!search.includes(dir))
        options.env.PATH = [dir, ...search].filter((d) => d !== "").join(path9.delimiter);
    }
  }
  return needed;
}
async function describeRun(options, config, planned, needed) {
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  const createdAt = now().toISOString();
  const [commit, environment] = await Promise.all([
    commitInfo(options.cwd, options.env),
    collectEnvironment({
      cc: await toolVersion(options.env.CC || "cc"),
      // What the kinds' measurements depend on (instruction counts: the valgrind that counted them).
      ...await toolVersions(planned),
      rustc: needed.includes("rust") ? await toolVersion("rustc") : void 0,
      zig: needed.includes("zig") ? await toolVersion("zig", ["version"]) : void 0
    })
  ]);
  return { commit, stamp: { suite: config.suite, createdAt, environment } };
}
function resultSet(stamp, commit, benchmarks) {
  return {
    schema: RESULTS_SCHEMA,
    version: RESULTS_VERSION,
    suite: stamp.suite,
    commit,
    createdAt: stamp.createdAt,
    environment: stamp.environment,
    benchmarks
  };
}
async function shardPlan(options, suite, planned, commit) {
  if (!options.shard) return { cases: planned };
  const storeChoice = await findBaseline(options, suite, commit);
  const durations = caseDurations(planned, storeChoice.baseline?.results);
  const cases = shardCases(planned, options.shard, durations);
  const { index, count } = options.shard;
  options.log(
    `shard ${index}/${count}: ${cases.length} of ${planned.length} cases, ` + (durations.size > 0 ? `balanced by the durations of ${storeChoice.baseline.source}` : "split by a stable hash of their names (no baseline with durations)")
  );
  return { cases, storeChoice };
}
function progressLog(options, cases) {
  const index = new Map(cases.map((c, i) => [c.id, i]));
  const shown = /* @__PURE__ */ new Map();
  const prefix = (c) => {
    const i = index.get(c.id);
    return i === void 0 ? c.name : `[${i + 1}/${cases.length}] ${c.name}`;
  };
  return {
    onProgress: (c, done, total) => {
      const quarter = Math.floor(done / total * 4);
      if (quarter > (shown.get(c.id) ?? 0)) {
        shown.set(c.id, quarter);
        options.log(`${prefix(c)}: ${done}/${total} ${kindOf(c.kind).timed?.progressUnit ?? "runs"}`);
      }
    },
    onResult: (c, result) => {
      if (result.status === "failed")
        options.log(`${prefix(c)}: failed: ${result.error?.message ?? "unknown error"}`);
    }
  };
}
async function measure(options, run) {
  const { base, fallback } = await sameJobBase(options, run.cases, run.commit);
  if (base) return measureSameJob2(options, run, base);
  const results = resultSet(run.stamp, run.commit, await measureHead(options, run));
  return { results, exactFromStore: false, fallback };
}
async function sameJobBase(options, cases, head) {
  const target = options.against ?? (autoSameJob(options, cases) ? { mergeBase: true } : void 0);
  if (!target) return {};
  try {
    const base = await resolveSameJobBase({
      cwd: options.cwd,
      env: options.env,
      target,
      head,
      defaultBranch: await defaultBranch(options.cwd, options.env),
      mergeBaseFallback: options.mergeBaseFallback,
      log: options.log
    });
    return { base };
  } catch (error) {
    if (options.against || !(error instanceof SameJobError)) throw error;
    return { fallback: error.message };
  }
}
async function measureSameJob2(options, run, base) {
  const outcome = await runSameJob({
    config: run.config,
    cases: run.cases,
    base,
    filter: options.filter,
    env: options.env,
    log: options.log,
    order: options.order,
    ...options.against ? {} : { measureBase: (c) => !isExactKind(c.kind) },
    ...run.progress,
    // Timed changes are counted under callgrind in both checkouts, before they are removed.
    explain: (measured2) => explainTimedChanges(measured2, {
      baseSha: base.sha,
      env: options.env,
      log: options.log,
      results: (benchmarks) => resultSet(run.stamp, run.commit, benchmarks)
    })
  });
  const measured = {
    results: resultSet(run.stamp, run.commit, outcome.head),
    pairs: outcome.pairs,
    sameJob: outcome,
    exactFromStore: false
  };
  if (outcome.base) {
    const baseline = {
      results: resultSet(run.stamp, { sha: base.sha, branch: base.branch }, outcome.base),
      source: `a worktree of ${base.sha}`,
      // How many pairs each benchmark had is the comparison's to say (the report adds it).
      reason: `${base.description}, built and measured in this job${options.order === "sequential" ? ", one after the other, not paired" : ""}`
    };
    return {
      ...measured,
      exactFromStore: !options.against,
      choice: { baseline, warnings: outcome.baseWarnings ?? [] }
    };
  }
  if (options.against || outcome.noBaseline?.side !== "base") {
    const choice = {
      noBaselineReason: outcome.noBaseline?.reason ?? `the base ${base.sha.slice(0, 7)} was not measured`,
      warnings: outcome.noBaseline?.warnings ?? []
    };
    return { ...measured, choice };
  }
  return {
    ...measured,
    fallback: outcome.noBaseline?.reason ?? `the base ${base.sha.slice(0, 7)} failed to build`
  };
}
async function measureHead(options, run) {
  const setupFailure = await runSetupSteps(run.config.setup, options.env, options.log);
  if (setupFailure) {
    options.log(`${setupFailure.message}; every benchmark is marked failed`);
    return run.cases.map(
      (c) => failedResult(c, { message: setupFailure.message, stderrTail: setupFailure.outputTail })
    );
  }
  return measureSuite(run.cases, { inherit: options.env, filter: options.filter, ...run.progress });
}
async function storeBaseline(options, suite, head, measured, found) {
  const choice = found ?? await findBaseline(options, suite, head);
  if (!measured.fallback) return choice;
  const line = `baseline: auto could not measure the base in this job (${measured.fallback}): compared with the store instead, across moments`;
  options.log(line);
  return {
    ...choice,
    warnings: [line, ...measured.sameJob?.noBaseline?.warnings ?? [], ...choice.warnings]
  };
}
async function writeShardOutput(options, shard, cases, measured, choice) {
  const shardOutput = {
    schema: SHARD_SCHEMA,
    version: SHARD_VERSION,
    shard,
    cases: cases.map((c) => c.id),
    head: measured.results,
    ...measured.sameJob?.base && choice.baseline ? { base: { ...choice.baseline, pairs: measured.pairs ?? {} } } : options.against && choice.noBaselineReason ? { noBaselineReason: choice.noBaselineReason } : {}
  };
  const shardOutputPath = path9.resolve(
    options.cwd,
    options.shardOutputPath ?? path9.join(options.storeDir, `shard-${shard.index}-of-${shard.count}.json`)
  );
  await writeText(shardOutputPath, `${JSON.stringify(shardOutput)}
`);
  options.log(`shard ${shard.index}/${shard.count}: results for the merge written to ${shardOutputPath}`);
  return { shardOutput, shardOutputPath };
}
function autoSameJob(options, cases) {
  return options.auto === true && options.baseline === void 0 && (options.env.GITHUB_EVENT_NAME ?? "").startsWith("pull_request") && cases.some((c) => !isExactKind(c.kind));
}
async function exactBaseline(options, suite, head, found) {
  if (!head.benchmarks.some((b) => isExactKind(b.kind))) return void 0;
  const choice = found ?? await findBaseline(options, suite, head.commit);
  return {
    baseline: choice.baseline,
    noBaselineReason: choice.noBaselineReason,
    baselineWarnings: choice.warnings,
    history: choice.history
  };
}
async function runMerge(options) {
  const configPath = await resolveConfigPath(options.cwd, options.configPath);
  const config = await loadConfig(configPath);
  const planned = planCases(config).map((c) => c.id);
  const merged = mergeShards(
    options.shards.map(({ text, source }) => ({ output: parseShardOutput(text, source), source })),
    planned
  );
  if (merged.head.suite !== config.suite)
    throw new UsageError(
      `the shards are of suite ${merged.head.suite}, but ${configPath} is suite ${config.suite}`
    );
  options.log(`merged ${options.shards.length} shards: ${merged.head.benchmarks.length} benchmarks`);
  let choice;
  let exact;
  if (merged.base) {
    choice = { baseline: merged.base, warnings: [...merged.warnings] };
    if (options.auto) exact = await exactBaseline(options, config.suite, merged.head);
  } else if (merged.noBaselineReason)
    choice = { noBaselineReason: merged.noBaselineReason, warnings: [...merged.warnings] };
  else {
    const found = await findBaseline({ ...options, save: options.save }, config.suite, merged.head.commit);
    choice = { ...found, warnings: [...merged.warnings, ...found.warnings] };
  }
  return conclude(options, config, merged.head, { choice, pairs: merged.pairs, exact }, options.save);
}
async function conclude(options, config, results, compared, save) {
  const { choice, pairs, exact } = compared;
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  const filter = compared.part?.filter;
  const base = config.accept && options.baseAcceptEntries ? await options.baseAcceptEntries() : void 0;
  const accept = await configAcceptance(options, config, choice.baseline, now(), base);
  const exactAccept = exact ? await configAcceptance(options, config, exact.baseline, now(), base) : void 0;
  let compareOptions = {
    baseline: choice.baseline,
    noBaselineReason: choice.noBaselineReason,
    baselineWarnings: choice.warnings,
    history: choice.history,
    // A filtered run or a shard measures part of the suite on purpose: the rest is not missing.
    filtered: filter !== void 0 || compared.part?.shard === true,
    pairs,
    // A baseline from the store or a file was measured at another moment than this run.
    acrossMoments: pairs === void 0,
    ...accept ? { accept } : {},
    ...exact ? { exact: { ...exact, ...exactAccept ? { accept: exactAccept } : {} } } : {}
  };
  const labelled = await compareWithLabel(options, results, compareOptions);
  compareOptions = labelled.compareOptions;
  let comparison = labelled.comparison;
  if (config.trends !== void 0) comparison = { ...comparison, trends: config.trends };
  const accepted = acceptedRegressions(comparison);
  const recorded = accepted.length > 0 ? { ...results, accepted } : results;
  const markdown = renderMarkdown(comparison, { now: now(), version: VERSION });
  const savedPath = save ? await saveBaseline(options, recorded, filter, save) : void 0;
  const written = await writeOutputs(options, recorded, comparison, markdown, {
    now,
    ...choice.baseline ? { base: choice.baseline.results } : {},
    ...pairs ? { pairs } : {}
  });
  return {
    exitCode: exitCodeFor(comparison),
    config,
    results: recorded,
    compareOptions,
    comparison,
    markdown,
    savedPath,
    ...written
  };
}
async function compareWithLabel(options, results, compareOptions) {
  const comparison = compareResults(results, compareOptions);
  if (comparison.counts.regression === 0 || !options.acceptLabel) return { compareOptions, comparison };
  const decision = await options.acceptLabel();
  if (!decision.rule && decision.refused === void 0) return { compareOptions, comparison };
  const timed = withLabel(compareOptions.accept, decision);
  const exactSide = compareOptions.exact && withLabel(compareOptions.exact.accept, decision);
  const relabelled = {
    ...compareOptions,
    ...timed ? { accept: timed } : {},
    ...compareOptions.exact ? { exact: { ...compareOptions.exact, ...exactSide ? { accept: exactSide } : {} } } : {}
  };
  return { compareOptions: relabelled, comparison: compareResults(results, relabelled) };
}
async function saveBaseline(options, recorded, filter, save) {
  if (save === "clean" && recorded.commit.dirty) {
    options.log(
      "the working tree has uncommitted changes: results not saved as a baseline (--save saves them)"
    );
    return void 0;
  }
  if (filter !== void 0) {
    options.log("--filter was given: results not saved as a baseline");
    return void 0;
  }
  if (recorded.benchmarks.some((b) => b.status === "ok"))
    return (options.store ?? new DirStore(path9.resolve(options.cwd, options.storeDir))).save(recorded);
  options.log("no benchmark succeeded: results not saved as a baseline");
  return void 0;
}
async function writeOutputs(options, recorded, comparison, markdown, html) {
  const jsonPath = options.jsonPath ? path9.resolve(options.cwd, options.jsonPath) : void 0;
  if (jsonPath) await writeText(jsonPath, `${JSON.stringify(recorded, null, 2)}
`);
  const markdownPath = options.markdownPath ? path9.resolve(options.cwd, options.markdownPath) : void 0;
  if (markdownPath) await writeText(markdownPath, markdown);
  const htmlPath = options.htmlPath ? path9.resolve(options.cwd, options.htmlPath) : void 0;
  if (htmlPath) {
    const { now, ...rest } = html;
    const samples = { head: recorded, ...rest };
    await writeText(htmlPath, await renderHtml(comparison, { now: now(), version: VERSION, samples }));
  }
  return { jsonPath, markdownPath, htmlPath };
}
async function configAcceptance(options, config, baseline, now, base) {
  if (!config.accept) return void 0;
  const resolved = await resolveAcceptance(config.accept, {
    now,
    ...baseline ? { baseline: { sha: baseline.results.commit.sha } } : {},
    contains: async (commit, ancestor) => await isAncestor(options.cwd, ancestor, commit) ?? await options.containsFallback?.(commit, ancestor)
  });
  const added = base ? addedEntries(config.accept, base) : [];
  return added.length > 0 ? { ...resolved, added } : resolved;
}
async function writeText(file, text) {
  await mkdir4(path9.dirname(file), { recursive: true });
  await writeFile3(file, text);
}

export {
  callPathText,
  environmentDifferences,
  engineTable,
  compareResults,
  exitCodeFor,
  VERDICT_LABEL,
  headlineMetrics,
  orderedMetrics,
  leftOutOfTables,
  describeLeftOut,
  metricVerdictLabel,
  headOnlyValue,
  shownHeadOnly,
  headOnlyLabel,
  metricRow,
  failureGroups,
  unnamedFunction,
  UNNAMED_FUNCTIONS_HINT,
  describeCommit,
  describeBaseline,
  describeExactBaseline,
  listNames,
  describeRunNoise,
  describeCounts,
  headline,
  describeAcceptedBy,
  CONTENDED_SHOWN,
  contendedLine,
  contentionConsequence,
  describeExplanation,
  escapeMarkdownInline,
  markdownCode,
  escapeHtml,
  markerFor,
  renderSvg,
  HEAP_SITES_TITLE,
  heapSiteRow,
  rankingTitle,
  trendPagePath,
  suiteIndexPath,
  trendPageUrl,
  reportModel,
  formatLayout,
  renderHtml,
  COMMENT_LIMIT,
  SUMMARY_LIMIT_BYTES,
  renderMarkdown,
  failureMessage,
  toolsNeeded,
  runSetup,
  describeStatus,
  NO_BRANCH,
  StoreError,
  branchKey,
  DirStore,
  commitInfo,
  defaultBranch,
  OBJECT_ID,
  isObjectId,
  commitsInRange,
  planCases,
  readGitHubContext,
  runUrl,
  pullRequestNumber,
  ShardError,
  parseShard,
  resolveConfigPath,
  runPipeline,
  runMerge,
  writeText
};
