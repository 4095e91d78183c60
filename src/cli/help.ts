// What a command of the command line takes, declared once: Node's parser reads the flags from the same
// table its --help lists them from, so the help and the parser cannot disagree. Also the parser's
// refusals, said in our words and pointing at the command's own help.
import { parseArgs } from 'node:util'
import { UsageError } from '../errors.ts'
import { clean } from '../report/clean.ts'
import type { CliIo } from './io.ts'

/** A flag as Node's parser takes it, with what its help says of it. */
export type Flag = (
  | {
      type: 'string'
      /** The value's name in the help: FILE, N. */
      value: string
      multiple?: boolean
    }
  | { type: 'boolean' }
) & {
  short?: string
  /** What the flag does, one sentence or a few; the help wraps it. */
  about: string
}

export type Flags = Record<string, Flag>

export interface Command<F extends Flags = Flags> {
  name: string
  /** The command and its arguments as typed before the flags: `klv NAME`, `[run]`. */
  usage: string
  /** What it does, in one line. */
  summary: string
  /** Each argument the usage names, with what it is; none when the command takes no argument. */
  arguments?: ReadonlyArray<readonly [name: string, about: string]>
  flags: F
}

/** The flag every command takes. */
export const HELP_FLAG = {
  help: { type: 'boolean', short: 'h', about: 'print this help and exit' },
} as const satisfies Flags

const WIDTH = 100
/** The column a flag's description starts at. */
const ABOUT_COLUMN = 24

/**
 * The command's flags and arguments, or undefined once --help (or -h) has printed `help`. A flag or
 * argument the command does not take is refused naming the command's help.
 */
export function parseCommand<const F extends Flags>(
  command: Command<F>,
  args: string[],
  io: CliIo,
  help: string = helpOf(command),
) {
  const options = { ...command.flags, ...HELP_FLAG }
  const parsed = inOurWordsFor(command.name, () =>
    parseArgs({ args, options, allowPositionals: command.arguments !== undefined }),
  )
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout.write(help)
    return undefined
  }
  return parsed
}

/** What `parse` returns; a refusal of Node's parser as a usage error in our words. */
function inOurWordsFor<T>(command: string, parse: () => T): T {
  try {
    return parse()
  } catch (error) {
    if (!isParseError(error)) throw error
    throw new UsageError(inOurWords(error, command))
  }
}

function isParseError(err: unknown): err is TypeError {
  return err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')
}

/**
 * Node's argument parser's refusals, said as ours: the option or argument, what is wrong with it, and
 * the command's help, where its options are listed.
 */
function inOurWords(err: Error, command: string): string {
  const code = 'code' in err ? String(err.code) : ''
  const see = `see bench-action ${command} --help`
  // An option with a short form is named as `'-h, --help'`: the long form is the one to name.
  const named = /'(?:-\w, )?(-[^' ]+)/.exec(err.message)?.[1]
  const option = named === undefined ? undefined : clean(named)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}; ${see}`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/argument missing/.test(err.message)) return `${option} needs a value; ${see}`
    if (/does not take an argument/.test(err.message)) return `${option} takes no value; ${see}`
    if (/argument is ambiguous/.test(err.message))
      return `${option} needs a value; one that starts with - goes after an =, as ${option}=-1; ${see}`
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    const argument = /Unexpected argument '(.*)'\. /.exec(err.message)?.[1]
    if (argument !== undefined) return `unexpected argument ${JSON.stringify(clean(argument))}; ${see}`
  }
  return `${err.message} (${see})`
}

/** How the command is typed: its arguments, then every flag it takes, wrapped under its name. */
export function synopsisOf(command: Command): string {
  const words = Object.entries(command.flags).map(([name, flag]) => `[${flagLabel(name, flag)}]`)
  return wrapWords(`  bench-action ${command.usage}`, words, ' '.repeat('  bench-action '.length))
}

/** A command's help: what it does, how it is typed, its arguments and each of its flags. */
export function helpOf(command: Command): string {
  const lines = [`bench-action ${command.name}: ${command.summary}`, '', 'Usage:', synopsisOf(command)]
  if (command.arguments) {
    lines.push('', 'Arguments:')
    for (const [name, about] of command.arguments) lines.push(...described(name, about))
  }
  lines.push('', 'Options:')
  for (const [name, flag] of Object.entries({ ...command.flags, ...HELP_FLAG }))
    lines.push(
      ...described(
        flag.short ? `-${flag.short}, ${flagLabel(name, flag)}` : flagLabel(name, flag),
        flag.about,
      ),
    )
  return `${lines.join('\n')}\n`
}

/** Each command's name and what it does, a line or two each. */
export function commandList(commands: readonly Command[]): string {
  return commands.flatMap((command) => described(command.name, command.summary)).join('\n')
}

/** `--name VALUE`, or `--name` for a flag without a value. */
function flagLabel(name: string, flag: Flag): string {
  return flag.type === 'string' ? `--${name} ${flag.value}` : `--${name}`
}

/** A label and its description beside it, on the next line when the label is too long. */
function described(label: string, about: string): string[] {
  const head = `  ${label}`
  const indent = ' '.repeat(ABOUT_COLUMN)
  const words = about.split(' ')
  if (head.length > ABOUT_COLUMN - 2) return [head, wrapWords(' '.repeat(ABOUT_COLUMN - 1), words, indent)]
  return [wrapWords(head.padEnd(ABOUT_COLUMN - 1), words, indent)]
}

/** `first`, then the words a space apart, a new line starting with `indent` where one would pass the width. */
function wrapWords(first: string, words: string[], indent: string): string {
  const lines = [first]
  for (const word of words) {
    const last = lines[lines.length - 1]!
    if (last.length + 1 + word.length > WIDTH && last.length > indent.length) lines.push(`${indent}${word}`)
    else lines[lines.length - 1] = `${last} ${word}`
  }
  return lines.join('\n')
}
