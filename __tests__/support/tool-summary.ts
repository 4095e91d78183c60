// A node:test reporter (`--test-reporter=./__tests__/support/tool-summary.mjs`): at the end of the run, per tool,
// how many tests that need it ran (passed, failed), were skipped because BENCH_ACTION_TEST_SKIP names
// it, and failed because it is not installed; and what the variable named. It reads what needs.ts
// writes: the diagnostic `needs: TOOL, …` of a test that ran, its skip reason, its failure.
import type { TestEvent } from 'node:test/reporters'
import {
  parseSkipList,
  SKIP_VARIABLE,
  TOOL_NAMES,
  type Tool,
  toolsOfDiagnostic,
  toolsOfFailure,
  toolsOfSkip,
} from './tool-list.ts'

export interface ToolCount {
  passed: number
  failed: number
  skipped: number
  missing: number
}

/** The messages of an error and of its causes: a failure in a hook reaches a test as a cause. */
function messages(error: unknown): string[] {
  const out: string[] = []
  let e = error
  for (let depth = 0; depth < 8 && e !== null && typeof e === 'object'; depth++) {
    const message = (e as { message?: unknown }).message
    if (typeof message === 'string') out.push(message)
    e = (e as { cause?: unknown }).cause
  }
  return out
}

interface Result {
  failed: boolean
  /** Failed because a tool is missing: it did not run, whatever tools it got to name. */
  missing: boolean
  /** The tools its diagnostics say it ran with. */
  ran: Set<Tool>
}

/** Counts per tool from a run's events, in the order node:test reports them. */
export class ToolTally {
  readonly counts = new Map<Tool, ToolCount>(
    TOOL_NAMES.map((tool) => [tool, { passed: 0, failed: 0, skipped: 0, missing: 0 }]),
  )
  /** The last test or suite reported at each nesting: diagnostics follow the result they belong to. */
  private last: (Result | undefined)[] = []
  /** Per nesting: whether a test within the suite open there was counted missing. */
  private missingWithin: boolean[] = []
  private results: Result[] = []

  add(event: TestEvent): void {
    if (event.type === 'test:diagnostic') {
      const tools = toolsOfDiagnostic(event.data.message)
      const result = this.last[event.data.nesting]
      if (tools && result) for (const tool of tools) result.ran.add(tool)
      return
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') return
    const { nesting } = event.data
    const suite = event.data.details.type === 'suite'
    const result: Result = { failed: event.type === 'test:fail', missing: false, ran: new Set() }
    this.last[nesting] = result
    this.last.length = nesting + 1
    this.results.push(result)

    const skipped = toolsOfSkip(event.data.skip)
    if (skipped) for (const tool of skipped) this.count(tool).skipped++

    // A suite whose tool is missing fails as its tests do; it counts only when none of them did.
    const within = this.missingWithin[nesting + 1] === true
    this.missingWithin.length = nesting + 1
    if (event.type === 'test:fail' && !(suite && within)) {
      const missing = messages(event.data.details.error)
        .map(toolsOfFailure)
        .find((tools) => tools !== undefined)
      if (missing) {
        result.missing = true
        for (const tool of missing) this.count(tool).missing++
        for (let i = 0; i <= nesting; i++) this.missingWithin[i] = true
        return
      }
    }
    if (within) for (let i = 0; i <= nesting; i++) this.missingWithin[i] = true
  }

  private count(tool: Tool): ToolCount {
    return this.counts.get(tool)!
  }

  /** Folds the ran-with diagnostics into the counts; call once, after the last event. */
  finish(): Map<Tool, ToolCount> {
    for (const result of this.results)
      for (const tool of result.missing ? [] : result.ran) {
        const count = this.count(tool)
        if (result.failed) count.failed++
        else count.passed++
      }
    this.results = []
    return this.counts
  }
}

/** The summary printed after the tests: one row per tool, then what BENCH_ACTION_TEST_SKIP named. */
export function summaryText(counts: Map<Tool, ToolCount>, skipVariable: string | undefined): string {
  const header = ['tool', 'ran', 'passed', 'failed', 'skipped', 'not installed']
  const rows = TOOL_NAMES.map((tool) => {
    const c = counts.get(tool)!
    return [tool, c.passed + c.failed, c.passed, c.failed, c.skipped, c.missing].map(String)
  })
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  let named: string
  try {
    const tools = parseSkipList(skipVariable)
    named =
      tools.length === 0
        ? `${SKIP_VARIABLE} names no tool: a missing tool fails the tests that need it`
        : `${SKIP_VARIABLE} names ${tools.join(', ')}: the tests that need ${tools.length === 1 ? 'it are' : 'them are'} skipped`
  } catch (error) {
    named = (error as Error).message
  }
  return [
    '',
    'tests that need a tool, per tool (a suite skipped, or failed for want of its tool, counts once):',
    line(header),
    ...rows.map(line),
    named,
    '',
  ].join('\n')
}

export default async function* toolSummary(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const tally = new ToolTally()
  for await (const event of source) tally.add(event)
  yield summaryText(tally.finish(), process.env[SKIP_VARIABLE])
}
