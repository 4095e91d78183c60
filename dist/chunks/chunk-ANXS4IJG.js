import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  renderTerminal,
  shouldUseColor
} from "./chunk-UGESMNLG.js";
import {
  isExactKind
} from "./chunk-OHPDJ7KO.js";

// src/cli/output.ts
import path from "node:path";
function exportPaths(values) {
  return {
    json: values["export-json"],
    markdown: values["export-markdown"],
    csv: values["export-csv"],
    csvRaw: values["export-csv-raw"]
  };
}
function againstHint(c) {
  if (c.pairing || !c.baseline) return void 0;
  const unclear = c.benchmarks.filter((b) => b.verdict === "unclear" && !isExactKind(b.kind)).length;
  const base = c.baseline.commit.sha;
  if (unclear === 0 || !base || !c.head.commit.sha) return void 0;
  const them = unclear === 1 ? "it" : "them";
  return `hint: ${unclear} unclear, compared with a run of another moment: a change must exceed the drift between runs to count. To measure the baseline's commit beside this code, interleaved, and decide ${them}: bench-action run --against ${base.slice(0, 7)}`;
}
function printOutcome(outcome, io, verbose, kind) {
  const color = shouldUseColor(io.stdout, io.env);
  io.stdout.write(renderTerminal(outcome.comparison, { color, verbose, verboseFlag: "--verbose" }));
  const hint = againstHint(outcome.comparison);
  if (hint) io.stderr.write(`${hint}
`);
  if (outcome.savedPath) {
    const where = path.isAbsolute(outcome.savedPath) ? path.relative(io.cwd, outcome.savedPath) : `${outcome.savedPath} (${kind === "cache" ? "in the Actions cache" : "pushed to origin"})`;
    io.stderr.write(`results saved to ${where}
`);
  }
  return outcome.exitCode;
}

export {
  exportPaths,
  printOutcome
};
