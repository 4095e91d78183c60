import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  COMPARE,
  HISTORY,
  KLV,
  MERGE,
  RUN,
  SCHEMA,
  SETUP,
  commandList,
  helpOf,
  parseCommand,
  synopsisOf
} from "./chunk-FEKK4L3O.js";
import {
  ShownStream
} from "./chunk-MCXXQOOX.js";
import "./chunk-HLGNAQJE.js";
import {
  VERSION
} from "./chunk-RCHZXITY.js";
import {
  SetupError,
  UsageError,
  clean,
  isUserError
} from "./chunk-BHHUTKWY.js";
import "./chunk-5NSSESBT.js";

// src/cli/index.ts
var COMMANDS = [
  { command: RUN, run: (args, _io, shown) => runNamed(args, shown, helpOf(RUN)) },
  {
    command: MERGE,
    run: async (args, _io, shown) => (await import("./merge-7A65TVM3.js")).mergeCommand(args, shown)
  },
  {
    command: COMPARE,
    run: async (args, _io, shown) => (await import("./compare-HK53EDFF.js")).compareCommand(args, shown)
  },
  {
    command: SETUP,
    run: async (args, _io, shown) => (await import("./setup-6OABMGZU.js")).setupCommand(args, shown)
  },
  { command: KLV, run: async (args, io) => (await import("./klv-W3DNFPXJ.js")).klvCommand(args, io) },
  {
    command: HISTORY,
    run: async (args, _io, shown) => (await import("./history-KZJNKYW3.js")).historyCommand(args, shown)
  },
  { command: SCHEMA, run: async (args, io) => (await import("./schema-CRNX6AP2.js")).schemaCommand(args, io) }
];
var USAGE = `bench-action ${VERSION}: benchmarks with a verdict

Usage:
${COMMANDS.map(({ command }) => synopsisOf(command)).join("\n")}
  bench-action --version
  bench-action help COMMAND    a command's arguments and each of its flags (or COMMAND --help)

Commands:
${commandList(COMMANDS.map(({ command }) => command))}

With no command, bench-action runs run: bench-action --dry-run is bench-action run --dry-run.

Exit codes: 0 no regression, 1 regression found, 2 bad usage or config, 3 a benchmark or the
environment failed.
`;
async function runCli(argv, io) {
  const stdout = new ShownStream(io.stdout);
  const stderr = new ShownStream(io.stderr);
  const shown = { cwd: io.cwd, env: io.env, stdout, stderr };
  try {
    return await dispatch(argv, io, shown);
  } catch (err) {
    if (err instanceof SetupError) {
      shown.stderr.write(`bench-action: ${err.message}
`);
      return err.exitCode;
    }
    if (isUserError(err)) {
      shown.stderr.write(`bench-action: ${err.message}
`);
      return 2;
    }
    shown.stderr.write(
      `bench-action: internal error: ${err?.stack ?? String(err)}
This is a bug in bench-action; please report it.
`
    );
    return 3;
  } finally {
    stdout.flush();
    stderr.flush();
  }
}
async function runNamed(args, shown, help) {
  const parsed = parseCommand(RUN, args, shown, help);
  if (!parsed) return 0;
  if (parsed.values.version) {
    shown.stdout.write(`${VERSION}
`);
    return 0;
  }
  return (await import("./run-4RKBYY4T.js")).runCommand(parsed.values, shown);
}
function commandNamed(name) {
  const found = COMMANDS.find(({ command }) => command.name === name);
  if (found) return found;
  throw new UsageError(
    `unknown command ${JSON.stringify(clean(name))}: the commands are ${COMMANDS.map(({ command }) => command.name).join(", ")} (see bench-action --help)`
  );
}
async function dispatch(argv, io, shown) {
  const [first, ...rest] = argv;
  if (first === void 0 || first.startsWith("-")) return runNamed(argv, shown, USAGE);
  if (first === "help") {
    if (rest.length > 1) throw new UsageError("help takes one command: bench-action help COMMAND");
    shown.stdout.write(rest[0] === void 0 ? USAGE : helpOf(commandNamed(rest[0]).command));
    return 0;
  }
  return commandNamed(first).run(rest, io, shown);
}
export {
  COMMANDS,
  USAGE,
  runCli
};
