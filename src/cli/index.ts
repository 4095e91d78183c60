// The command line: `bench-action [run] …`, `merge`, `compare`, `setup`, `klv`, `history`, `schema`, one
// file each with its flags and its help. Takes its I/O as arguments so tests can drive it in-process;
// cli-entry.ts wires it to the real process.
import { isUserError, UsageError } from '../errors.ts'
import { clean } from '../report/clean.ts'
import { SetupError } from '../setup/system.ts'
import { VERSION } from '../version.ts'
import { COMPARE, HISTORY, KLV, MERGE, RUN, SCHEMA, SETUP } from './commands.ts'
import { type Command, commandList, helpOf, parseCommand, synopsisOf } from './help.ts'
import { type CliIo, ShownStream } from './io.ts'

export type { CliIo } from './io.ts'

/**
 * Every command, as `bench-action NAME` names it, with what runs it: `shown` for reports, progress and
 * messages, `io` as it is for what programs read (the config's JSON Schema, a runner's KLV). Each
 * command's code is loaded when it runs, so --version, --help and a small command load only their own.
 */
export const COMMANDS: ReadonlyArray<{
  command: Command
  run: (args: string[], io: CliIo, shown: CliIo) => number | Promise<number>
}> = [
  { command: RUN, run: (args, _io, shown) => runNamed(args, shown, helpOf(RUN)) },
  {
    command: MERGE,
    run: async (args, _io, shown) => (await import('./merge.ts')).mergeCommand(args, shown),
  },
  {
    command: COMPARE,
    run: async (args, _io, shown) => (await import('./compare.ts')).compareCommand(args, shown),
  },
  {
    command: SETUP,
    run: async (args, _io, shown) => (await import('./setup.ts')).setupCommand(args, shown),
  },
  { command: KLV, run: async (args, io) => (await import('./klv.ts')).klvCommand(args, io) },
  {
    command: HISTORY,
    run: async (args, _io, shown) => (await import('./history.ts')).historyCommand(args, shown),
  },
  { command: SCHEMA, run: async (args, io) => (await import('./schema.ts')).schemaCommand(args, io) },
]

export const USAGE = `bench-action ${VERSION}: benchmarks with a verdict

Usage:
${COMMANDS.map(({ command }) => synopsisOf(command)).join('\n')}
  bench-action --version
  bench-action help COMMAND    a command's arguments and each of its flags (or COMMAND --help)

Commands:
${commandList(COMMANDS.map(({ command }) => command))}

With no command, bench-action runs run: bench-action --dry-run is bench-action run --dry-run.

Exit codes: 0 no regression, 1 regression found, 2 bad usage or config, 3 a benchmark or the
environment failed.
`

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const stdout = new ShownStream(io.stdout)
  const stderr = new ShownStream(io.stderr)
  const shown: CliIo = { cwd: io.cwd, env: io.env, stdout, stderr }
  try {
    return await dispatch(argv, io, shown)
  } catch (err) {
    if (err instanceof SetupError) {
      shown.stderr.write(`bench-action: ${err.message}\n`)
      return err.exitCode
    }
    if (isUserError(err)) {
      shown.stderr.write(`bench-action: ${err.message}\n`)
      return 2
    }
    shown.stderr.write(
      `bench-action: internal error: ${(err as Error)?.stack ?? String(err)}\nThis is a bug in bench-action; please report it.\n`,
    )
    return 3
  } finally {
    stdout.flush()
    stderr.flush()
  }
}

/**
 * run: --help and --version are answered from its declaration; the code that measures is loaded only
 * to measure. `help` is what --help prints: run's own help, or the whole command line's when run was
 * not named.
 */
async function runNamed(args: string[], shown: CliIo, help: string): Promise<number> {
  const parsed = parseCommand(RUN, args, shown, help)
  if (!parsed) return 0
  if (parsed.values.version) {
    shown.stdout.write(`${VERSION}\n`)
    return 0
  }
  return (await import('./run.ts')).runCommand(parsed.values, shown)
}

/** The command `name` names; an unknown name is refused with the commands there are. */
function commandNamed(name: string) {
  const found = COMMANDS.find(({ command }) => command.name === name)
  if (found) return found
  throw new UsageError(
    `unknown command ${JSON.stringify(clean(name))}: the commands are ${COMMANDS.map(({ command }) => command.name).join(', ')} (see bench-action --help)`,
  )
}

/** Runs the command the first argument names, or run with every argument when the first is a flag. */
async function dispatch(argv: string[], io: CliIo, shown: CliIo): Promise<number> {
  const [first, ...rest] = argv
  if (first === undefined || first.startsWith('-')) return runNamed(argv, shown, USAGE)
  if (first === 'help') {
    if (rest.length > 1) throw new UsageError('help takes one command: bench-action help COMMAND')
    shown.stdout.write(rest[0] === undefined ? USAGE : helpOf(commandNamed(rest[0]).command))
    return 0
  }
  return commandNamed(first).run(rest, io, shown)
}
