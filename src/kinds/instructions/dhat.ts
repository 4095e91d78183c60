// Heap counts from valgrind --tool=dhat: its JSON output (the fields valgrind's dh_view.js reads) summed
// over every program point (or, with an entry point, over those inside it), and the run that writes it,
// in the same isolation as the callgrind run.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { HeapSite, Metric } from '../../results.ts'
import { ENTRY_POINT_CALLERS, insideEntryPoint } from './dhat-entry-point.ts'

/** The heap metrics, each the sum of one program-point field over all program points. */
export const HEAP_FIELDS = [
  ['heap-bytes', 'tb', 'bytes'],
  ['heap-blocks', 'tbk', 'count'],
  ['heap-peak-bytes', 'gb', 'bytes'],
  ['heap-peak-blocks', 'gbk', 'count'],
  ['heap-reads', 'rb', 'bytes'],
  ['heap-writes', 'wb', 'bytes'],
] as const

export const HEAP_METRICS = HEAP_FIELDS.map(([metric]) => metric)

/** Program points kept per benchmark, largest total bytes first. */
const SITES_KEPT = 20
const FRAME_ADDRESS = /^0x[0-9A-Fa-f]+: /
/** Frames of a program point's stack named in its site. */
const SITE_FRAMES = 4

export class DhatFormatError extends Error {
  override name = 'DhatFormatError'
  constructor(
    readonly source: string,
    readonly problem: string,
  ) {
    super(`${source}: ${problem}`)
  }
}

export interface DhatProfile {
  totals: Record<(typeof HEAP_METRICS)[number], number>
  sites: HeapSite[]
}

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function count(pp: Json, field: string, where: string, source: string): number {
  const value = pp[field]
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new DhatFormatError(
      source,
      `${where}.${field}: expected a count (a whole number), got ${JSON.stringify(value)}`,
    )
  return value
}

/** Checks the file's header: heap mode with block lifetimes and accesses, which the metrics need. */
function checkHeader(data: Json, source: string): string[] {
  if (data.dhatFileVersion !== 2)
    throw new DhatFormatError(
      source,
      `dhatFileVersion: expected 2, got ${JSON.stringify(data.dhatFileVersion)}`,
    )
  if (data.mode !== 'heap' || data.bklt !== true || data.bkacc !== true)
    throw new DhatFormatError(
      source,
      'expected a heap profile with block lifetimes and accesses (mode "heap", bklt and bkacc true)',
    )
  if (!Array.isArray(data.pps)) throw new DhatFormatError(source, 'pps: expected a list of program points')
  const ftbl = data.ftbl
  if (!Array.isArray(ftbl) || !ftbl.every((f) => typeof f === 'string'))
    throw new DhatFormatError(source, 'ftbl: expected a list of frame names')
  return ftbl
}

/** A program point's stack: indices into ftbl. */
function stackOf(pp: Json, ftbl: string[], where: string, source: string): number[] {
  const fs = pp.fs
  if (!Array.isArray(fs) || !fs.every((i) => Number.isInteger(i) && i >= 0 && i < ftbl.length))
    throw new DhatFormatError(source, `${where}.fs: expected a list of indices into ftbl`)
  return fs
}

/** The first frames of a stack: ftbl[0] is DHAT's "[root]", never a frame of a stack. */
function siteFrames(fs: number[], ftbl: string[]): string[] {
  // An address leads each frame ("0x109169: main (heap.c:16)"); it changes with any build, the name does not.
  return fs.slice(0, SITE_FRAMES).map((i) => ftbl[i]!.replace(FRAME_ADDRESS, ''))
}

/**
 * Parses the JSON text of a DHAT output file; `source` names it in errors. With `entryPoint` (a function
 * name or glob), only the program points whose stack passes through a matching function are counted.
 */
export function parseDhatOut(text: string, source: string, entryPoint?: string): DhatProfile {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new DhatFormatError(source, `not JSON: ${(error as Error).message}`)
  }
  if (!isRecord(data)) throw new DhatFormatError(source, 'expected a JSON object')
  const ftbl = checkHeader(data, source)
  const counted = entryPoint === undefined ? () => true : insideEntryPoint(entryPoint, ftbl)
  const totals = Object.fromEntries(HEAP_METRICS.map((m) => [m, 0])) as DhatProfile['totals']
  const sites: HeapSite[] = []
  ;(data.pps as unknown[]).forEach((pp, i) => {
    const where = `pps[${i}]`
    if (!isRecord(pp)) throw new DhatFormatError(source, `${where}: expected a program point`)
    const fs = stackOf(pp, ftbl, where, source)
    const values = HEAP_FIELDS.map(([, field]) => count(pp, field, where, source))
    if (!counted(fs)) return
    HEAP_FIELDS.forEach(([metric], k) => {
      totals[metric] += values[k]!
    })
    sites.push({
      frames: siteFrames(fs, ftbl),
      bytes: count(pp, 'tb', where, source),
      blocks: count(pp, 'tbk', where, source),
    })
  })
  sites.sort((a, b) => b.bytes - a.bytes || b.blocks - a.blocks)
  return { totals, sites: sites.slice(0, SITES_KEPT) }
}

/** Adds up the profiles of several processes (a command and its children). */
export function mergeDhatProfiles(profiles: DhatProfile[]): DhatProfile {
  const totals = Object.fromEntries(
    HEAP_METRICS.map((m) => [m, profiles.reduce((sum, p) => sum + p.totals[m], 0)]),
  ) as DhatProfile['totals']
  const sites = profiles.flatMap((p) => p.sites).sort((a, b) => b.bytes - a.bytes || b.blocks - a.blocks)
  return { totals, sites: sites.slice(0, SITES_KEPT) }
}

export async function parseDhatFile(file: string, source = file, entryPoint?: string): Promise<DhatProfile> {
  return parseDhatOut(await readFile(file, 'utf8'), source, entryPoint)
}

/** valgrind's arguments for a DHAT run; with an entry point, stacks deep enough to reach it. */
export function dhatArguments(outDir: string, entryPoint?: string): string[] {
  return [
    '--tool=dhat',
    `--dhat-out-file=${path.join(outDir, 'dhat.out.%p')}`,
    `--log-file=${path.join(outDir, 'valgrind.log.%p')}`,
    // Child processes are part of what the command costs.
    '--trace-children=yes',
    ...(entryPoint === undefined ? [] : [`--num-callers=${ENTRY_POINT_CALLERS}`]),
  ]
}

/** The totals as result metrics: exact, fewer is better. */
export function heapResultMetrics(totals: DhatProfile['totals']): Record<string, Metric> {
  const out: Record<string, Metric> = {}
  for (const [metric, , unit] of HEAP_FIELDS)
    out[metric] = { unit, direction: 'lower', value: totals[metric] }
  return out
}
