// `bench-action setup [valgrind] [rust] [zig]`: detect or install the tools the benchmarks need.
import { loadConfig } from '../config/index.ts'
import { UsageError } from '../errors.ts'
import { resolveConfigPath } from '../run/pipeline.ts'
import { describeStatus, KNOWN_TOOLS, runSetup, toolsNeeded } from '../setup/index.ts'
import { SETUP } from './commands.ts'
import { parseCommand } from './help.ts'
import { type CliIo, logTo } from './io.ts'

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
