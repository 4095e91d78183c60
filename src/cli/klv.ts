// `bench-action klv NAME`: the KLV a wall-clock benchmark's runner reads on stdin, to try a runner by hand.
import { loadConfig, parseDurationMs, ValueError } from '../config/index.ts'
import { UsageError } from '../errors.ts'
import { runnerConfiguration } from '../kinds/wall-clock/measure.ts'
import { RebarFormatError } from '../kinds/wall-clock/rebar.ts'
import { rebarCases } from '../kinds/wall-clock/rebar-cases.ts'
import { resolveConfigPath } from '../run/pipeline.ts'
import { planCases } from '../run/plan.ts'
import { KLV } from './commands.ts'
import { parseCommand } from './help.ts'
import type { CliIo } from './io.ts'

export async function klvCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(KLV, argv, io)
  if (!parsed) return 0
  const { values, positionals } = parsed
  if (positionals.length !== 1) throw new UsageError('klv takes one benchmark name: bench-action klv NAME')
  const name = positionals[0]!
  const configPath = await resolveConfigPath(io.cwd, values.config)
  const wallClock = planCases(await loadConfig(configPath)).filter((c) => c.kind === 'wall-clock')
  let found = wallClock.find((c) => c.name === name)
  // A harness's benchmarks are known only by listing them; the name says which one is meant.
  const harness = wallClock.find((c) => c.harness && name.startsWith(`${c.name}/`))
  if (!found && harness) found = { ...harness, name, id: name }
  // A rebar directory's, by reading it.
  const rebar = wallClock.find((c) => c.rebar !== undefined && name.startsWith(`${c.name}/`))
  if (!found && rebar) {
    try {
      const { cases, failed } = await rebarCases(rebar)
      found = [...cases, ...failed.map((f) => f.c)].find((c) => c.name === name)
    } catch (error) {
      if (!(error instanceof RebarFormatError)) throw error
      throw new UsageError(error.message)
    }
  }
  if (!found) {
    const known = wallClock.map((c) => (c.harness || c.rebar ? `${c.name}/…` : c.name))
    throw new UsageError(
      `no wall-clock benchmark "${name}" in ${configPath}` +
        (known.length > 0 ? ` (there are: ${known.join(', ')})` : ' (it has none)'),
    )
  }
  const part = { runs: found.runs, maxTimeMs: found.maxTimeMs }
  if (values['max-iters'] !== undefined) {
    if (!/^\d+$/.test(values['max-iters'])) throw new UsageError('--max-iters takes a whole number')
    part.runs = Number(values['max-iters'])
  }
  if (values['max-time'] !== undefined) {
    try {
      part.maxTimeMs = parseDurationMs(values['max-time'])
    } catch (error) {
      if (!(error instanceof ValueError)) throw error
      throw new UsageError(`--max-time: ${error.message}`)
    }
  }
  const configuration = await runnerConfiguration(found, part)
  if ('error' in configuration) throw new UsageError(configuration.error)
  io.stdout.write(configuration.klv)
  return 0
}
