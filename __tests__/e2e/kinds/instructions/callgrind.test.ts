import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, test } from 'node:test'
import { diffFunctionCosts } from '../../../../src/compare/functions.ts'
import { instructionMetrics, instructionResultMetrics } from '../../../../src/import/callgrind-metrics.ts'
import {
  CallgrindFormatError,
  parseCallgrindFile,
  parseCallgrindOut,
} from '../../../../src/kinds/instructions/callgrind.ts'
import {
  type CallgrindFunction,
  type CallgrindProfile,
  type Costs,
  mergeCallgrindProfiles,
} from '../../../../src/kinds/instructions/callgrind-profile.ts'
import { functionCosts } from '../../../../src/kinds/instructions/function-costs.ts'

// The fixtures are real valgrind 3.19 output (capture.sh). Each NAME.collected.json lists the files one run
// wrote and the "Events" / "Collected" lines valgrind printed on stderr for that run.
const fixtureDir = new URL('../../../fixtures/callgrind/', import.meta.url)

interface CollectedRun {
  valgrind: string
  command: string
  files: string[]
  events: string[]
  collected: number[]
}

const runs = readdirSync(fixtureDir)
  .filter((name) => name.endsWith('.collected.json'))
  .map((name) => name.slice(0, -'.collected.json'.length))
  .sort()

const texts = new Map<string, string>()
function fixtureText(file: string): string {
  let text = texts.get(file)
  if (text === undefined) {
    text = readFileSync(new URL(file, fixtureDir), 'utf8')
    texts.set(file, text)
  }
  return text
}

const parsed = new Map<string, CallgrindProfile>()
function fixture(file: string): CallgrindProfile {
  let profile = parsed.get(file)
  if (profile === undefined) {
    profile = parseCallgrindOut(fixtureText(file), file)
    parsed.set(file, profile)
  }
  return profile
}

function collectedRun(run: string): CollectedRun {
  return JSON.parse(fixtureText(`${run}.collected.json`)) as CollectedRun
}

/** All files of one valgrind run, merged. */
function runProfile(run: string): CallgrindProfile {
  return mergeCallgrindProfiles(collectedRun(run).files.map(fixture))
}

function byName(events: readonly string[], values: readonly number[]): Costs {
  return Object.fromEntries(events.map((event, i) => [event, values[i] ?? 0]))
}

function sumOfFunctionSelf(profile: CallgrindProfile): Costs {
  const sum: Costs = Object.fromEntries(profile.events.map((event) => [event, 0]))
  for (const f of profile.functions.values()) {
    for (const [event, value] of Object.entries(f.self)) sum[event] = (sum[event] ?? 0) + value
  }
  return sum
}

function functionNamed(profile: CallgrindProfile, name: string): CallgrindFunction {
  const matches = [...profile.functions.values()].filter((f) => f.name === name)
  assert.equal(matches.length, 1, `exactly one function named ${name} in ${profile.sources.join(', ')}`)
  return matches[0]!
}

/** Asserts that parsing throws a CallgrindFormatError at `line` whose message contains `fragment`. */
function assertFormatError(text: string, line: number, fragment: string): void {
  assert.throws(
    () => parseCallgrindOut(text, 'bad.out'),
    (error: unknown) => {
      assert.equal(
        error instanceof CallgrindFormatError,
        true,
        `a CallgrindFormatError, got ${String(error)}`,
      )
      const formatError = error as CallgrindFormatError
      assert.equal(formatError.source, 'bad.out')
      assert.equal(formatError.line, line, formatError.message)
      assert.match(formatError.message, new RegExp(`^bad\\.out:${line}: `))
      assert.equal(formatError.message.includes(fragment), true, `"${fragment}" in: ${formatError.message}`)
      return true
    },
  )
}

/** The text with line `line` (1-based) replaced by `replacement` (no lines when empty). */
function replaceLine(text: string, line: number, ...replacement: string[]): string {
  const lines = text.split('\n')
  lines.splice(line - 1, 1, ...replacement)
  return lines.join('\n')
}

function lineNumberOf(text: string, pattern: RegExp): number {
  const index = text.split('\n').findIndex((line) => pattern.test(line))
  assert.notEqual(index, -1, `a line matching ${pattern}`)
  return index + 1
}

test('the fixtures cover every capture mode', () => {
  assert.deepEqual(runs, [
    'client',
    'client-combined',
    'fib15',
    'fib15-branchsim',
    'fib15-cachesim',
    'fib15-instr',
    'fib15-toggle',
    'fib16',
    'threads',
  ])
})

describe('totals against valgrind', () => {
  for (const run of runs) {
    test(`${run}: totals equal valgrind's "Collected"`, () => {
      const { events, collected, files } = collectedRun(run)
      assert.equal(events.length > 0 && files.length > 0, true, `${run}.collected.json has events and files`)
      const profile = runProfile(run)
      assert.deepEqual(profile.events, events)
      assert.deepEqual(profile.totals, byName(events, collected))
    })

    test(`${run}: self costs sum to totals:`, () => {
      const profile = runProfile(run)
      for (const part of profile.parts) {
        assert.equal(part.totalsFrom, 'totals', `${part.source} part ${part.part} has a totals: line`)
        assert.deepEqual(part.sumOfSelf, part.totalsLine, `${part.source} part ${part.part}`)
      }
      assert.deepEqual(profile.sumOfSelf, profile.totals)
      // Every self cost line lands in some function.
      assert.deepEqual(sumOfFunctionSelf(profile), profile.totals)
    })
  }
})

describe('header', () => {
  test('reads the header keys and desc lines of a part', () => {
    const profile = fixture('fib15-cachesim.out')
    assert.equal(profile.creator, 'callgrind-3.19.0')
    assert.equal(profile.cmd, './fib 15')
    assert.equal(typeof profile.pid, 'number')
    const [part] = profile.parts
    assert.equal(profile.parts.length, 1)
    assert.equal(part!.part, 1)
    assert.deepEqual(part!.positions, ['line'])
    assert.equal(part!.trigger, 'Program termination')
    // The geometry capture.sh pinned.
    assert.equal(part!.desc['I1 cache'], '32768 B, 64 B, 8-way associative')
    assert.equal(part!.desc['LL cache'], '8388608 B, 64 B, 16-way associative')
  })

  test('ignores unknown header keys and derived event definitions, keeps unknown desc types', () => {
    const text = [
      '# callgrind format',
      'version: 1',
      'creator: some-tool 2.0',
      'future-key: anything at all',
      'desc: Future type: value: with colons',
      'event: Sum = Ir + Dr : Sum of reads',
      'events: Ir Dr',
      'fn=f',
      '3 4 5',
      '',
    ].join('\n')
    const profile = parseCallgrindOut(text, 'future.out')
    assert.equal(profile.creator, 'some-tool 2.0')
    assert.deepEqual(profile.desc, { 'Future type': 'value: with colons' })
    assert.deepEqual(profile.totals, { Ir: 4, Dr: 5 })
    assert.equal(profile.parts[0]!.totalsFrom, 'self costs')
  })

  test('prefers totals: over summary:, then summary: over the sum of self costs', () => {
    const text = fixtureText('fib15-cachesim.out')
    const profile = fixture('fib15-cachesim.out')
    const part = profile.parts[0]!
    // Callgrind's summary: is a little larger than its totals:, which is what valgrind reports.
    assert.equal(part.summary!.Ir! > part.totalsLine!.Ir!, true, 'summary: Ir exceeds totals: Ir')
    assert.deepEqual(profile.totals, part.totalsLine)

    const withoutTotals = text.replace(/^totals:.*$/m, '')
    const fromSummary = parseCallgrindOut(withoutTotals, 'no-totals.out')
    assert.equal(fromSummary.parts[0]!.totalsFrom, 'summary')
    assert.deepEqual(fromSummary.totals, part.summary)

    const fromSelf = parseCallgrindOut(withoutTotals.replace(/^summary:.*$/m, ''), 'no-summary.out')
    assert.equal(fromSelf.parts[0]!.totalsFrom, 'self costs')
    assert.deepEqual(fromSelf.totals, part.totalsLine)
  })

  test('reads counters by the names on the events: line', () => {
    const run = collectedRun('fib15-cachesim')
    // Callgrind's order; cachegrind writes the same events in another order.
    assert.deepEqual(run.events, ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw'])
    const cachegrindOrder = ['Ir', 'I1mr', 'ILmr', 'Dr', 'D1mr', 'DLmr', 'Dw', 'D1mw', 'DLmw']
    const permutation = cachegrindOrder.map((event) => run.events.indexOf(event))
    const reorder = (counters: string[]) => {
      const padded = run.events.map((_, i) => counters[i] ?? '0')
      return permutation.map((i) => padded[i]!)
    }
    // The same profile with its columns rearranged into cachegrind's order (positions: line, so one
    // subposition leads each cost line).
    const reordered = fixtureText('fib15-cachesim.out')
      .split('\n')
      .map((line) => {
        if (line.startsWith('events:')) return `events: ${cachegrindOrder.join(' ')}`
        const header = /^(summary|totals): (.*)$/.exec(line)
        if (header) return `${header[1]}: ${reorder(header[2]!.trim().split(' ')).join(' ')}`
        if (/^[0-9+\-*]/.test(line)) {
          const [position, ...counters] = line.trim().split(' ')
          return [position, ...reorder(counters)].join(' ')
        }
        return line
      })
      .join('\n')
    const original = fixture('fib15-cachesim.out')
    const profile = parseCallgrindOut(reordered, 'reordered.out')
    assert.deepEqual(profile.events, cachegrindOrder)
    assert.deepEqual(profile.totals, byName(run.events, run.collected))
    assert.equal(profile.functions.size, original.functions.size)
    for (const [key, f] of original.functions) {
      assert.deepEqual(profile.functions.get(key)?.self, f.self, f.displayName)
      assert.deepEqual(profile.functions.get(key)?.inclusive, f.inclusive, f.displayName)
    }
  })
})

describe('body', () => {
  test('resolves compressed names: a function defined by cfn=(id) name and reused as fn=(id)', () => {
    const text = fixtureText('fib15.out')
    const definedByCall = new Map<string, string>()
    for (const [, id, name] of text.matchAll(/^cfn=\((\d+)\) (.+)$/gm)) {
      if (!new RegExp(`^fn=\\(${id}\\) `, 'm').test(text)) definedByCall.set(id!, name!)
    }
    const reused = [...definedByCall].filter(([id]) => new RegExp(`^fn=\\(${id}\\)$`, 'm').test(text))
    assert.equal(reused.length > 10, true, `many cfn-defined names reused by fn= (${reused.length})`)
    assert.equal(
      reused.some(([, name]) => name === "fib'2"),
      true,
      "fib'2 is one of them",
    )
    const profile = fixture('fib15.out')
    const names = new Set([...profile.functions.values()].map((f) => f.name))
    for (const [id, name] of reused) {
      assert.equal(names.has(name.replace(/'\d+$/, '')), true, `fn=(${id}) resolved to ${name}`)
    }
    assert.equal(
      [...names].some((name) => /^\(\d+\)/.test(name)),
      false,
      'no function is named by an unresolved id',
    )
  })

  test("fib's recursion levels fold into fib, whose inclusive cost is not inflated", () => {
    // With --toggle-collect=fib* everything collected ran inside fib: the self cost found under fn=(id),
    // the id of fib'2 defined by an earlier cfn= line, is part of fib's.
    const text = fixtureText('fib15-toggle.out')
    assert.match(text, /^cfn=\((\d+)\) fib'2$/m)
    const profile = fixture('fib15-toggle.out')
    const fib = functionNamed(profile, 'fib')
    assert.deepEqual(fib.self, profile.totals)
    assert.deepEqual(fib.inclusive, profile.totals)
    assert.equal(fib.recursive, true)
    assert.equal(fib.calls > 100, true, `fib is called many times (${fib.calls})`)
    assert.deepEqual(functionNamed(profile, 'main').inclusive, profile.totals)
    assert.equal(functionNamed(profile, 'main').calls, 1)

    const full = fixture('fib15.out')
    const fullFib = functionNamed(full, 'fib')
    assert.deepEqual(fullFib.inclusive, fullFib.self)
    for (const f of full.functions.values()) {
      assert.equal(f.inclusive.Ir! <= full.totals.Ir!, true, `${f.displayName} inclusive within the total`)
      assert.equal(f.inclusive.Ir! >= f.self.Ir!, true, `${f.displayName} inclusive covers self`)
    }
    // The program's entry point encloses everything.
    const largest = Math.max(...[...full.functions.values()].map((f) => f.inclusive.Ir!))
    assert.equal(largest, full.totals.Ir)
    const main = functionNamed(full, 'main')
    const sumArray = [...full.functions.values()].find((f) => f.name.startsWith('sum_array'))
    assert.notEqual(sumArray, undefined, 'sum_array is in the profile')
    assert.equal(
      main.inclusive.Ir! >= main.self.Ir! + fullFib.inclusive.Ir! + sumArray!.inclusive.Ir!,
      true,
      'main encloses fib and sum_array',
    )
    assert.equal(
      main.callees.some((call) => call.callee === fullFib.key && call.count === 1),
      true,
      'main calls fib once',
    )
  })

  test('names functions defined in several objects with the object', () => {
    const profile = fixture('fib15.out')
    const belowMain = [...profile.functions.values()].filter((f) => f.name === '(below main)')
    assert.equal(belowMain.length, 2)
    assert.deepEqual(belowMain.map((f) => f.displayName).sort(), [
      '(below main) [fib]',
      '(below main) [libc.so.6]',
    ])
    assert.equal(functionNamed(profile, 'fib').displayName, 'fib')
    assert.equal(functionNamed(profile, 'fib').file, './src/fib.c')
  })

  test('subposition compression and jumps (--dump-instr=yes --collect-jumps=yes)', () => {
    const text = fixtureText('fib15-instr.out')
    assert.match(text, /^positions: instr line$/m)
    assert.match(text, /^0x[0-9a-f]+ \d+ \d+$/m, 'absolute hex addresses')
    assert.match(text, /^\+\d+ [*+\-\d]/m, 'relative +N addresses')
    assert.match(text, /^-\d+ [*+\-\d]/m, 'relative -N addresses')
    assert.match(text, /^\* [*+\-\d]/m, 'repeated * addresses')
    assert.match(text, /^jcnd=\d+\/\d+ /m)
    assert.match(text, /^jump=\d+ /m)
    assert.match(text, /^jfi=/m)
    const profile = fixture('fib15-instr.out')
    assert.deepEqual(profile.parts[0]!.positions, ['instr', 'line'])
    assert.deepEqual(profile.sumOfSelf, profile.totals)
    // The same program as fib15.out, run the same way but for the dump options: the function costs agree.
    const plain = fixture('fib15.out')
    assert.deepEqual(profile.totals, plain.totals)
    assert.equal(profile.functions.size, plain.functions.size)
    for (const [key, f] of plain.functions) {
      const g = profile.functions.get(key)
      assert.deepEqual(
        [g?.self, g?.inclusive, g?.calls],
        [f.self, f.inclusive, f.calls],
        `${f.displayName}: self, inclusive and calls`,
      )
    }
  })

  test('accepts the documented jcnd= form as well as the one callgrind writes', () => {
    const base = 'events: Ir\npositions: instr line\nfn=f\n0x10 3 5\n'
    const written = parseCallgrindOut(`${base}jcnd=9/10 -4 *\n* *\n+4 4 2\n`, 'written.out')
    const documented = parseCallgrindOut(`${base}jcnd=10 9 -4 *\n* *\n+4 4 2\n`, 'documented.out')
    assert.deepEqual(written.totals, { Ir: 7 })
    assert.deepEqual(documented.totals, { Ir: 7 })
  })

  test('threads: the per-thread files merge to the whole-program total', () => {
    const run = collectedRun('threads')
    assert.deepEqual(run.files, ['threads.out-01', 'threads.out-02', 'threads.out-03'])
    const total = byName(run.events, run.collected).Ir!
    const threads = run.files.map(fixture)
    assert.deepEqual(
      threads.map((p) => p.parts[0]!.thread),
      [1, 2, 3],
    )
    for (const thread of threads) {
      assert.equal(
        thread.totals.Ir! > 0 && thread.totals.Ir! < total,
        true,
        `${thread.sources[0]} is a share`,
      )
    }
    // Both workers run fib; the main thread does not.
    assert.equal(
      [...threads[0]!.functions.values()].some((f) => f.name === 'fib'),
      false,
      'the main thread does not run fib',
    )
    assert.equal(
      functionNamed(threads[2]!, 'fib').self.Ir! > functionNamed(threads[1]!, 'fib').self.Ir!,
      true,
    )
    const merged = mergeCallgrindProfiles(threads)
    assert.equal(merged.totals.Ir, total)
    assert.equal(merged.parts.length, 3)
    const fib = functionNamed(merged, 'fib')
    assert.equal(
      fib.self.Ir,
      functionNamed(threads[1]!, 'fib').self.Ir! + functionNamed(threads[2]!, 'fib').self.Ir!,
    )
    assert.equal(fib.calls, functionNamed(threads[1]!, 'fib').calls + functionNamed(threads[2]!, 'fib').calls)
  })

  test('client request dumps: one file per dump, or all parts in one file', () => {
    const run = collectedRun('client')
    const dumps = run.files.map(fixture)
    assert.deepEqual(
      dumps.map((p) => p.parts[0]!.trigger),
      ['Program termination', 'Client Request: bench:count_up', 'Client Request: bench:count_squares'],
    )
    // Only the toggled phases were collected; the final part is empty.
    assert.equal(dumps[0]!.totals.Ir, 0)
    assert.equal(functionNamed(dumps[1]!, 'count_up').self.Ir! > 0.9 * dumps[1]!.totals.Ir!, true)
    assert.equal(
      [...dumps[1]!.functions.values()].some((f) => f.name === 'count_squares'),
      false,
      'the first dump has no count_squares',
    )

    const combined = fixture('client-combined.out')
    assert.deepEqual(
      combined.parts.map((p) => [p.part, p.trigger, p.totals.Ir]),
      dumps
        .map((p) => p.parts[0]!)
        .sort((a, b) => a.part! - b.part!)
        .map((p) => [p.part, p.trigger, p.totals.Ir]),
    )
    const merged = mergeCallgrindProfiles(dumps)
    assert.deepEqual(combined.totals, merged.totals)
    for (const name of ['count_up', 'count_squares', 'main']) {
      const [a, b] = [functionNamed(combined, name), functionNamed(merged, name)]
      assert.deepEqual([a.self, a.inclusive, a.calls], [b.self, b.inclusive, b.calls], name)
    }
  })

  test('toggle-collect: only fib is counted', () => {
    const toggled = runProfile('fib15-toggle')
    const full = runProfile('fib15')
    assert.equal(toggled.totals.Ir! < full.totals.Ir! / 4, true, `${toggled.totals.Ir} ≪ ${full.totals.Ir}`)
    const fib = functionNamed(toggled, 'fib')
    assert.equal(fib.self.Ir! >= 0.9 * toggled.totals.Ir!, true, 'fib dominates the self cost')
    // fib does the same work in both runs.
    assert.deepEqual(fib.self, functionNamed(full, 'fib').self)
  })
})

describe('metrics', () => {
  test('derived cache metrics follow the formulas, recomputed from the cache-sim totals', () => {
    const totals = runProfile('fib15-cachesim').totals
    const t = (event: string) => totals[event]!
    const ramHits = t('ILmr') + t('DLmr') + t('DLmw')
    const llHits = t('I1mr') + t('D1mr') + t('D1mw') - ramHits
    const totalRw = t('Ir') + t('Dr') + t('Dw')
    const l1Hits = totalRw - ramHits - llHits
    assert.deepEqual(instructionMetrics(totals), {
      ir: t('Ir'),
      dr: t('Dr'),
      dw: t('Dw'),
      i1mr: t('I1mr'),
      d1mr: t('D1mr'),
      d1mw: t('D1mw'),
      ilmr: t('ILmr'),
      dlmr: t('DLmr'),
      dlmw: t('DLmw'),
      'l1-hits': l1Hits,
      'll-hits': llHits,
      'ram-hits': ramHits,
      'total-rw': totalRw,
      'estimated-cycles': l1Hits + 5 * llHits + 35 * ramHits,
    })
  })

  test("matches iai-callgrind's worked example", () => {
    const events = ['Ir', 'Dr', 'Dw', 'I1mr', 'D1mr', 'D1mw', 'ILmr', 'DLmr', 'DLmw']
    const totals = byName(events, [10973930, 775955, 760202, 1276, 66568, 66191, 1258, 772, 66117])
    const metrics = instructionMetrics(totals)
    assert.equal(metrics['l1-hits'], 12376052)
    assert.equal(metrics['ll-hits'], 65888)
    assert.equal(metrics['ram-hits'], 68147)
    assert.equal(metrics['total-rw'], 12510087)
    assert.equal(metrics['estimated-cycles'], 15090637)
  })

  test('reports only the events a profile has', () => {
    assert.deepEqual(instructionMetrics(runProfile('fib15').totals), { ir: runProfile('fib15').totals.Ir })
    const branch = runProfile('fib15-branchsim').totals
    assert.deepEqual(instructionMetrics(branch), {
      ir: branch.Ir,
      bc: branch.Bc,
      bcm: branch.Bcm,
      bi: branch.Bi,
      bim: branch.Bim,
    })
    const cacheSim = runProfile('fib15-cachesim').totals
    const metrics = instructionResultMetrics(cacheSim)
    assert.deepEqual(metrics.ir, { unit: 'instructions', direction: 'lower', value: cacheSim.Ir })
    assert.equal(metrics['estimated-cycles']?.unit, 'count')
  })

  /** The function table of two whole profiles, as a stored result keeps their costs and compare pairs them. */
  const functionDiff = (base: CallgrindProfile, head: CallgrindProfile, event = 'Ir', top = 10) =>
    diffFunctionCosts(functionCosts(base, event), functionCosts(head, event), top)

  test('functionDiff: fib 15 → fib 16 puts fib first', () => {
    const base = fixture('fib15.out')
    const head = fixture('fib16.out')
    const changes = functionDiff(base, head)
    const fibBase = functionNamed(base, 'fib').self.Ir!
    const fibHead = functionNamed(head, 'fib').self.Ir!
    assert.deepEqual(changes[0], {
      name: 'fib',
      base: fibBase,
      head: fibHead,
      delta: fibHead - fibBase,
      deltaPercent: ((fibHead - fibBase) / fibBase) * 100,
    })
    assert.equal(changes[0]!.delta > 0, true, 'fib got slower')
    const reversed = functionDiff(head, base)
    assert.equal(reversed[0]!.name, 'fib')
    assert.equal(reversed[0]!.delta, fibBase - fibHead)
    for (const [a, b] of changes.slice(1).map((c, i) => [changes[i]!, c] as const)) {
      assert.equal(Math.abs(a.delta) >= Math.abs(b.delta), true, 'sorted by |delta|')
    }
    assert.equal(
      changes.every((c) => c.delta !== 0),
      true,
      'unchanged functions are left out',
    )
  })

  test('functionDiff includes functions present on one side only, up to `top`', () => {
    const toggled = fixture('fib15-toggle.out')
    const full = fixture('fib15.out')
    const added = functionDiff(toggled, full, 'Ir', 5)
    assert.equal(added.length, 5)
    const onlyInHead = added.filter((c) => c.base === 0)
    assert.equal(onlyInHead.length > 0, true, 'startup functions appear in head only')
    for (const c of onlyInHead) {
      assert.equal(c.deltaPercent, null)
      assert.equal(c.delta, c.head)
    }
    const removed = functionDiff(full, toggled, 'Ir', 1000)
    const onlyInBase = removed.filter((c) => c.head === 0)
    assert.equal(onlyInBase.length > 5, true, 'functions only in base are listed')
    for (const c of onlyInBase) assert.equal(c.deltaPercent, -100)
    assert.equal(
      removed.some((c) => c.name === 'fib'),
      false,
      'fib is unchanged',
    )
  })

  test('functionDiff pairs compiler clones with their function and objects by file name', () => {
    const profile = (object: string, name: string, cost: number) =>
      parseCallgrindOut(`events: Ir\nob=${object}\nfn=${name}\n1 ${cost}\nfn=other\n1 5\n`, 'p.out')
    const changes = functionDiff(profile('/a/app', 'work', 100), profile('/b/app', 'work.constprop.0', 150))
    assert.deepEqual(changes, [{ name: 'work', base: 100, head: 150, delta: 50, deltaPercent: 50 }])
  })
})

describe('malformed input', () => {
  const small = fixtureText('fib15-toggle.out')

  test('a garbage cost line', () => {
    const line = lineNumberOf(small, /^fn=\(\d+\) fib$/) + 1
    assertFormatError(replaceLine(small, line, '5 x7'), line, 'counter')
    assertFormatError(replaceLine(small, line, 'hello there'), line, 'expected a header line')
    assertFormatError(replaceLine(small, line, '5 1 2'), line, 'has 2 counters but "events:" names 1')
    assertFormatError(replaceLine(small, line, 'x5 1'), line, 'expected a header line')
    assertFormatError(replaceLine(small, line, '0xg 1'), line, 'position')
  })

  test('no events: line', () => {
    // Without it neither summary: nor the first cost line can be read (both shift up one line).
    const events = lineNumberOf(small, /^events:/)
    const summary = lineNumberOf(small, /^summary:/)
    assertFormatError(replaceLine(small, events), summary - 1, 'before the "events:"')
    const withoutHeader = replaceLine(replaceLine(small, summary), events)
    const firstCost = lineNumberOf(withoutHeader, /^[0-9]/)
    assertFormatError(withoutHeader, firstCost, 'before the "events:" header line')
    assertFormatError('# callgrind format\nversion: 1\ncreator: x\n', 4, 'no "events:"')
    assertFormatError('', 1, 'no "events:"')
  })

  test('a calls= line without its cost line', () => {
    const lines = small.split('\n')
    const call = lineNumberOf(small, /^calls=/)
    assertFormatError(lines.slice(0, call).join('\n'), call, 'without the cost line')
    assertFormatError(replaceLine(small, call + 1, 'fn=(580)'), call + 1, `call on line ${call}`)
  })

  test('a compressed name that was never defined', () => {
    assertFormatError('events: Ir\nfn=(7)\n1 2\n', 2, 'fn=(7)')
    // fn= and cob= ids live in different tables.
    assertFormatError('events: Ir\nob=(1) /bin/app\nfn=(1)\n', 3, 'function name')
  })

  test('other malformed lines', () => {
    assertFormatError('events: Ir\nfn=f\ncalls=x 3\n', 3, 'calls=COUNT')
    assertFormatError('events: Ir\nfn=f\ncalls=1 3\n', 3, 'cfn=')
    assertFormatError('events: Ir\nfn=f\njcnd=1 3\n', 3, 'jcnd= line without a target')
    assertFormatError('events: Ir\nfn=f\njcnd=1/x 3\n', 3, 'jcnd=EXECUTED/FOLLOWED')
    assertFormatError('events: Ir\nfn=f\njump=2 3 4\n', 3, 'jump= target has 2 positions')
    assertFormatError('events: Ir\nfn=f\nxyz=1\n', 3, 'unknown specification')
    assertFormatError('version: 2\nevents: Ir\n', 1, 'version 2')
    assertFormatError('positions: byte\nevents: Ir\n', 1, 'position type')
    assertFormatError('events: Ir Ir\n', 1, 'named twice')
    assertFormatError('events: Ir\n1 2\n', 2, 'before any fn=')
    assertFormatError('events: Ir\ntotals: 1 2\n', 2, 'totals:')
  })
})

test('streaming a file gives the same profile as parsing it whole, whatever the chunk boundaries', async () => {
  const dir = path.join(import.meta.dirname, '..', '..', '..', 'fixtures/callgrind')
  for (const name of ['fib15-instr.out', 'client-combined.out']) {
    const file = path.join(dir, name)
    const whole = parseCallgrindOut(await readFile(file, 'utf8'), name)
    for (const chunk of [7, 4096]) {
      const streamed = await parseCallgrindFile(file, name, chunk)
      assert.deepEqual(streamed.totals, whole.totals, `${name} totals with ${chunk}-byte chunks`)
      assert.deepEqual([...streamed.functions.keys()], [...whole.functions.keys()], `${name} functions`)
      assert.deepEqual(streamed.parts.length, whole.parts.length, `${name} parts`)
    }
  }
})
