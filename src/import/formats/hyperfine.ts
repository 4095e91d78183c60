// hyperfine's `--export-json`: one result per command with the wall-clock time of every run. Two
// shapes exist. In 1.x, `times` holds the runs in seconds, `user` and `system` only their means,
// and (from 1.20) `memory_usage_byte` every run's peak memory. From 2.0 (`schema_version: 2`),
// `measurements` holds every run as `{ metric: { value, unit } }` items and `summary` their
// statistics, which the runs make redundant.
//
// Names. hyperfine 1 writes a --command-name in place of the command; hyperfine 2 writes the command
// and, beside it, a `name` when it differs (a --command-name, or the command behind its --env
// assignments). A benchmark takes the --command-name hyperfine 2 recorded; otherwise what hyperfine
// shows, up to 40 characters (so hyperfine 1's names and every short command are kept as they are);
// a longer command is shortened (see `nameResults`), its full text kept in `details`.

import { createHash } from 'node:crypto'
import type { Unit } from '../../results.ts'
import { describeJson, isObject, jsonReader, parseJsonSource } from '../json.ts'
import {
  type ImportedBenchmark,
  type ImportedMetric,
  type ImportFormat,
  ImportFormatError,
  type ImportSource,
} from '../types.ts'
import { convertUnit } from '../units.ts'

/** hyperfine 2's metric names → ours; any other metric keeps its name in kebab-case. */
const V2_METRICS: Record<string, string> = {
  time_wall_clock: 'time',
  time_cpu: 'cpu',
  time_user: 'user',
  time_system: 'system',
  memory_peak_resident: 'memory',
}

/** hyperfine 2's unit words → units.ts labels. Counters (instructions, cache misses) are counts. */
const V2_UNITS: Record<string, string> = { second: 's', byte: 'b' }

export const hyperfineFormat: ImportFormat = {
  name: 'hyperfine',
  detect(source) {
    const head = source.text.slice(0, 4096)
    return (
      /^\s*\{/.test(head) &&
      /"results"\s*:\s*\[/.test(head) &&
      /"command"\s*:/.test(head) &&
      (/"times"\s*:/.test(source.text) || /"measurements"\s*:/.test(head))
    )
  },
  parse(source) {
    const read = jsonReader(source.path)
    const root = read.object(parseJsonSource(source), '$')
    const results = read.array(root.results, '$.results', 'an array of results')
    const v2 = root.schema_version !== undefined
    if (v2 && root.schema_version !== 2)
      throw new ImportFormatError(
        source.path,
        '$.schema_version',
        `expected 2 (hyperfine 2's JSON) or no schema_version (hyperfine 1), got ${JSON.stringify(root.schema_version)}`,
      )
    const benchmarks = results.map((result, i) =>
      v2 ? readV2Result(source, result, `$.results[${i}]`) : readV1Result(source, result, `$.results[${i}]`),
    )
    const identities = results.map((result, i) =>
      v2
        ? v2Identity(source, result as Record<string, unknown>, `$.results[${i}]`)
        : v1Identity(result as Record<string, unknown>),
    )
    return nameResults(benchmarks, identities)
  },
}

function readV1Result(source: ImportSource, result: unknown, where: string): ImportedBenchmark {
  if (!isObject(result))
    throw new ImportFormatError(source.path, where, `expected an object, got ${describeJson(result)}`)
  const name = commandName(source, result, where)
  const times = jsonReader(source.path).numbers(result.times, `${where}.times`)
  const metrics: Record<string, ImportedMetric> = {
    time: { unit: 'ns', direction: 'lower', samples: times.map((t) => t * 1e9) },
  }
  if (result.memory_usage_byte !== undefined) {
    const memory = jsonReader(source.path).numbers(result.memory_usage_byte, `${where}.memory_usage_byte`)
    metrics.memory = { unit: 'bytes', direction: 'lower', samples: memory }
  }
  // hyperfine 1 keeps only the mean user and system time of the runs, not each run's.
  for (const key of ['user', 'system'] as const) {
    const value = result[key]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new ImportFormatError(
        source.path,
        `${where}.${key}`,
        `expected a number of seconds, got ${describeJson(value)}`,
      )
    metrics[key] = {
      unit: 'ns',
      direction: 'lower',
      summary: { center: value * 1e9, statistic: 'mean', n: times.length },
    }
  }
  const notes: string[] = []
  if (metrics.user || metrics.system)
    notes.push('user and system: the mean of the runs only (hyperfine 1 keeps no per-run CPU times)')
  if (result.exit_codes !== undefined) {
    const codes = result.exit_codes
    if (!Array.isArray(codes))
      throw new ImportFormatError(
        source.path,
        `${where}.exit_codes`,
        `expected an array, got ${describeJson(codes)}`,
      )
    const failed = codes.filter((c) => c !== 0).length
    if (failed > 0) notes.push(`${failed} of ${codes.length} runs exited with a non-zero code`)
  }
  return notes.length > 0 ? { name, metrics, notes } : { name, metrics }
}

function readV2Result(source: ImportSource, result: unknown, where: string): ImportedBenchmark {
  if (!isObject(result))
    throw new ImportFormatError(source.path, where, `expected an object, got ${describeJson(result)}`)
  const name = commandName(source, result, where)
  const runs = result.measurements
  if (!Array.isArray(runs))
    throw new ImportFormatError(
      source.path,
      `${where}.measurements`,
      `expected an array of runs, got ${describeJson(runs)}`,
    )
  const metrics: Record<string, ImportedMetric> = {}
  let failed = 0
  runs.forEach((run, r) => {
    const at = `${where}.measurements[${r}]`
    if (!isObject(run))
      throw new ImportFormatError(source.path, at, `expected an object, got ${describeJson(run)}`)
    for (const [key, item] of Object.entries(run)) {
      if (key === 'exit_code') {
        if (item !== 0) failed++
        continue
      }
      if (!isObject(item) || typeof item.value !== 'number' || typeof item.unit !== 'string')
        throw new ImportFormatError(
          source.path,
          `${at}.${key}`,
          `expected { "value": number, "unit": string }, got ${describeJson(item)}`,
        )
      const name = V2_METRICS[key] ?? key.replaceAll('_', '-')
      let metric = metrics[name]
      if (metric === undefined) {
        if (r > 0)
          throw new ImportFormatError(
            source.path,
            `${at}.${key}`,
            `the metric ${key} is missing from the earlier runs`,
          )
        metric = v2Metric(key, item.unit)
        metrics[name] = metric
      }
      const factor = v2Factor(item.unit)
      metric.samples!.push(factor === undefined ? item.value : item.value * factor)
    }
  })
  for (const [name, metric] of Object.entries(metrics))
    if (metric.samples!.length !== runs.length)
      throw new ImportFormatError(
        source.path,
        `${where}.measurements`,
        `the metric ${name} is in ${metric.samples!.length} of ${runs.length} runs`,
      )
  const notes = failed > 0 ? [`${failed} of ${runs.length} runs exited with a non-zero code`] : undefined
  return notes ? { name, metrics, notes } : { name, metrics }
}

function v2Metric(key: string, unitWord: string): ImportedMetric {
  if (unitWord === 'count') {
    const unit: Unit = key === 'instructions' ? 'instructions' : 'count'
    return { unit, direction: 'lower', samples: [] }
  }
  const conversion = convertUnit(V2_UNITS[unitWord] ?? unitWord)
  if (conversion) return { unit: conversion.unit, direction: conversion.direction, samples: [] }
  return { unit: 'other', direction: 'lower', label: unitWord, samples: [] }
}

function v2Factor(unitWord: string): number | undefined {
  if (unitWord === 'count') return 1
  return convertUnit(V2_UNITS[unitWord] ?? unitWord)?.factor
}

function commandName(source: ImportSource, result: Record<string, unknown>, where: string): string {
  // `command` is what hyperfine ran, with its --parameter-scan / -L values substituted; in hyperfine 1,
  // the --command-name instead where one was given.
  const command = result.command
  if (typeof command !== 'string' || command === '')
    throw new ImportFormatError(
      source.path,
      `${where}.command`,
      `expected the command as a string, got ${describeJson(command)}`,
    )
  return command
}

/** Longest name taken from a command, its ellipsis included: a longer command is shortened to it. */
const NAME_LIMIT = 40

/** What a result's name is chosen from. */
interface Identity {
  /** A --command-name hyperfine 2 recorded: the name, as it is. */
  given?: string
  /**
   * What hyperfine shows for the result otherwise: hyperfine 1's `command` (which is the
   * --command-name where one was given), hyperfine 2's command behind its --env assignments.
   */
  shown: string
  /** The command in full, --env assignments included: the benchmark's `details` when not its name. */
  full: string
  /** The --parameter-scan / -L values, in the file's order. */
  parameters: [name: string, value: string][]
}

function v1Identity(result: Record<string, unknown>): Identity {
  const command = result.command as string
  return { shown: command, full: command, parameters: parametersOf(result) }
}

function v2Identity(source: ImportSource, result: Record<string, unknown>, where: string): Identity {
  const command = result.command as string
  const name = result.name
  if (name !== undefined && (typeof name !== 'string' || name === ''))
    throw new ImportFormatError(
      source.path,
      `${where}.name`,
      `expected the name as a string, got ${describeJson(name)}`,
    )
  const environment = isObject(result.environment) ? Object.entries(result.environment) : []
  const assignments = environment.map(([k, v]) => `${k}=${shellQuote(String(v))}`).join(' ')
  const full = assignments === '' ? command : `${assignments} ${command}`
  const parameters = parametersOf(result)
  if (name === undefined || name === command) return { shown: command, full, parameters }
  // Without a --command-name, hyperfine 2 names a result with --env overrides after them:
  // `WORK=2000 ./run`. That is the command still, shortened like any other.
  const automatic =
    environment.length > 0 && name.startsWith(`${environment[0]![0]}=`) && name.endsWith(` ${command}`)
  return automatic ? { shown: name, full, parameters } : { given: name, shown: name, full, parameters }
}

function parametersOf(result: Record<string, unknown>): [string, string][] {
  const parameters = result.parameters
  if (!isObject(parameters)) return []
  // hyperfine 1 writes `{ "n": "1" }`, hyperfine 2 `{ "n": { "value": "1" } }`.
  return Object.entries(parameters).map(([k, v]) => [k, isObject(v) ? String(v.value) : String(v)])
}

/** A value as a POSIX shell reads it: bare when it can be, else single-quoted. */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`
}

/**
 * Each benchmark's name. A --command-name hyperfine 2 recorded, as it is. Otherwise what hyperfine
 * shows, when it is at most 40 characters. A longer command is named from its words, its program by
 * its file name (`/usr/bin/awk` → `awk`), cut to 40 characters with an ellipsis, and followed by its
 * parameter values (`/n=2000`) in a scan. Commands whose names then clash keep the words that tell
 * them apart (`sh -c 'i=0; while [ "$i" -lt "$1" … 2000`), and if their names still clash, the first
 * six hex digits of the SHA-256 of the command (`… #1f2e3d`). A name thus depends on the command and,
 * only when they would clash, on the other commands sharing its first 40 characters: the same commands
 * get the same names on every run and every machine. Results of the same command get their parameters
 * or a number (see `uniqueNames`).
 */
function nameResults(benchmarks: ImportedBenchmark[], identities: Identity[]): ImportedBenchmark[] {
  const shortened = identities.map((id) => id.given === undefined && length(id.shown) > NAME_LIMIT)
  const suffix = (id: Identity) => id.parameters.map(([k, v]) => `/${k}=${v}`).join('')
  const names = identities.map(
    (id, i) => id.given ?? (shortened[i] ? `${cut(words(id.shown).join(' '))}${suffix(id)}` : id.shown),
  )
  const clashing = (i: number) =>
    names.some((name, j) => j !== i && name === names[i] && identities[j]!.shown !== identities[i]!.shown)
  // Shortened names that clash: the words that differ between their commands.
  const groups = new Map<string, number[]>()
  names.forEach((name, i) => {
    if (shortened[i] && clashing(i)) groups.set(name, [...(groups.get(name) ?? []), i])
  })
  for (const members of groups.values()) {
    const commands = [...new Set(members.map((i) => identities[i]!.shown))].map(words)
    if (commands.length < 2) continue
    const shortest = Math.min(...commands.map((w) => w.length))
    let prefix = 0
    while (prefix < shortest && commands.every((w) => w[prefix] === commands[0]![prefix])) prefix++
    let suffixWords = 0
    while (
      prefix + suffixWords < shortest &&
      commands.every(
        (w) => w[w.length - 1 - suffixWords] === commands[0]![commands[0]!.length - 1 - suffixWords],
      )
    )
      suffixWords++
    for (const i of members)
      names[i] =
        `${distinguishing(words(identities[i]!.shown), prefix, suffixWords)}${suffix(identities[i]!)}`
  }
  // Still ambiguous: the command's hash.
  const hashed = names.map((name, i) =>
    shortened[i] && clashing(i) ? `${name} #${hash(identities[i]!.shown)}` : name,
  )
  const named = benchmarks.map((b, i) => {
    const name = hashed[i]!
    const full = identities[i]!.full
    return full === name ? { ...b, name } : { ...b, name, details: full }
  })
  return uniqueNames(named, identities)
}

/**
 * A command's words, its program by its file name: the first word after any `NAME=value`
 * assignments, when it is a path.
 */
function words(command: string): string[] {
  const list = command.trim().split(/\s+/)
  const program = list.findIndex((w) => !/^[A-Za-z_]\w*=/.test(w))
  const word = list[program]
  if (word !== undefined && /^[^'"\\]*\/[^'"\\/]+$/.test(word))
    list[program] = word.slice(word.lastIndexOf('/') + 1)
  return list
}

/** Length in characters, not UTF-16 units. */
function length(text: string): number {
  return [...text].length
}

/**
 * The text if it is at most NAME_LIMIT characters; else its start and `…` within that many, cut after
 * a word where one ends late enough.
 */
function cut(text: string): string {
  const chars = [...text]
  if (chars.length <= NAME_LIMIT) return text
  const kept = chars.slice(0, NAME_LIMIT - 1)
  const space = kept.lastIndexOf(' ')
  if (space >= NAME_LIMIT / 2) return `${kept.slice(0, space).join('').trimEnd()} …`
  return `${kept.join('')}…`
}

/**
 * A command named by the words that differ from the others it clashes with (`prefix` words before and
 * `suffix` words after them are the same in all): as many of the shared first words as fit, the
 * differing ones, and `…` where words are left out.
 */
function distinguishing(list: string[], prefix: number, suffix: number): string {
  const middle = list.slice(prefix, list.length - suffix)
  const end = suffix > 0 ? ['…'] : []
  let name = [...middle, ...end].join(' ')
  for (let kept = prefix; kept >= 1; kept--) {
    name = [...list.slice(0, kept), ...(kept < prefix ? ['…'] : []), ...middle, ...end].join(' ')
    if (length(name) <= NAME_LIMIT) return name
  }
  return cut(name)
}

function hash(command: string): string {
  return createHash('sha256').update(command).digest('hex').slice(0, 6)
}

/**
 * Names that several results share (`-L n 1,2 false`: a command without the parameter) get their
 * parameters appended, then a run number if they still clash, so that every benchmark has its own.
 */
function uniqueNames(benchmarks: ImportedBenchmark[], identities: Identity[]): ImportedBenchmark[] {
  const count = (names: string[], name: string) => names.filter((n) => n === name).length
  const first = benchmarks.map((b) => b.name)
  const second = benchmarks.map((b, i) => {
    if (count(first, b.name) === 1) return b.name
    const items = identities[i]!.parameters.map(([k, v]) => `${k}=${v}`)
    return items.length > 0 ? `${b.name}/${items.join('/')}` : b.name
  })
  return benchmarks.map((b, i) => {
    let name = second[i]!
    if (count(second, name) > 1) name = `${name}#${count(second.slice(0, i + 1), name)}`
    if (name === b.name) return b
    const note = `renamed from ${JSON.stringify(b.name)}: several results have that command`
    return { ...b, name, notes: [...(b.notes ?? []), note] }
  })
}
