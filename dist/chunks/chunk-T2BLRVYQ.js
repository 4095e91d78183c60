import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  markdownCode,
  writeText
} from "./chunk-YDC62AUT.js";
import {
  listed
} from "./chunk-OHPDJ7KO.js";

// src/export/index.ts
import path from "node:path";

// src/export/csv.ts
var COLUMNS = ["command", "mean", "stddev", "median", "user", "system", "min", "max"];
function hyperfineCsv(results, options = {}) {
  const text = options.raw ? csvField : spreadsheetField;
  const parameters = [...new Set(results.flatMap((r) => Object.keys(r.parameters ?? {})))].sort();
  const header = [...COLUMNS, ...parameters.map((name) => `parameter_${name}`)].map(text);
  const rows = results.map((r) => [
    text(r.command),
    ...[r.mean, r.stddev ?? 0, r.median, r.user, r.system, r.min, r.max].map(plainNumber),
    ...parameters.map((name) => text(r.parameters?.[name] ?? ""))
  ]);
  return [header, ...rows].map((fields) => `${fields.join(",")}
`).join("");
}
function csvField(text) {
  return /[",\r\n]/.test(text) ? quoted(text) : text;
}
var FORMULA_START = /^[=+\-@\t\r\0]/;
var PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
function spreadsheetField(text) {
  const cell = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",;\t\r\n]/.test(cell) ? quoted(cell) : cell;
}
function quoted(text) {
  return `"${text.replaceAll('"', '""')}"`;
}
function plainNumber(value) {
  const text = String(value);
  const scientific = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!scientific) return text;
  const [, sign, first, rest = "", power] = scientific;
  const exponent = Number(power);
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${first}${rest}`;
  return `${sign}${first}${rest}${"0".repeat(exponent - rest.length)}`;
}

// src/export/hyperfine.ts
var SOURCES = {
  process: { time: "wall", user: "user", system: "sys", memory: "max-rss" },
  "wall-clock": { time: "time" },
  import: { time: "time", user: "user", system: "system", memory: "memory" }
};
var NOT_TIMED = {
  instructions: "instruction counts, not times",
  scaling: "throughputs at a thread or process count, not times of runs"
};
var NS_PER_SECOND = 1e9;
function hyperfineExport(results) {
  const exported = [];
  const leftOut = [];
  for (const b of results.benchmarks) {
    const entry = hyperfineResult(b);
    if ("reason" in entry) leftOut.push({ id: b.id, reason: entry.reason });
    else exported.push(entry);
  }
  return { results: exported, leftOut };
}
function hyperfineResult(b) {
  if (b.status === "failed") return { reason: "failed" };
  const sources = SOURCES[b.kind];
  if (!sources) return { reason: NOT_TIMED[b.kind] ?? `a ${b.kind} benchmark has no times of runs` };
  const time = b.metrics[sources.time];
  if (time?.unit !== "ns" || !time.samples || time.samples.length === 0)
    return {
      reason: time?.summary ? "the tool kept a summary of its times, not every run" : "no times of runs"
    };
  const times = time.samples.map((ns) => ns / NS_PER_SECOND);
  const sorted = [...times].sort((x, y) => x - y);
  const memory = sources.memory ? b.metrics[sources.memory] : void 0;
  const result = {
    command: b.id,
    mean: mean(times),
    stddev: standardDeviation(times),
    median: median(sorted),
    user: cpuSeconds(sources.user ? b.metrics[sources.user] : void 0),
    system: cpuSeconds(sources.system ? b.metrics[sources.system] : void 0),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    times,
    ...memory?.unit === "bytes" && memory.samples?.length === times.length ? { memory_usage_byte: memory.samples.map(Math.round) } : {},
    exit_codes: times.map(() => 0)
  };
  const names = Object.keys(b.parameters).sort();
  if (names.length > 0) result.parameters = Object.fromEntries(names.map((n) => [n, String(b.parameters[n])]));
  return result;
}
function cpuSeconds(metric) {
  if (metric?.unit !== "ns") return 0;
  if (metric.samples && metric.samples.length > 0) return mean(metric.samples) / NS_PER_SECOND;
  if (metric.summary?.statistic === "mean") return metric.summary.center / NS_PER_SECOND;
  return 0;
}
function mean(values) {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
function standardDeviation(values) {
  if (values.length < 2) return null;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}
function median(sorted) {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
function hyperfineJson(results) {
  return `${JSON.stringify({ results }, null, 2)}
`;
}

// src/export/markdown.ts
var SECOND = { label: "s", seconds: 1, decimals: 3 };
var MILLISECOND = { label: "ms", seconds: 1e-3, decimals: 1 };
var MICROSECOND = { label: "µs", seconds: 1e-6, decimals: 1 };
function timeUnitFor(seconds) {
  if (seconds < 1e-3) return MICROSECOND;
  if (seconds < 1) return MILLISECOND;
  return SECOND;
}
function hyperfineMarkdown(results) {
  const unit = timeUnitFor(results[0]?.mean ?? 1);
  const show = (seconds) => (seconds / unit.seconds).toFixed(unit.decimals);
  const header = ["Command", `Mean [${unit.label}]`, `Min [${unit.label}]`, `Max [${unit.label}]`, "Relative"];
  const lines = [row(header), "|:---|---:|---:|---:|---:|"];
  const fastest = results.reduce(
    (best, r) => best === void 0 || r.mean < best.mean ? r : best,
    void 0
  );
  for (const r of results) {
    const spread = r.stddev === null ? "" : ` ± ${show(r.stddev)}`;
    lines.push(
      row([
        markdownCode(r.command),
        `${show(r.mean)}${spread}`,
        show(r.min),
        show(r.max),
        relative(r, fastest)
      ])
    );
  }
  return `${lines.join("\n")}
`;
}
function row(cells) {
  return `| ${cells.join(" | ")} |`;
}
function relative(r, fastest) {
  if (r === fastest) return "1.00";
  if (fastest.mean === 0) return "N/A";
  const ratio = r.mean / fastest.mean;
  if (r.stddev === null || fastest.stddev === null) return ratio.toFixed(2);
  const spread = ratio * Math.sqrt((r.stddev / r.mean) ** 2 + (fastest.stddev / fastest.mean) ** 2);
  return `${ratio.toFixed(2)} ± ${spread.toFixed(2)}`;
}

// src/export/index.ts
function wantsExport(paths) {
  return Object.values(paths).some((p) => p !== void 0);
}
async function writeExports(results, paths, cwd, log) {
  if (!wantsExport(paths)) return;
  const { results: exported, leftOut } = hyperfineExport(results);
  if (paths.json) await writeText(path.resolve(cwd, paths.json), hyperfineJson(exported));
  if (paths.markdown) await writeText(path.resolve(cwd, paths.markdown), hyperfineMarkdown(exported));
  if (paths.csv) await writeText(path.resolve(cwd, paths.csv), hyperfineCsv(exported));
  if (paths.csvRaw) await writeText(path.resolve(cwd, paths.csvRaw), hyperfineCsv(exported, { raw: true }));
  if (leftOut.length > 0)
    log(
      `exports in hyperfine's layout leave out ${leftOut.length} benchmark${leftOut.length === 1 ? "" : "s"}: ` + listed(leftOut.map((l) => `${JSON.stringify(l.id)} (${l.reason})`))
    );
}

export {
  writeExports
};
