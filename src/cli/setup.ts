// `bench-action setup [valgrind] [rust] [zig]`: detect or install the tools the benchmarks need.
import { loadConfig } from '../config/index.ts'
import { resolveConfigPath, UsageError } from '../run/pipeline.ts'
import { describeStatus, KNOWN_TOOLS, runSetup, toolsNeeded } from '../setup/index.ts'
import { CONFIG_FLAG, type Command, parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'

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

export async function setupCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(SETUP, argv, io)
  if (!parsed) return 0
  const { values, positionals } = parsed
  let tools = positionals
  const unknown = tools.filter((t) => !(KNOWN_TOOLS as readonly string[]).includes(t.toLowerCase()))
  if (unknown.length > 0) {
    throw new UsageError(`unknown tool "${unknown[0]}": bench-action can set up ${KNOWN_TOOLS.join(', ')}`)
  }
  if (tools.length === 0) {
    const config = await loadConfig(await resolveConfigPath(io.cwd, values.config))
    tools = toolsNeeded(
      config.benchmarks.map((b) => b.kind),
      config,
    )
    if (tools.length === 0) {
      io.stdout.write('nothing to set up: the benchmarks need no extra tools\n')
      return 0
    }
  }
  const statuses = await runSetup(tools, {
    cwd: io.cwd,
    toolchain: values.toolchain,
    zigVersion: values['zig-version'],
    env: io.env,
    log: logTo(io),
  })
  for (const s of statuses) io.stdout.write(`${describeStatus(s)}\n`)
  return 0
}
