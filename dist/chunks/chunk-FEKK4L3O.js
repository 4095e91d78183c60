import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  DEFAULT_DATA_BRANCH,
  KNOWN_TOOLS,
  STORE_KINDS,
  UsageError,
  clean
} from "./chunk-BHHUTKWY.js";

// src/cli/flags.ts
var CONFIG_FLAG = {
  config: {
    type: "string",
    value: "FILE",
    about: "the config file (default: bench.yml or bench.yaml in the working directory, else .github/bench.yml)"
  }
};
var STORE_FLAGS = {
  baseline: {
    type: "string",
    value: "FILE|DIR|git:[BRANCH]",
    about: "compare with this results file, or use DIR as the store of baselines; git:BRANCH compares with what CI saved in the data branch BRANCH of origin (git: alone: the default, bench-data), fetched with your own git credentials, the same as --baseline-store git --baseline-branch BRANCH"
  },
  "baseline-store": {
    type: "string",
    value: STORE_KINDS.join("|"),
    about: "where baselines are read from: dir, the local store (default); git, the data branch of origin that the action's baseline-store: git keeps; or cache, the GitHub Actions cache the action's baseline-store: cache keeps (only inside a GitHub Actions job, with the runner's ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL exported to the step). Results are saved to the local store; to the git or cache store only with --save (never with --dry-run)"
  },
  "baseline-branch": {
    type: "string",
    value: "NAME",
    about: `the git store's data branch (default ${DEFAULT_DATA_BRANCH})`
  },
  retain: {
    type: "string",
    value: "N",
    about: "with --baseline-store git --save: keep at most N runs per suite and branch in the data branch, removing older ones"
  },
  store: {
    type: "string",
    value: "DIR",
    about: "where results are kept between runs (default .bench). A run is saved there when the working tree has no uncommitted changes, so the next run compares with committed code; git status says what counts"
  },
  save: {
    type: "boolean",
    about: "save the results even with uncommitted changes; with the git or cache store: save them there instead of locally (git: pushed to the data branch, needs write access to origin; cache: a new entry of this job's run)"
  },
  "no-save": { type: "boolean", about: "do not save the results to the store" }
};
var JSON_FLAG = {
  json: { type: "string", value: "FILE", about: "write the results (the ResultSet) as JSON" }
};
var REPORT_FLAGS = {
  markdown: {
    type: "string",
    value: "FILE",
    about: "write the report as markdown (the pull-request comment body)"
  },
  html: {
    type: "string",
    value: "FILE",
    about: "write the report as one HTML page, scaling charts drawn as SVG"
  },
  verbose: { type: "boolean", about: "show every metric in the terminal report, not only the gated ones" }
};
var EXPORT_FLAGS = {
  "export-json": {
    type: "string",
    value: "FILE",
    about: "also write the results in the layout of hyperfine's --export-json: a result per benchmark with timed runs, in seconds (run exports this run, merge the merged run, compare the HEAD file)"
  },
  "export-markdown": {
    type: "string",
    value: "FILE",
    about: "also write them as the table of hyperfine's --export-markdown"
  },
  "export-csv": {
    type: "string",
    value: "FILE",
    about: "also write them in the layout of hyperfine's --export-csv; a name or parameter a spreadsheet would read as a formula (=, +, -, @ first) gets a single quote before it"
  },
  "export-csv-raw": {
    type: "string",
    value: "FILE",
    about: "the CSV with every cell as hyperfine writes it, formulas and all"
  }
};

// src/cli/commands.ts
var RUN = {
  name: "run",
  usage: "[run]",
  summary: "measure the benchmarks of bench.yml, compare them with a stored baseline, print a verdict",
  flags: {
    ...CONFIG_FLAG,
    "dry-run": { type: "boolean", about: "measure and report as CI would, but save and publish nothing" },
    ...STORE_FLAGS,
    against: {
      type: "string",
      value: "REF",
      about: "check REF out in a temporary worktree, run setup there too, and measure its benchmarks interleaved with the working tree's: a paired comparison on one machine (--against main, --against HEAD~1); not with --baseline"
    },
    filter: {
      type: "string",
      value: "GLOB",
      about: "only benchmarks whose name matches (* and ?; several separated by commas); such a run is not saved as a baseline"
    },
    "no-install": {
      type: "boolean",
      about: "do not install missing tools the config needs (valgrind, Rust, Zig); by default they are set up first, as bench-action setup would"
    },
    shard: {
      type: "string",
      value: "I/N",
      about: "measure only shard I of N (balanced by the baseline's durations, else by a stable hash), write the shard file for merge and save nothing"
    },
    "shard-output": {
      type: "string",
      value: "FILE",
      about: "where the shard file goes (default STORE/shard-I-of-N.json)"
    },
    ...JSON_FLAG,
    ...REPORT_FLAGS,
    ...EXPORT_FLAGS,
    version: { type: "boolean", about: "print bench-action's version and exit" }
  }
};
var MERGE = {
  name: "merge",
  usage: "merge SHARD.json…",
  summary: "join the shard files of one sharded run, then compare, report and save once",
  arguments: [["SHARD.json…", "the shard files of one run, as run --shard I/N wrote them"]],
  flags: { ...CONFIG_FLAG, ...STORE_FLAGS, ...JSON_FLAG, ...REPORT_FLAGS, ...EXPORT_FLAGS }
};
var COMPARE = {
  name: "compare",
  usage: "compare BASE.json HEAD.json",
  summary: "compare two results files written by --json, as two moments, and print the verdict",
  arguments: [
    ["BASE.json", "the results file to compare with"],
    ["HEAD.json", "the results file judged against it"]
  ],
  flags: { ...REPORT_FLAGS, ...EXPORT_FLAGS }
};
var SETUP = {
  name: "setup",
  usage: `setup ${KNOWN_TOOLS.map((t) => `[${t}]`).join(" ")}`,
  summary: "detect or install valgrind, Rust or Zig; with no names, what the config's benchmarks need",
  arguments: [
    ["valgrind", "valgrind, for instruction counts (apt-get, with sudo -n when not root)"],
    ["rust", "the Rust toolchain rust-toolchain.toml names (rustup)"],
    ["zig", "Zig, from PyPI's ziglang wheel, verified by its pinned sha256"]
  ],
  flags: {
    ...CONFIG_FLAG,
    toolchain: {
      type: "string",
      value: "NAME",
      about: "the Rust toolchain to set up, over rust-toolchain.toml"
    },
    "zig-version": {
      type: "string",
      value: "V",
      about: "the Zig version to set up (one whose digests bench-action pins, or the zig on PATH)"
    }
  }
};
var KLV = {
  name: "klv",
  usage: "klv NAME",
  summary: "print the KLV a wall-clock benchmark's runner reads on stdin, to try a runner by hand",
  arguments: [
    [
      "NAME",
      "a wall-clock benchmark of the config; one a harness lists or a rebar directory holds as HARNESS/ITS-NAME. bench-action klv NAME | ./runner ENGINE runs its runner as bench-action would"
    ]
  ],
  flags: {
    ...CONFIG_FLAG,
    "max-iters": {
      type: "string",
      value: "N",
      about: "the samples the runner may take (default: the benchmark's)"
    },
    "max-time": {
      type: "string",
      value: "DURATION",
      about: "the time the runner may take, such as 2s or 500ms (default: the benchmark's)"
    }
  }
};
var HISTORY = {
  name: "history",
  usage: "history",
  summary: "print each gated metric's change points over a branch's stored runs; with --out, a trend site",
  flags: {
    out: {
      type: "string",
      value: "DIR",
      about: "write a static trend site of every benchmark's history there (DIR/index.html first)"
    },
    suite: {
      type: "string",
      value: "NAME",
      multiple: true,
      about: "the suite to read, again for more (default: the config's, else every suite the store holds)"
    },
    branch: {
      type: "string",
      value: "NAME",
      about: "the branch whose runs to read (default: the repository's default branch)"
    },
    ...CONFIG_FLAG,
    store: { type: "string", value: "DIR", about: "the local store (default .bench)" },
    "baseline-store": {
      type: "string",
      value: "dir|git",
      about: "the store to read: dir, the local store (default), or git, origin's data branch"
    },
    "baseline-branch": {
      type: "string",
      value: "NAME",
      about: `the git store's data branch (default ${DEFAULT_DATA_BRANCH})`
    },
    markdown: { type: "string", value: "FILE", about: "write the change points as markdown" },
    json: { type: "string", value: "FILE", about: "write the histories as JSON" }
  }
};
var SCHEMA = {
  name: "schema",
  usage: "schema",
  summary: "print the config file's JSON Schema, for editors and validators",
  flags: {}
};

// src/cli/help.ts
import { parseArgs } from "node:util";
var HELP_FLAG = {
  help: { type: "boolean", short: "h", about: "print this help and exit" }
};
var WIDTH = 100;
var ABOUT_COLUMN = 24;
function parseCommand(command, args, io, help = helpOf(command)) {
  const options = { ...command.flags, ...HELP_FLAG };
  const parsed = inOurWordsFor(
    command.name,
    () => parseArgs({ args, options, allowPositionals: command.arguments !== void 0 })
  );
  if (parsed.values.help) {
    io.stdout.write(help);
    return void 0;
  }
  return parsed;
}
function inOurWordsFor(command, parse) {
  try {
    return parse();
  } catch (error) {
    if (!isParseError(error)) throw error;
    throw new UsageError(inOurWords(error, command));
  }
}
function isParseError(err) {
  return err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS");
}
function inOurWords(err, command) {
  const code = "code" in err ? String(err.code) : "";
  const see = `see bench-action ${command} --help`;
  const named = /'(?:-\w, )?(-[^' ]+)/.exec(err.message)?.[1];
  const option = named === void 0 ? void 0 : clean(named);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) return `unknown option ${option}; ${see}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    if (/argument missing/.test(err.message)) return `${option} needs a value; ${see}`;
    if (/does not take an argument/.test(err.message)) return `${option} takes no value; ${see}`;
    if (/argument is ambiguous/.test(err.message))
      return `${option} needs a value; one that starts with - goes after an =, as ${option}=-1; ${see}`;
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    const argument = /Unexpected argument '(.*)'\. /.exec(err.message)?.[1];
    if (argument !== void 0) return `unexpected argument ${JSON.stringify(clean(argument))}; ${see}`;
  }
  return `${err.message} (${see})`;
}
function synopsisOf(command) {
  const words = Object.entries(command.flags).map(([name, flag]) => `[${flagLabel(name, flag)}]`);
  return wrapWords(`  bench-action ${command.usage}`, words, " ".repeat("  bench-action ".length));
}
function helpOf(command) {
  const lines = [`bench-action ${command.name}: ${command.summary}`, "", "Usage:", synopsisOf(command)];
  if (command.arguments) {
    lines.push("", "Arguments:");
    for (const [name, about] of command.arguments) lines.push(...described(name, about));
  }
  lines.push("", "Options:");
  for (const [name, flag] of Object.entries({ ...command.flags, ...HELP_FLAG }))
    lines.push(
      ...described(
        flag.short ? `-${flag.short}, ${flagLabel(name, flag)}` : flagLabel(name, flag),
        flag.about
      )
    );
  return `${lines.join("\n")}
`;
}
function commandList(commands) {
  return commands.flatMap((command) => described(command.name, command.summary)).join("\n");
}
function flagLabel(name, flag) {
  return flag.type === "string" ? `--${name} ${flag.value}` : `--${name}`;
}
function described(label, about) {
  const head = `  ${label}`;
  const indent = " ".repeat(ABOUT_COLUMN);
  const words = about.split(" ");
  if (head.length > ABOUT_COLUMN - 2) return [head, wrapWords(" ".repeat(ABOUT_COLUMN - 1), words, indent)];
  return [wrapWords(head.padEnd(ABOUT_COLUMN - 1), words, indent)];
}
function wrapWords(first, words, indent) {
  const lines = [first];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last.length + 1 + word.length > WIDTH && last.length > indent.length) lines.push(`${indent}${word}`);
    else lines[lines.length - 1] = `${last} ${word}`;
  }
  return lines.join("\n");
}

export {
  RUN,
  MERGE,
  COMPARE,
  SETUP,
  KLV,
  HISTORY,
  SCHEMA,
  parseCommand,
  synopsisOf,
  helpOf,
  commandList
};
