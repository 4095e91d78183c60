// A callgrind profile as bench-action keeps it: its parts and totals, and per function (object + name)
// the self cost, the inclusive cost, how often it was called and whom it called; built from what the
// reader (callgrind.ts) collected, or by summing the profiles of one run that callgrind split over
// several files.

/** Cost per event name, e.g. `{ Ir: 165459, Dr: 34360 }`. */
export type Costs = Record<string, number>

/** Calls from one function to another, summed over all call sites. */
export interface CallgrindCall {
  /** Key of the called function (see `functionKey`). */
  callee: string
  /** How many calls were made; 0 when the call began before collection was switched on. */
  count: number
  /** Inclusive cost of those calls: everything that ran inside them. */
  inclusive: Costs
}

export interface CallgrindFunction {
  /** Identity within a profile: object and name (`functionKey`). */
  key: string
  /**
   * The function's name. Callgrind's recursion levels (`fib'2`, `fib'3` with the default `--separate-recs=2`)
   * are folded into the function they belong to, so `fib` holds the cost of every level.
   */
  name: string
  /** The ELF object (`ob=`): program or shared library path; empty when the file names none (cachegrind). */
  object: string
  /** Source file the function was first seen in (`fl=`), `???` without debug information. */
  file: string
  /** The name, followed by `[object file name]` when several objects define a function of that name. */
  displayName: string
  /** Exclusive cost: what ran in the function's own instructions. */
  self: Costs
  /**
   * Self cost plus the inclusive cost of calls to other functions. Calls to itself (direct recursion and the
   * folded recursion levels) are left out, so this is exact for direct recursion, where callgrind_annotate
   * counts nested activations again and can exceed the program total. Recursion through several functions
   * (a calls b calls a) is still counted more than once.
   */
  inclusive: Costs
  /** How often the function was called, recursive calls included. */
  calls: number
  /** The function calls itself, directly or through callgrind's recursion levels. */
  recursive: boolean
  /** Calls out of this function, one entry per callee. */
  callees: CallgrindCall[]
}

/** One part of a profile: a dump at program end, a client-request dump, or one thread's data. */
export interface CallgrindPart {
  source: string
  /** Line of the part's first header line in `source`. */
  line: number
  part?: number
  thread?: number
  pid?: number
  cmd?: string
  /** `desc:` lines by type, e.g. `{ 'I1 cache': '32768 B, 64 B, 8-way associative', Trigger: '…' }`. */
  desc: Record<string, string>
  /** `desc: Trigger:` — why the part was dumped (`Program termination`, `Client Request: NAME`). */
  trigger?: string
  /** Event names in the order of the counters on cost lines. */
  events: string[]
  /** Subposition columns that lead each cost line: `line`, or `instr line` with `--dump-instr=yes`. */
  positions: string[]
  summary?: Costs
  /** The `totals:` line when the part has one. */
  totalsLine?: Costs
  /** `totals:` when present, else `summary:`, else the sum of the self costs. */
  totals: Costs
  totalsFrom: 'totals' | 'summary' | 'self costs'
  /** Sum of every self cost line in the part. */
  sumOfSelf: Costs
}

export interface CallgrindProfile {
  sources: string[]
  creator?: string
  cmd?: string
  pid?: number
  /** Every event seen, in order of first appearance. */
  events: string[]
  /** The first part's `desc:` lines. */
  desc: Record<string, string>
  parts: CallgrindPart[]
  /** Sum of the parts' totals. */
  totals: Costs
  /** Sum of every self cost line; equals `totals` for callgrind's own output. */
  sumOfSelf: Costs
  /** By `functionKey(object, name)`, in order of first appearance. */
  functions: Map<string, CallgrindFunction>
}

/** The key of a function in `CallgrindProfile.functions`. */
export function functionKey(object: string, name: string): string {
  return `${object}\u0000${name}`
}

export function addCosts(into: Costs, from: Costs): void {
  for (const [event, value] of Object.entries(from)) into[event] = (into[event] ?? 0) + value
}

export function zeroCosts(events: readonly string[]): Costs {
  return Object.fromEntries(events.map((event) => [event, 0]))
}

function withAllEvents(costs: Costs, events: readonly string[]): Costs {
  const out = zeroCosts(events)
  addCosts(out, costs)
  return out
}

export type ProfileHeader = Pick<CallgrindProfile, 'sources' | 'creator' | 'cmd' | 'pid' | 'desc' | 'parts'>
export type FunctionCosts = Pick<
  CallgrindFunction,
  'key' | 'name' | 'object' | 'file' | 'self' | 'calls' | 'callees'
>

/** Builds the profile from its parts and functions: totals, inclusive costs and display names. */
export function assembleProfile(header: ProfileHeader, functionCosts: FunctionCosts[]): CallgrindProfile {
  const events: string[] = []
  for (const part of header.parts) {
    for (const event of part.events) if (!events.includes(event)) events.push(event)
  }
  const totals = zeroCosts(events)
  const sumOfSelf = zeroCosts(events)
  for (const part of header.parts) {
    addCosts(totals, part.totals)
    addCosts(sumOfSelf, part.sumOfSelf)
  }

  const objectsByName = new Map<string, Set<string>>()
  for (const f of functionCosts) {
    const objects = objectsByName.get(f.name) ?? new Set()
    objects.add(f.object)
    objectsByName.set(f.name, objects)
  }

  const functions = new Map<string, CallgrindFunction>()
  for (const f of functionCosts) {
    const self = withAllEvents(f.self, events)
    const inclusive = { ...self }
    let recursive = false
    const callees = f.callees.map((call) => ({ ...call, inclusive: withAllEvents(call.inclusive, events) }))
    for (const call of callees) {
      if (call.callee === f.key) recursive = true
      else addCosts(inclusive, call.inclusive)
    }
    const ambiguous = (objectsByName.get(f.name)?.size ?? 0) > 1
    functions.set(f.key, {
      key: f.key,
      name: f.name,
      object: f.object,
      file: f.file,
      displayName: ambiguous ? `${f.name} [${baseName(f.object)}]` : f.name,
      self,
      inclusive,
      calls: f.calls,
      recursive,
      callees,
    })
  }
  return { ...header, events, totals, sumOfSelf, functions }
}

/** The last path component: how an object is named to people (`libc.so.6`, `app`). */
export function baseName(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? path : path.slice(slash + 1)
}

/**
 * Sums profiles of one run that callgrind split over several files: one per thread (`--separate-threads=yes`:
 * `out-01`, `out-02`, …) or one per dump (`out.1`, `out.2`, … and the final `out`). Totals, self and
 * inclusive costs, call counts and calls between functions add up.
 */
export function mergeCallgrindProfiles(profiles: readonly CallgrindProfile[]): CallgrindProfile {
  if (profiles.length === 0) throw new Error('no callgrind profiles to merge')
  const merged = new Map<string, FunctionCosts & { calleeMap: Map<string, CallgrindCall> }>()
  for (const profile of profiles) {
    for (const f of profile.functions.values()) {
      let into = merged.get(f.key)
      if (into === undefined) {
        into = { ...f, self: {}, calls: 0, callees: [], calleeMap: new Map() }
        merged.set(f.key, into)
      }
      addCosts(into.self, f.self)
      into.calls += f.calls
      for (const call of f.callees) {
        let target = into.calleeMap.get(call.callee)
        if (target === undefined) {
          target = { callee: call.callee, count: 0, inclusive: {} }
          into.calleeMap.set(call.callee, target)
        }
        target.count += call.count
        addCosts(target.inclusive, call.inclusive)
      }
    }
  }
  const first = profiles[0]!
  return assembleProfile(
    {
      sources: profiles.flatMap((p) => p.sources),
      creator: first.creator,
      cmd: first.cmd,
      pid: first.pid,
      desc: first.desc,
      parts: profiles.flatMap((p) => p.parts),
    },
    [...merged.values()].map(({ calleeMap, ...f }) => ({ ...f, callees: [...calleeMap.values()] })),
  )
}
