import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  exportPaths
} from "./chunk-ANXS4IJG.js";
import {
  COMPARE,
  parseCommand
} from "./chunk-FEKK4L3O.js";
import {
  logTo
} from "./chunk-MCXXQOOX.js";
import {
  writeExports
} from "./chunk-T2BLRVYQ.js";
import {
  renderTerminal,
  shouldUseColor
} from "./chunk-UGESMNLG.js";
import {
  compareResults,
  exitCodeFor,
  renderHtml,
  renderMarkdown,
  writeText
} from "./chunk-YDC62AUT.js";
import {
  parseResultSetText
} from "./chunk-OHPDJ7KO.js";
import "./chunk-HLGNAQJE.js";
import {
  VERSION
} from "./chunk-RCHZXITY.js";
import {
  UsageError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/compare.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
async function compareCommand(argv, io) {
  const parsed = parseCommand(COMPARE, argv, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 2)
    throw new UsageError("compare takes two files: bench-action compare BASE.json HEAD.json");
  const [baseFile, headFile] = positionals;
  const base = await readResults(baseFile, io.cwd);
  const head = await readResults(headFile, io.cwd);
  if (base.suite !== head.suite) {
    io.stderr.write(`bench-action: note: comparing suite "${base.suite}" with suite "${head.suite}"
`);
  }
  const comparison = compareResults(head, {
    baseline: { results: base, source: baseFile, reason: `the file ${baseFile}, given on the command line` },
    // Two files were measured at two moments, whatever machine or job they came from.
    acrossMoments: true
  });
  if (values.markdown) {
    await writeText(path.resolve(io.cwd, values.markdown), renderMarkdown(comparison, { version: VERSION }));
  }
  if (values.html) {
    await writeText(
      path.resolve(io.cwd, values.html),
      await renderHtml(comparison, { version: VERSION, samples: { head, base } })
    );
  }
  await writeExports(head, exportPaths(values), io.cwd, logTo(io));
  io.stdout.write(
    renderTerminal(comparison, {
      color: shouldUseColor(io.stdout, io.env),
      verbose: values.verbose === true,
      verboseFlag: "--verbose"
    })
  );
  return exitCodeFor(comparison);
}
async function readResults(file, cwd) {
  const full = path.resolve(cwd, file);
  let text;
  try {
    text = await readFile(full, "utf8");
  } catch (err) {
    throw new UsageError(
      `cannot read ${file}: ${err.code ?? err.message}`
    );
  }
  return parseResultSetText(text, file);
}
export {
  compareCommand
};
