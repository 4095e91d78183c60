// Every command of the command line as its help shows it: name, usage, summary, arguments and flags.
// Declared apart from what runs them, so the help and --version load nothing else.

import { KNOWN_TOOLS } from '../setup/known.ts'
import { DEFAULT_DATA_BRANCH } from '../store/kinds.ts'
import { CONFIG_FLAG, EXPORT_FLAGS, JSON_FLAG, REPORT_FLAGS, STORE_FLAGS } from './flags.ts'
import type { Command } from './help.ts'

export const RUN = {
  name: 'run',
  usage: '[run]',
  summary: 'measure the benchmarks of bench.yml, compare them with a stored baseline, print a verdict',
  flags: {
    ...CONFIG_FLAG,
    'dry-run': { type: 'boolean', about: 'measure and report as CI would, but save and publish nothing' },
    ...STORE_FLAGS,
    against: {
      type: 'string',
      value: 'REF',
      about:
        "check REF out in a temporary worktree, run setup there too, and measure its benchmarks interleaved with the working tree's: a paired comparison on one machine (--against main, --against HEAD~1); not with --baseline",
    },
    filter: {
      type: 'string',
      value: 'GLOB',
      about:
        'only benchmarks whose name matches (* and ?; several separated by commas); such a run is not saved as a baseline',
    },
    'no-install': {
      type: 'boolean',
      about:
        'do not install missing tools the config needs (valgrind, Rust, Zig); by default they are set up first, as bench-action setup would',
    },
    shard: {
      type: 'string',
      value: 'I/N',
      about:
        "measure only shard I of N (balanced by the baseline's durations, else by a stable hash), write the shard file for merge and save nothing",
    },
    'shard-output': {
      type: 'string',
      value: 'FILE',
      about: 'where the shard file goes (default STORE/shard-I-of-N.json)',
    },
    ...JSON_FLAG,
    ...REPORT_FLAGS,
    ...EXPORT_FLAGS,
    version: { type: 'boolean', about: "print bench-action's version and exit" },
  },
} as const satisfies Command

export const MERGE = {
  name: 'merge',
  usage: 'merge SHARD.json…',
  summary: 'join the shard files of one sharded run, then compare, report and save once',
  arguments: [['SHARD.json…', 'the shard files of one run, as run --shard I/N wrote them']],
  flags: { ...CONFIG_FLAG, ...STORE_FLAGS, ...JSON_FLAG, ...REPORT_FLAGS, ...EXPORT_FLAGS },
} as const satisfies Command

export const COMPARE = {
  name: 'compare',
  usage: 'compare BASE.json HEAD.json',
  summary: 'compare two results files written by --json, as two moments, and print the verdict',
  arguments: [
    ['BASE.json', 'the results file to compare with'],
    ['HEAD.json', 'the results file judged against it'],
  ],
  flags: { ...REPORT_FLAGS, ...EXPORT_FLAGS },
} as const satisfies Command

export const SETUP = {
  name: 'setup',
  usage: `setup ${KNOWN_TOOLS.map((t) => `[${t}]`).join(' ')}`,
  summary: "detect or install valgrind, Rust or Zig; with no names, what the config's benchmarks need",
  arguments: [
    ['valgrind', 'valgrind, for instruction counts (apt-get, with sudo -n when not root)'],
    ['rust', 'the Rust toolchain rust-toolchain.toml names (rustup)'],
    ['zig', "Zig, from PyPI's ziglang wheel, verified by its pinned sha256"],
  ],
  flags: {
    ...CONFIG_FLAG,
    toolchain: {
      type: 'string',
      value: 'NAME',
      about: 'the Rust toolchain to set up, over rust-toolchain.toml',
    },
    'zig-version': {
      type: 'string',
      value: 'V',
      about: 'the Zig version to set up (one whose digests bench-action pins, or the zig on PATH)',
    },
  },
} as const satisfies Command

export const KLV = {
  name: 'klv',
  usage: 'klv NAME',
  summary: "print the KLV a wall-clock benchmark's runner reads on stdin, to try a runner by hand",
  arguments: [
    [
      'NAME',
      'a wall-clock benchmark of the config; one a harness lists or a rebar directory holds as HARNESS/ITS-NAME. bench-action klv NAME | ./runner ENGINE runs its runner as bench-action would',
    ],
  ],
  flags: {
    ...CONFIG_FLAG,
    'max-iters': {
      type: 'string',
      value: 'N',
      about: "the samples the runner may take (default: the benchmark's)",
    },
    'max-time': {
      type: 'string',
      value: 'DURATION',
      about: "the time the runner may take, such as 2s or 500ms (default: the benchmark's)",
    },
  },
} as const satisfies Command

export const HISTORY = {
  name: 'history',
  usage: 'history',
  summary: "print each gated metric's change points over a branch's stored runs; with --out, a trend site",
  flags: {
    out: {
      type: 'string',
      value: 'DIR',
      about: "write a static trend site of every benchmark's history there (DIR/index.html first)",
    },
    suite: {
      type: 'string',
      value: 'NAME',
      multiple: true,
      about: "the suite to read, again for more (default: the config's, else every suite the store holds)",
    },
    branch: {
      type: 'string',
      value: 'NAME',
      about: "the branch whose runs to read (default: the repository's default branch)",
    },
    ...CONFIG_FLAG,
    store: { type: 'string', value: 'DIR', about: 'the local store (default .bench)' },
    'baseline-store': {
      type: 'string',
      value: 'dir|git',
      about: "the store to read: dir, the local store (default), or git, origin's data branch",
    },
    'baseline-branch': {
      type: 'string',
      value: 'NAME',
      about: `the git store's data branch (default ${DEFAULT_DATA_BRANCH})`,
    },
    markdown: { type: 'string', value: 'FILE', about: 'write the change points as markdown' },
    json: { type: 'string', value: 'FILE', about: 'write the histories as JSON' },
  },
} as const satisfies Command

export const SCHEMA = {
  name: 'schema',
  usage: 'schema',
  summary: "print the config file's JSON Schema, for editors and validators",
  flags: {},
} as const satisfies Command
