// The command line: `bench-action [run] …`, `merge`, `compare`, `setup`, `klv`, `history`, `schema`, one
// file each with its flags and its help. Takes its I/O as arguments so tests can drive it in-process;
// cli-entry.ts wires it to the real process.
import { isUserError } from '../errors.ts'
import { clean } from '../report/terminal.ts'
import { SetupError } from '../setup/system.ts'
import { VERSION } from '../version.ts'
import { COMPARE_SYNOPSIS, compareCommand } from './compare.ts'
import { HISTORY_SYNOPSIS, historyCommand } from './history.ts'
import { type CliIo, ShownStream } from './io.ts'
import { KLV_SYNOPSIS, klvCommand } from './klv.ts'
import { MERGE_SYNOPSIS, mergeCommand } from './merge.ts'
import { RUN_HELP, RUN_SYNOPSIS, runCommand } from './run.ts'
import { SCHEMA_SYNOPSIS, schemaCommand } from './schema.ts'
import { SETUP_SYNOPSIS, setupCommand } from './setup.ts'

export type { CliIo } from './io.ts'

export const USAGE = `bench-action ${VERSION}: benchmarks with a verdict

Usage:
${[RUN_SYNOPSIS, MERGE_SYNOPSIS, COMPARE_SYNOPSIS, SETUP_SYNOPSIS, KLV_SYNOPSIS, HISTORY_SYNOPSIS, SCHEMA_SYNOPSIS].join('\n')}
  bench-action --version

${RUN_HELP}

Exit codes: 0 no regression, 1 regression found, 2 bad usage or config, 3 a benchmark or the
environment failed.
`

/** Errors the user can fix; everything else is a bug and keeps its stack. */
function isUsersMistake(err: unknown): err is Error {
  return (
    isUserError(err) ||
    (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
  )
}

/**
 * Node's argument parser's refusals, said as ours: the option or argument, what is wrong with it, and
 * where the options are listed. Any other message is already ours.
 */
export function inOurWords(err: Error): string {
  const code = 'code' in err ? String(err.code) : ''
  const see = 'see bench-action --help'
  const named = /'(-[^' ]+)/.exec(err.message)?.[1]
  const option = named === undefined ? undefined : clean(named)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}; ${see}`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/argument missing/.test(err.message)) return `${option} needs a value; ${see}`
    if (/does not take an argument/.test(err.message)) return `${option} takes no value; ${see}`
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const argument = /Unexpected argument '(.*)'\. /.exec(err.message)?.[1]
    if (argument !== undefined) return `unexpected argument ${JSON.stringify(clean(argument))}; ${see}`
  }
  return err.message
}

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
    if (isUsersMistake(err)) {
      shown.stderr.write(`bench-action: ${inOurWords(err)}\n`)
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
 * Runs a command: `shown` for reports, progress and messages, `io` as it is for what programs read
 * (the config's JSON Schema, a runner's KLV).
 */
async function dispatch(argv: string[], io: CliIo, shown: CliIo): Promise<number> {
  const [first, ...rest] = argv
  if (first === 'compare') return compareCommand(rest, shown)
  if (first === 'merge') return mergeCommand(rest, shown)
  if (first === 'schema') return schemaCommand(rest, io)
  if (first === 'setup') return setupCommand(rest, shown)
  if (first === 'klv') return klvCommand(rest, io)
  if (first === 'history') return historyCommand(rest, shown)
  if (first === 'help') {
    shown.stdout.write(USAGE)
    return 0
  }
  return runCommand(first === 'run' ? rest : argv, shown, USAGE)
}
