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
  logTo
} from "./chunk-MCXXQOOX.js";
import {
  writeExports
} from "./chunk-T2BLRVYQ.js";
import "./chunk-3NPAG3KL.js";
import "./chunk-UGESMNLG.js";
import {
  parseShard,
  runPipeline
} from "./chunk-YDC62AUT.js";
import "./chunk-OHPDJ7KO.js";
import "./chunk-HLGNAQJE.js";
import "./chunk-RCHZXITY.js";
import {
  UsageError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/run.ts
async function runCommand(values, io) {
  if (values.against !== void 0 && values.baseline !== void 0)
    throw new UsageError("--against and --baseline each name what to compare with: give one of them");
  const chosen = chooseStore(values, io);
  try {
    const outcome = await runPipeline({
      cwd: io.cwd,
      configPath: values.config,
      filter: values.filter,
      baseline: chosen.baseline,
      ...chosen.store ? { store: chosen.store } : {},
      ...values.against !== void 0 ? { against: { ref: values.against } } : {},
      ...values.shard !== void 0 ? { shard: parseShard(values.shard), shardOutputPath: values["shard-output"] } : {},
      storeDir: values.store ?? ".bench",
      save: chosen.save,
      installTools: !values["no-install"],
      jsonPath: values.json,
      markdownPath: values.markdown,
      htmlPath: values.html,
      env: io.env,
      log: logTo(io)
    });
    await writeExports(outcome.results, exportPaths(values), io.cwd, logTo(io));
    return printOutcome(outcome, io, values.verbose === true, chosen.kind);
  } finally {
    await chosen.store?.close?.();
  }
}
export {
  runCommand
};
