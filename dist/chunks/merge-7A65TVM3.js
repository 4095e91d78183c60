import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  exportPaths,
  printOutcome
} from "./chunk-ANXS4IJG.js";
import {
  chooseStore
} from "./chunk-O4MVOECT.js";
import {
  MERGE,
  parseCommand
} from "./chunk-FEKK4L3O.js";
import {
  logTo
} from "./chunk-MCXXQOOX.js";
import {
  writeExports
} from "./chunk-T2BLRVYQ.js";
import "./chunk-3NPAG3KL.js";
import "./chunk-UGESMNLG.js";
import {
  runMerge
} from "./chunk-YDC62AUT.js";
import "./chunk-OHPDJ7KO.js";
import "./chunk-HLGNAQJE.js";
import "./chunk-RCHZXITY.js";
import {
  UsageError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/merge.ts
import { readFile } from "node:fs/promises";
import path from "node:path";
async function mergeCommand(argv, io) {
  const parsed = parseCommand(MERGE, argv, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length === 0)
    throw new UsageError(
      "merge takes the shard files: bench-action merge shard-1-of-4.json shard-2-of-4.json …"
    );
  const chosen = chooseStore(values, io);
  const shards = await Promise.all(
    positionals.map(async (file) => {
      try {
        return { text: await readFile(path.resolve(io.cwd, file), "utf8"), source: file };
      } catch (error) {
        throw new UsageError(`cannot read the shard file ${file}: ${error.message}`);
      }
    })
  );
  try {
    const outcome = await runMerge({
      cwd: io.cwd,
      configPath: values.config,
      baseline: chosen.baseline,
      ...chosen.store ? { store: chosen.store } : {},
      storeDir: values.store ?? ".bench",
      save: chosen.save,
      jsonPath: values.json,
      markdownPath: values.markdown,
      htmlPath: values.html,
      env: io.env,
      log: logTo(io),
      shards
    });
    await writeExports(outcome.results, exportPaths(values), io.cwd, logTo(io));
    return printOutcome(outcome, io, values.verbose === true, chosen.kind);
  } finally {
    await chosen.store?.close?.();
  }
}
export {
  mergeCommand
};
