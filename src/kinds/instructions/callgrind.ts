// Reader for the profile format written by valgrind's callgrind (Callgrind Format Specification, version 1).
// Cachegrind's output is a subset of the same format and reads the same way.
//
// What is kept: the header of every part, the totals, and per function (object + name) the self cost, the
// inclusive cost and how often it was called. Source lines and instruction addresses are validated but not
// kept: the gate compares whole programs and functions, never single lines.
//
// Counters are 64-bit in the format and JavaScript numbers here; they are exact up to 2^53 (about 9·10^15
// events), far more than any run under valgrind reaches.
import { createReadStream } from 'node:fs'
import {
  assembleProfile,
  type CallgrindPart,
  type CallgrindProfile,
  type Costs,
  type FunctionCosts,
  functionKey,
  zeroCosts,
} from './callgrind-profile.ts'

export class CallgrindFormatError extends Error {
  override name = 'CallgrindFormatError'
  constructor(
    readonly source: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(`${source}:${line}: ${problem}`)
  }
}

/** Callgrind's suffix for recursion levels with `--separate-recs`: `fib'2`. */
const RECURSION_LEVEL = /'\d+$/

const SUBPOSITION = /^(?:0x[0-9a-fA-F]+|[+-]?\d+|\*)$/
const COUNTER = /^-?\d+$/
const CALL_COUNT = /^\d+$/
const COMPRESSED_NAME = /^\((\d+)\)\s*(.*)$/
const HEADER_LINE = /^([A-Za-z][A-Za-z0-9_-]*):\s*(.*)$/
const SPEC_LINE = /^([a-z]+)=(.*)$/
const POSITION_NAMES = new Set(['instr', 'bb', 'line'])

/** Name compression keeps one table per kind of name; the position specs share them like this. */
const NAME_KIND: Record<string, 'object' | 'file' | 'function'> = {
  ob: 'object',
  cob: 'object',
  fl: 'file',
  fi: 'file',
  fe: 'file',
  cfi: 'file',
  cfl: 'file',
  jfi: 'file',
  fn: 'function',
  cfn: 'function',
  jfn: 'function',
}

interface FunctionBuilder {
  name: string
  object: string
  file: string
  self: Costs
  calls: number
  callees: Map<string, { count: number; inclusive: Costs }>
}

interface PartBuilder {
  part: CallgrindPart
  hasBody: boolean
}

interface CallTarget {
  object: string
  file: string
  name: string
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

/**
 * A copy of a string that does not share memory with the text it was cut from. V8 keeps a whole
 * chunk of the file alive for as long as any substring of it is kept; names and header values live
 * as long as the profile, so they are copied out.
 */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8')
}

/** A parser fed one line at a time, so a profile of any size is read without holding the file. */
export interface CallgrindLineParser {
  line(raw: string): void
  finish(): CallgrindProfile
}

export function createCallgrindParser(source: string): CallgrindLineParser {
  const parser = new CallgrindParser(source)
  return { line: (raw) => parser.line(raw), finish: () => parser.finish() }
}

/** A `calls=` line waiting for the cost line after it, which holds the inclusive cost of the calls. */
interface PendingCall {
  line: number
  count: number
  target: CallTarget
}

/**
 * Parses one callgrind (or cachegrind) output file, line by line. `source` names the file in errors.
 * Every part of the file is read; their totals and per-function costs are summed.
 *
 * A line is a header line (`key: value`), a position spec (`fn=…`, `calls=…`) or a cost line; each kind
 * has its own method, and the state they share lives on the parser.
 */
class CallgrindParser implements CallgrindLineParser {
  /** Name compression keeps one table of `(id) name` definitions per kind of name. */
  private readonly nameTables = {
    object: new Map<string, string>(),
    file: new Map<string, string>(),
    function: new Map<string, string>(),
  }
  private readonly functions = new Map<string, FunctionBuilder>()
  private readonly parts: PartBuilder[] = []
  private creator: string | undefined
  private sawEvents = false
  private lineNumber = 0

  // Header state carried from part to part: a part that repeats no `events:` or `positions:` keeps the
  // previous part's.
  private events: string[] = []
  private positions: string[] = ['line']
  private current: PartBuilder | undefined

  // Body state.
  private object = ''
  private file = ''
  /** The file of the lines being read: `fl=`, or an inlined file after `fi=`/`fe=`. */
  private lineFile = ''
  private fn: FunctionBuilder | undefined
  private callObject: string | undefined
  private callFile: string | undefined
  private callTarget: CallTarget | undefined
  private pendingCall: PendingCall | undefined

  /** Cost lines are most of a file: their counters go through one reused buffer, not an object each. */
  private readonly counters: number[] = []

  constructor(private readonly source: string) {}

  /** Reads one line of the file, without its line break. */
  line(raw: string): void {
    const line = ++this.lineNumber
    const first = raw.charCodeAt(0)
    if (raw.trim() === '' || first === 0x23 /* # */) return
    // Cost lines start with a subposition (a digit, +, -, * or 0x), or with a counter when there are none.
    if ((first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2a) {
      this.costLine(raw, line)
      return
    }
    const spec = SPEC_LINE.exec(raw)
    if (spec) {
      this.specLine(spec[1]!, spec[2]!, line)
      return
    }
    const header = HEADER_LINE.exec(raw)
    if (header) {
      this.headerLine(header[1]!, header[2]!.trim(), line)
      return
    }
    this.fail(
      line,
      `expected a header line "key: value", a position spec such as "fn=", or a cost line; found ${quote(raw)}`,
    )
  }

  /** Checks that the file ended where it may, and builds the profile from what was read. */
  finish(): CallgrindProfile {
    if (this.pendingCall) {
      this.fail(
        this.pendingCall.line,
        'calls= line at the end of the file, without the cost line of the call after it',
      )
    }
    if (!this.sawEvents)
      this.fail(this.lineNumber, 'no "events:" header line: this is not a callgrind or cachegrind profile')

    const partList = this.parts.map(({ part }) => settleTotals(part))
    const firstPart = partList[0]
    return assembleProfile(
      {
        sources: [this.source],
        creator: this.creator,
        cmd: firstPart?.cmd,
        pid: firstPart?.pid,
        desc: firstPart?.desc ?? {},
        parts: partList,
      },
      this.functionCosts(),
    )
  }

  /** The functions read, with their calls out as a list. */
  private functionCosts(): FunctionCosts[] {
    return [...this.functions.entries()].map(([key, f]) => ({
      key,
      name: f.name,
      object: f.object,
      file: f.file,
      self: f.self,
      calls: f.calls,
      callees: [...f.callees.entries()].map(([callee, call]) => ({ callee, ...call })),
    }))
  }

  private fail(line: number, problem: string): never {
    throw new CallgrindFormatError(this.source, line, problem)
  }

  /** A header or spec line where the cost line of a `calls=` line must come. */
  private failPendingCall(pending: PendingCall, line: number, found: string): never {
    return this.fail(
      line,
      `expected the cost line of the call on line ${pending.line}, found ${quote(found)}`,
    )
  }

  // Parts: a header line after a body begins the next part.

  private startPart(line: number): PartBuilder {
    // Each part's body names its object, file and function afresh.
    this.object = ''
    this.file = ''
    this.lineFile = ''
    this.fn = undefined
    this.callObject = undefined
    this.callFile = undefined
    this.callTarget = undefined
    const part: PartBuilder = {
      part: {
        source: this.source,
        line,
        desc: {},
        events: this.events,
        positions: this.positions,
        totals: {},
        totalsFrom: 'self costs',
        sumOfSelf: zeroCosts(this.events),
      },
      hasBody: false,
    }
    this.parts.push(part)
    return part
  }

  private partForHeader(line: number): PartBuilder {
    if (this.current === undefined || this.current.hasBody) this.current = this.startPart(line)
    return this.current
  }

  private partForBody(line: number): PartBuilder {
    this.current ??= this.startPart(line)
    this.current.hasBody = true
    return this.current
  }

  // Header lines: `key: value`.

  private headerLine(key: string, value: string, line: number): void {
    if (this.pendingCall) this.failPendingCall(this.pendingCall, line, `${key}: ${value}`)
    if (key === 'totals' || key === 'summary') {
      this.totalsLine(key, value, line)
      return
    }
    const part = this.partForHeader(line).part
    switch (key) {
      case 'version': {
        const version = this.integerHeader(key, value, line)
        if (version !== 1)
          this.fail(line, `callgrind format version ${version} is not supported (only version 1)`)
        return
      }
      case 'creator':
        this.creator = ownCopy(value)
        return
      case 'pid':
        part.pid = this.integerHeader(key, value, line)
        return
      case 'thread':
        part.thread = this.integerHeader(key, value, line)
        return
      case 'part':
        part.part = this.integerHeader(key, value, line)
        return
      case 'cmd':
        part.cmd = ownCopy(value)
        return
      case 'desc':
        this.descLine(part, value, line)
        return
      case 'positions':
        this.positionsLine(part, value, line)
        return
      case 'events':
        this.eventsLine(part, value, line)
        return
      default:
        // Unknown header keys (and `event:` definitions of derived events) are ignored.
        return
    }
  }

  /** `summary:` sits in the header, `totals:` after the body (cachegrind writes `summary:` last too). */
  private totalsLine(key: 'totals' | 'summary', value: string, line: number): void {
    const builder = this.current ?? this.partForHeader(line)
    const costs = this.parseCounters(value === '' ? [] : value.split(/\s+/), 0, line, `the ${key}: line`)
    if (key === 'totals') {
      builder.part.totalsLine = costs
      builder.hasBody = true
    } else {
      builder.part.summary = costs
    }
  }

  private integerHeader(key: string, value: string, line: number): number {
    if (!/^\d+$/.test(value)) this.fail(line, `expected a number after "${key}:", found ${quote(value)}`)
    return Number(value)
  }

  private descLine(part: CallgrindPart, value: string, line: number): void {
    const colon = value.indexOf(':')
    if (colon < 0) this.fail(line, `expected "desc: TYPE: VALUE", found ${quote(`desc: ${value}`)}`)
    const type = value.slice(0, colon).trim()
    part.desc[ownCopy(type)] = ownCopy(value.slice(colon + 1).trim())
    if (type === 'Trigger') part.trigger = part.desc[type]
  }

  private positionsLine(part: CallgrindPart, value: string, line: number): void {
    const names = value === '' ? [] : value.split(/\s+/)
    const unknown = names.find((name) => !POSITION_NAMES.has(name))
    if (unknown !== undefined) {
      this.fail(line, `unknown position type ${quote(unknown)}; expected instr and/or line`)
    }
    this.positions = names
    part.positions = names
  }

  private eventsLine(part: CallgrindPart, value: string, line: number): void {
    const names = value === '' ? [] : value.split(/\s+/)
    if (names.length === 0) this.fail(line, 'expected event names after "events:"')
    const repeated = names.find((name, i) => names.indexOf(name) !== i)
    if (repeated !== undefined) this.fail(line, `event ${quote(repeated)} is named twice in "events:"`)
    this.events = names
    this.sawEvents = true
    part.events = names
    part.sumOfSelf = zeroCosts(names)
  }

  // Position specs: `spec=value`, naming where the cost lines after them belong.

  private specLine(spec: string, value: string, line: number): void {
    if (this.pendingCall) this.failPendingCall(this.pendingCall, line, `${spec}=${value}`)
    this.partForBody(line)
    switch (spec) {
      case 'ob':
        this.object = this.resolveName(spec, value, line)
        return
      case 'fl':
        this.file = this.resolveName(spec, value, line)
        this.lineFile = this.file
        return
      case 'fi':
      case 'fe':
        this.lineFile = this.resolveName(spec, value, line)
        return
      case 'jfi':
      case 'jfn':
        // Jump targets do not change which function owns the costs, but may define names.
        this.resolveName(spec, value, line)
        return
      case 'fn':
        this.fn = this.functionFor(this.object, this.resolveName(spec, value, line), this.file)
        return
      case 'cob':
        this.callObject = this.resolveName(spec, value, line)
        return
      case 'cfi':
      case 'cfl':
        this.callFile = this.resolveName(spec, value, line)
        return
      case 'cfn':
        this.calledFunctionLine(value, line)
        return
      case 'calls':
        this.callLine(value, line)
        return
      case 'jump':
      case 'jcnd':
        this.jumpLine(spec, value, line)
        return
      case 'ln':
        // Line changes inside a basic block (`--dump-bbs=yes`): positions only.
        return
      default:
        this.fail(
          line,
          `unknown specification ${quote(`${spec}=`)}; expected one of ob= fl= fi= fe= fn= cob= cfi= cfl= cfn= ` +
            'calls= jump= jcnd= jfi= jfn=',
        )
    }
  }

  /** The name of a spec line: `name`, `(id) name` defining a compressed name, or `(id)` using one. */
  private resolveName(spec: string, value: string, line: number): string {
    const kind = NAME_KIND[spec]!
    const table: Map<string, string> = this.nameTables[kind]
    const compressed = COMPRESSED_NAME.exec(value)
    if (compressed === null) return ownCopy(value)
    const [, id, name] = compressed as unknown as [string, string, string]
    if (name !== '') {
      const kept = ownCopy(name)
      table.set(id, kept)
      return kept
    }
    const known = table.get(id)
    if (known === undefined) {
      return this.fail(
        line,
        `${spec}=(${id}) refers to a ${kind} name that no earlier "(${id}) name" defined`,
      )
    }
    return known
  }

  private functionFor(objectName: string, rawName: string, fileName: string): FunctionBuilder {
    const name = rawName.replace(RECURSION_LEVEL, '')
    const key = functionKey(objectName, name)
    let builder = this.functions.get(key)
    if (builder === undefined) {
      builder = { name, object: objectName, file: fileName, self: {}, calls: 0, callees: new Map() }
      this.functions.set(key, builder)
    }
    return builder
  }

  /**
   * `cfn=`: the function the next `calls=` line calls. cob= and cfi= are written only when they differ
   * from the caller's object and the current file, and belong to the cfn= that follows them.
   */
  private calledFunctionLine(value: string, line: number): void {
    this.callTarget = {
      object: this.callObject ?? this.object,
      file: this.callFile ?? this.lineFile,
      name: this.resolveName('cfn', value, line),
    }
    this.callObject = undefined
    this.callFile = undefined
  }

  /** `calls=COUNT TARGET-POSITION`; the cost line after it is the inclusive cost of the calls. */
  private callLine(value: string, line: number): void {
    const tokens = value.trim().split(/\s+/)
    const count = tokens[0] ?? ''
    if (!CALL_COUNT.test(count))
      this.fail(line, `expected "calls=COUNT TARGET-POSITION", found ${quote(`calls=${value}`)}`)
    this.checkTargetCount('calls', tokens.length - 1, line)
    this.checkSubpositions(tokens, 1, tokens.length - 1, line, 'the calls= target')
    const target =
      this.callTarget ?? this.fail(line, 'calls= line without a cfn= line naming the called function')
    this.pendingCall = { line, count: Number(count), target }
  }

  private jumpLine(spec: 'jump' | 'jcnd', value: string, line: number): void {
    // Jumps are control flow, not cost. `jump=COUNT TARGET`; `jcnd=EXECUTED/FOLLOWED TARGET` as callgrind
    // writes it, or `jcnd=EXECUTED FOLLOWED TARGET` as the specification documents it.
    const tokens = value.trim().split(/\s+/)
    let from = 1
    const first = tokens[0] ?? ''
    const counts = spec === 'jcnd' && first.includes('/') ? first.split('/') : [first]
    if (spec === 'jcnd' && counts.length === 1) {
      counts.push(tokens[1] ?? '')
      from = 2
    }
    if (counts.length !== (spec === 'jcnd' ? 2 : 1) || !counts.every((c) => CALL_COUNT.test(c))) {
      const form = spec === 'jcnd' ? 'jcnd=EXECUTED/FOLLOWED TARGET' : 'jump=COUNT TARGET'
      this.fail(line, `expected "${form}", found ${quote(`${spec}=${value}`)}`)
    }
    this.checkTargetCount(spec, tokens.length - from, line)
    this.checkSubpositions(tokens, from, tokens.length - from, line, `the ${spec}= target`)
  }

  private checkTargetCount(spec: string, count: number, line: number): void {
    if (count === 0 && this.positions.length > 0) this.fail(line, `${spec}= line without a target position`)
    if (count > this.positions.length) {
      this.fail(
        line,
        `${spec}= target has ${count} positions but "positions:" names ${this.positions.length}`,
      )
    }
  }

  // Cost lines: positions, then counters in the order of `events:`.

  private costLine(raw: string, line: number): void {
    const tokens = raw.trim().split(/\s+/)
    const pending = this.pendingCall
    const what = pending ? `the cost line of the call on line ${pending.line}` : 'a cost line'
    this.checkSubpositions(tokens, 0, this.positions.length, line, what)
    const count = this.readCounters(tokens, this.positions.length, line, what)
    const part = this.partForBody(line).part
    if (pending) {
      this.callCost(pending, count)
      return
    }
    const owner = this.fn ?? this.fail(line, 'cost line before any fn= line')
    this.addCounters(owner.self, count)
    this.addCounters(part.sumOfSelf, count)
  }

  /** The line after `calls=` holds the inclusive cost of the calls, not self cost of the caller. */
  private callCost(pending: PendingCall, count: number): void {
    const caller = this.fn ?? this.fail(pending.line, 'calls= line before any fn= line')
    const { target, count: calls } = pending
    const callee = this.functionFor(target.object, target.name, target.file)
    const key = functionKey(callee.object, callee.name)
    let call = caller.callees.get(key)
    if (call === undefined) {
      call = { count: 0, inclusive: {} }
      caller.callees.set(key, call)
    }
    call.count += calls
    this.addCounters(call.inclusive, count)
    callee.calls += calls
    this.pendingCall = undefined
  }

  private checkSubpositions(tokens: string[], from: number, count: number, line: number, what: string): void {
    for (let i = from; i < from + count; i++) {
      const token = tokens[i]
      if (token === undefined || !SUBPOSITION.test(token)) {
        const positions = this.positions
        this.fail(
          line,
          `expected ${positions.join(' ')} position${positions.length > 1 ? 's' : ''} (a number, +N, -N, * or 0x…) ` +
            `at the start of ${what}, found ${token === undefined ? 'the end of the line' : quote(token)}`,
        )
      }
    }
  }

  /** Reads the counters of `tokens` from `from` into `counters`; returns how many there are. */
  private readCounters(tokens: string[], from: number, line: number, what: string): number {
    const events = this.events
    if (events.length === 0) {
      return this.fail(line, `${what} before the "events:" header line that names its counters`)
    }
    const count = tokens.length - from
    if (count > events.length) {
      return this.fail(
        line,
        `${what} has ${count} counters but "events:" names ${events.length} (${events.join(' ')})`,
      )
    }
    const counters = this.counters
    for (let i = 0; i < count; i++) {
      const token = tokens[from + i]!
      if (!COUNTER.test(token)) {
        return this.fail(
          line,
          `expected a counter (an integer) for event ${events[i]} in ${what}, found ${quote(token)}`,
        )
      }
      counters[i] = Number(token)
    }
    return count
  }

  /** Adds the first `count` counters to `into`; missing trailing counters are zero and add nothing. */
  private addCounters(into: Costs, count: number): void {
    const events = this.events
    const counters = this.counters
    for (let i = 0; i < count; i++) {
      const event = events[i]!
      into[event] = (into[event] ?? 0) + counters[i]!
    }
  }

  private parseCounters(tokens: string[], from: number, line: number, what: string): Costs {
    const count = this.readCounters(tokens, from, line, what)
    // Missing trailing counters are zero.
    const costs = zeroCosts(this.events)
    this.addCounters(costs, count)
    return costs
  }
}

/** A part's totals: its `totals:` line, else its `summary:`, else the sum of its self costs. */
function settleTotals(part: CallgrindPart): CallgrindPart {
  if (part.totalsLine) {
    part.totals = part.totalsLine
    part.totalsFrom = 'totals'
  } else if (part.summary) {
    part.totals = part.summary
    part.totalsFrom = 'summary'
  } else {
    part.totals = { ...part.sumOfSelf }
    part.totalsFrom = 'self costs'
  }
  return part
}

/** Parses a whole callgrind.out held in memory. */
export function parseCallgrindOut(text: string, source: string): CallgrindProfile {
  const parser = createCallgrindParser(source)
  for (const raw of text.split(/\r?\n/)) parser.line(raw)
  return parser.finish()
}

/**
 * Parses a callgrind.out file as it streams in: memory grows with the number of functions, not with
 * the file (a --dump-instr=yes profile of a large program runs to hundreds of megabytes).
 */
export async function parseCallgrindFile(
  file: string,
  source = file,
  chunkBytes = 1 << 20,
): Promise<CallgrindProfile> {
  const parser = createCallgrindParser(source)
  const decoder = new TextDecoder()
  let pending = ''
  for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes })) {
    const text = pending + decoder.decode(chunk as Buffer, { stream: true })
    const lines = text.split('\n')
    pending = lines.pop()!
    for (const raw of lines) parser.line(raw.endsWith('\r') ? raw.slice(0, -1) : raw)
  }
  pending += decoder.decode()
  if (pending !== '') parser.line(pending)
  return parser.finish()
}
