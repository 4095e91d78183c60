import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  SETUP,
  parseCommand
} from "./chunk-FEKK4L3O.js";
import {
  logTo
} from "./chunk-MCXXQOOX.js";
import {
  describeStatus,
  resolveConfigPath,
  runSetup,
  toolsNeeded
} from "./chunk-YDC62AUT.js";
import {
  loadConfig
} from "./chunk-OHPDJ7KO.js";
import "./chunk-HLGNAQJE.js";
import "./chunk-RCHZXITY.js";
import {
  KNOWN_TOOLS,
  UsageError
} from "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/setup.ts
async function setupCommand(argv, io) {
  const parsed = parseCommand(SETUP, argv, io);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  let tools = positionals;
  const unknown = tools.filter((t) => !KNOWN_TOOLS.includes(t.toLowerCase()));
  if (unknown.length > 0) {
    throw new UsageError(`unknown tool "${unknown[0]}": bench-action can set up ${KNOWN_TOOLS.join(", ")}`);
  }
  if (tools.length === 0) {
    const config = await loadConfig(await resolveConfigPath(io.cwd, values.config));
    tools = toolsNeeded(
      config.benchmarks.map((b) => b.kind),
      config
    );
    if (tools.length === 0) {
      io.stdout.write("nothing to set up: the benchmarks need no extra tools\n");
      return 0;
    }
  }
  const statuses = await runSetup(tools, {
    cwd: io.cwd,
    toolchain: values.toolchain,
    zigVersion: values["zig-version"],
    env: io.env,
    log: logTo(io)
  });
  for (const s of statuses) io.stdout.write(`${describeStatus(s)}
`);
  return 0;
}
export {
  setupCommand
};
