// The workflow commands the GitHub Actions runner would obey in a step's output, by the rules of its
// source (actions/runner):
// - Runner.Sdk/ProcessInvoker.cs reads stdout and stderr with StreamReader.ReadLine: a line ends at
//   `\n`, `\r` or `\r\n`, and nowhere else (not at U+2028, U+2029 or U+0085);
// - Runner.Worker/Handlers/OutputManager.cs hands a line holding `##[` or `::` to ActionCommandManager,
//   which tries the current form, then the legacy one (Runner.Common/ActionCommand.cs):
//   - current: the line, its leading white space trimmed (.NET's Char.IsWhiteSpace), starts with `::`;
//     the command and its properties run to the next `::` (`::name k=v,k=v::data`);
//   - legacy: `##[` anywhere in the line; the command and its properties run to the next `]`
//     (`##[name k=v;k=v]data`);
//   either way the name ends at the first space and must be a registered command, in any case;
// - while `stop-commands` holds, only its token (registered for the time) is a command: it resumes.
// Data and properties are unescaped as the runner unescapes them (%0D, %0A, %25; %3A and %2C in a
// property; %3B and %5D in the legacy form).

/** The commands the runner registers (Runner.Worker/ActionCommandManager.cs). */
export const RUNNER_COMMANDS = [
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning',
] as const

export interface ObeyedCommand {
  /** The command's name as written. */
  command: string
  properties: Record<string, string>
  data: string
  /** The whole line it was read from. */
  line: string
}

/** .NET's Char.IsWhiteSpace, what String.TrimStart removes. */
const DOTNET_WHITE_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/

/** The lines the runner reads in a stream's output. */
export function runnerLines(output: string): string[] {
  const lines = output.split(/\r\n|\r|\n/)
  if (lines.at(-1) === '') lines.pop()
  return lines
}

function unescaped(text: string, mappings: Array<[string, string]>): string {
  let out = text
  for (const [escaped, plain] of mappings) out = out.replaceAll(escaped, plain)
  return out
}

const DATA: Array<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
]
const PROPERTY: Array<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%3A', ':'],
  ['%2C', ','],
  ['%25', '%'],
]
const LEGACY: Array<[string, string]> = [
  ['%3B', ';'],
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%5D', ']'],
  ['%25', '%'],
]

/** `k=v` pairs split by `separator`; a pair without a key or a value is dropped. */
function properties(text: string, separator: string, mappings: Array<[string, string]>) {
  const out: Record<string, string> = {}
  for (const pair of text.split(separator)) {
    const eq = pair.indexOf('=')
    if (eq <= 0 || eq === pair.length - 1) continue
    out[pair.slice(0, eq)] = unescaped(pair.slice(eq + 1), mappings)
  }
  return out
}

function named(info: string, registered: Set<string>): { name: string; rest?: string } | undefined {
  const space = info.indexOf(' ')
  const name = space < 0 ? info : info.slice(0, space)
  if (!registered.has(name.toLowerCase())) return undefined
  return space > 0 ? { name, rest: info.slice(space + 1) } : { name }
}

function parseCurrent(line: string, registered: Set<string>): ObeyedCommand | undefined {
  const message = line.replace(DOTNET_WHITE_SPACE, '')
  if (!message.startsWith('::')) return undefined
  const end = message.indexOf('::', 2)
  if (end < 0) return undefined
  const found = named(message.slice(2, end), registered)
  if (!found) return undefined
  return {
    command: found.name,
    properties:
      found.rest === undefined
        ? {}
        : properties(found.rest.replace(DOTNET_WHITE_SPACE, '').trimEnd(), ',', PROPERTY),
    data: unescaped(message.slice(end + 2), DATA),
    line,
  }
}

function parseLegacy(line: string, registered: Set<string>): ObeyedCommand | undefined {
  const start = line.indexOf('##[')
  if (start < 0) return undefined
  const end = line.indexOf(']', start)
  if (end < 0) return undefined
  const found = named(line.slice(start + 3, end), registered)
  if (!found) return undefined
  return {
    command: found.name,
    properties: found.rest === undefined ? {} : properties(found.rest, ';', LEGACY),
    data: unescaped(line.slice(end + 1), LEGACY),
    line,
  }
}

/**
 * Every command the runner would obey in `output` (one stream, read from its start), in order;
 * `stop-commands` and the token that resumes them are among them.
 */
export function obeyedCommands(output: string): ObeyedCommand[] {
  const obeyed: ObeyedCommand[] = []
  let stopToken: string | undefined
  for (const line of runnerLines(output)) {
    if (!line.includes('##[') && !line.includes('::')) continue
    const registered = new Set<string>(RUNNER_COMMANDS)
    if (stopToken !== undefined) registered.add(stopToken.toLowerCase())
    const command = parseCurrent(line, registered) ?? parseLegacy(line, registered)
    if (!command) continue
    const name = command.command.toLowerCase()
    if (stopToken !== undefined) {
      // An empty token is never matched: the commands stay stopped.
      if (stopToken !== '' && name === stopToken.toLowerCase()) {
        obeyed.push(command)
        stopToken = undefined
      }
      continue
    }
    if (name === 'stop-commands') stopToken = command.data
    obeyed.push(command)
  }
  return obeyed
}

/**
 * The commands of `output` other than `stop-commands` pairs whose token is a long random one, as ours
 * are: what the text made the runner do.
 */
export function commandsBesideStops(output: string): ObeyedCommand[] {
  const obeyed = obeyedCommands(output)
  const ours = new Set<ObeyedCommand>()
  obeyed.forEach((c, i) => {
    const resume = obeyed[i + 1]
    if (
      c.command === 'stop-commands' &&
      /^[0-9a-f]{32}$/.test(c.data) &&
      resume?.command === c.data &&
      resume.data === ''
    ) {
      ours.add(c)
      ours.add(resume)
    }
  })
  return obeyed.filter((c) => !ours.has(c))
}
