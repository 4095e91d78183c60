// Heap counts from valgrind --tool=dhat: its JSON output (the fields valgrind's dh_view.js reads) summed
// over every program point (or, with an entry point, over those inside it), and the run that writes it,
// in the same isolation as the callgrind run.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { HeapSite, Metric } from '../../results.ts'
import { insideEntryPoint } from './dhat-entry-point.ts'
import { foldCloneName } from './function-costs.ts'

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

/**
 * Program points kept per benchmark: the SITES_KEPT with the most bytes and the SITES_KEPT with the most
 * blocks (a site of many small blocks changes the block count without being among the largest in bytes).
 */
const SITES_KEPT = 20
const FRAME_ADDRESS = /^0x[0-9A-Fa-f]+: /
/**
 * Frames of a program point's stack named in its site, the allocator first. C++ allocations spend three or
 * four on operator new, the allocator and the container before the code that asked; program points whose
 * first frames agree are one site.
 */
export const SITE_FRAMES = 8
/**
 * Frames DHAT records per allocation stack: valgrind's most, so an entry point is on the stack of every
 * allocation made below it, and a site reaches the program's own frames below the toolchain's (the
 * default, 12, would cut the stacks of an allocation a dozen calls deep before either).
 */
const STACK_FRAMES = 500
/** Where a frame is: its source line ("heap.c:16") or its object ("in /usr/lib/libc.so.6"). */
const FRAME_PLACE = / \((in [^()]*|[^()]*:\d+)\)$/

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

/** Source files of the toolchain: Rust's standard library, C and C++ system headers, the compiler's own. */
const TOOLCHAIN_SOURCE =
  /^(?:\/rustc\/[^/]+\/library\/|library\/(?:alloc|core|std)\/|\/usr\/include\/|\/usr\/lib\/gcc\/|\/usr\/src\/)/
/** Objects of the system: shared libraries and valgrind's own preloads, which have no sources here. */
const SYSTEM_OBJECT = /^in \/(?:usr\/)?(?:lib|lib64|libexec)\//

/** A frame in the toolchain's or the system's code, not the program's own: what a site looks past. */
export function toolchainFrame(frame: string): boolean {
  const place = FRAME_PLACE.exec(frame)?.[1]
  if (place === undefined) return false
  return place.startsWith('in ') ? SYSTEM_OBJECT.test(place) : TOOLCHAIN_SOURCE.test(place)
}

/** A frame as a site keeps it: its address dropped, a source path cut to its file name. */
function siteFrame(frame: string): string {
  const named = frame.replace(FRAME_ADDRESS, '')
  const place = FRAME_PLACE.exec(named)
  if (!place?.[1] || place[1].startsWith('in ')) return named
  return `${named.slice(0, place.index)} (${path.basename(place[1])})`
}

/**
 * The frames a site keeps, ftbl[0] being DHAT's "[root]", never a frame of a stack: the allocator, then the
 * program's own code. The toolchain's frames between them (Rust spends a dozen on `to_string` or a
 * map's insert; C++ on operator new and the container) are skipped but for the one the program called,
 * named without its place, so a site says which code allocated, through what, and at which line of its own. A stack with no frame of the program's own (an
 * allocation inside libc) keeps its first frames as they are.
 */
function siteFrames(fs: number[], ftbl: string[]): string[] {
  const frames = fs.map((i) => ftbl[i]!)
  const own = frames.findIndex((f, k) => k > 0 && !toolchainFrame(f))
  if (own < 0) return frames.slice(0, SITE_FRAMES).map(siteFrame)
  // The function called is named alone: its line is the toolchain's, the site's line is the program's.
  const called = own > 1 ? [frameFunction(frames[own - 1]!.replace(FRAME_ADDRESS, ''))] : []
  const rest = frames.slice(own).filter((f) => !toolchainFrame(f))
  return [siteFrame(frames[0]!), ...called, ...rest.map(siteFrame)].slice(0, SITE_FRAMES)
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
  return { totals, sites: keptSites(sites) }
}

const byBytes = (a: HeapSite, b: HeapSite) =>
  b.bytes - a.bytes || b.blocks - a.blocks || a.frames.join('\n').localeCompare(b.frames.join('\n'))
const byBlocks = (a: HeapSite, b: HeapSite) => b.blocks - a.blocks || byBytes(a, b)

/**
 * The sites a result keeps: program points with the same frames summed into one site, then the SITES_KEPT
 * with the most bytes and the SITES_KEPT with the most blocks, most bytes first.
 */
export function keptSites(sites: readonly HeapSite[]): HeapSite[] {
  const merged = new Map<string, HeapSite>()
  for (const site of sites) {
    const key = site.frames.join('\u0000')
    const seen = merged.get(key)
    if (seen) {
      seen.bytes += site.bytes
      seen.blocks += site.blocks
    } else merged.set(key, { frames: [...site.frames], bytes: site.bytes, blocks: site.blocks })
  }
  const all = [...merged.values()]
  const kept = new Set([
    ...all.sort(byBlocks).slice(0, SITES_KEPT),
    ...all.sort(byBytes).slice(0, SITES_KEPT),
  ])
  return [...kept].sort(byBytes)
}

/**
 * The function a site's frame is in, as base and head are paired on: without its source line (which moves
 * when code above it changes) or its object's path (which differs between valgrind installations), and
 * without compiler clone suffixes. An unnamed frame ("???") keeps its object's file name.
 */
export function frameFunction(frame: string): string {
  const place = FRAME_PLACE.exec(frame)
  const name = foldCloneName(place ? frame.slice(0, place.index) : frame)
  if (name !== '???' || !place?.[1]?.startsWith('in ')) return name
  return `??? (${path.basename(place[1].slice(3))})`
}

/** The source line of a frame ("heap.c:16"), if DHAT knew it. */
export function frameLine(frame: string): string | undefined {
  const place = FRAME_PLACE.exec(frame)?.[1]
  return place === undefined || place.startsWith('in ') ? undefined : place
}

/** Adds up the profiles of several processes (a command and its children). */
export function mergeDhatProfiles(profiles: DhatProfile[]): DhatProfile {
  const totals = Object.fromEntries(
    HEAP_METRICS.map((m) => [m, profiles.reduce((sum, p) => sum + p.totals[m], 0)]),
  ) as DhatProfile['totals']
  return { totals, sites: keptSites(profiles.flatMap((p) => p.sites)) }
}

export async function parseDhatFile(file: string, source = file, entryPoint?: string): Promise<DhatProfile> {
  return parseDhatOut(await readFile(file, 'utf8'), source, entryPoint)
}

/**
 * valgrind's arguments for a DHAT run: stacks deep enough to reach an entry point and the program's own
 * frames below the toolchain's, with whole source paths, which tell the toolchain's frames apart.
 */
export function dhatArguments(outDir: string): string[] {
  return [
    '--tool=dhat',
    `--dhat-out-file=${path.join(outDir, 'dhat.out.%p')}`,
    `--log-file=${path.join(outDir, 'valgrind.log.%p')}`,
    // Child processes are part of what the command costs.
    '--trace-children=yes',
    `--num-callers=${STACK_FRAMES}`,
    '--fullpath-after=',
  ]
}

/** The totals as result metrics: exact, fewer is better. */
export function heapResultMetrics(totals: DhatProfile['totals']): Record<string, Metric> {
  const out: Record<string, Metric> = {}
  for (const [metric, , unit] of HEAP_FIELDS)
    out[metric] = { unit, direction: 'lower', value: totals[metric] }
  return out
}
