import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  KLV,
  parseCommand
} from "./chunk-FEKK4L3O.js";
import {
  planCases,
  resolveConfigPath
} from "./chunk-YDC62AUT.js";
import {
  RebarFormatError,
  ValueError,
  loadConfig,
  parseDurationMs,
  rebarCases,
  runnerConfiguration
} from "./chunk-OHPDJ7KO.js";
import "./chunk-RCHZXITY.js";
import {
  UsageError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/klv.ts
async function klvCommand(argv, io) {
  const parsed = parseCommand(KLV, argv, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError("klv takes one benchmark name: bench-action klv NAME");
  const name = positionals[0];
  const configPath = await resolveConfigPath(io.cwd, values.config);
  const wallClock = planCases(await loadConfig(configPath)).filter((c) => c.kind === "wall-clock");
  let found = wallClock.find((c) => c.name === name);
  const harness = wallClock.find((c) => c.harness && name.startsWith(`${c.name}/`));
  if (!found && harness) found = { ...harness, name, id: name };
  const rebar = wallClock.find((c) => c.rebar !== void 0 && name.startsWith(`${c.name}/`));
  if (!found && rebar) {
    try {
      const { cases, failed } = await rebarCases(rebar);
      found = [...cases, ...failed.map((f) => f.c)].find((c) => c.name === name);
    } catch (error) {
      if (!(error instanceof RebarFormatError)) throw error;
      throw new UsageError(error.message);
    }
  }
  if (!found) {
    const known = wallClock.map((c) => c.harness || c.rebar ? `${c.name}/…` : c.name);
    throw new UsageError(
      `no wall-clock benchmark "${name}" in ${configPath}` + (known.length > 0 ? ` (there are: ${known.join(", ")})` : " (it has none)")
    );
  }
  const part = { runs: found.runs, maxTimeMs: found.maxTimeMs };
  if (values["max-iters"] !== void 0) {
    if (!/^\d+$/.test(values["max-iters"])) throw new UsageError("--max-iters takes a whole number");
    part.runs = Number(values["max-iters"]);
  }
  if (values["max-time"] !== void 0) {
    try {
      part.maxTimeMs = parseDurationMs(values["max-time"]);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      throw new UsageError(`--max-time: ${error.message}`);
    }
  }
  const configuration = await runnerConfiguration(found, part);
  if ("error" in configuration) throw new UsageError(configuration.error);
  io.stdout.write(configuration.klv);
  return 0;
}
export {
  klvCommand
};
