// Call trees and flame graphs of a large program: a synthetic callgrind profile of 5,000 functions, each
// called from one to four earlier ones (so most callees are shared and their costs split among many
// paths), base and a head where one function deep in the graph runs twice its instructions. Timed:
// building both call trees, finding the paths that changed and drawing the differential flame graph.
// Goal: under 1 s.
import { diffCallTrees } from '../src/compare/call-paths.ts'
import { buildCallTree } from '../src/kinds/instructions/call-tree.ts'
import {
  assembleProfile,
  type CallgrindCall,
  type CallgrindProfile,
  type FunctionCosts,
} from '../src/kinds/instructions/callgrind-profile.ts'
import { flameSvg } from '../src/report/flame.ts'
import { SeededRandom } from '../src/stats/index.ts'

const FUNCTIONS = Number(process.env.BENCH_FLAME_FUNCTIONS ?? 5000)

/**
 * A profile whose function i calls only later functions: inclusive costs are worked out from the last
 * function back, each function's inclusive cost split among the calls into it at random weights.
 */
function syntheticProfile(slower: number): CallgrindProfile {
  const random = new SeededRandom('flame')
  const self = Array.from(
    { length: FUNCTIONS },
    (_, i) => (1 + random.nextInt(1000)) * (i === slower ? 2 : 1),
  )
  const callers: number[][] = Array.from({ length: FUNCTIONS }, () => [])
  for (let j = 1; j < FUNCTIONS; j++) {
    const count = 1 + random.nextInt(4)
    for (let k = 0; k < count; k++) {
      const caller = random.nextInt(j)
      if (!callers[j]!.includes(caller)) callers[j]!.push(caller)
    }
  }
  const callees: CallgrindCall[][] = Array.from({ length: FUNCTIONS }, () => [])
  const inclusive = new Array<number>(FUNCTIONS).fill(0)
  for (let j = FUNCTIONS - 1; j >= 0; j--) {
    inclusive[j] = self[j]! + callees[j]!.reduce((sum, c) => sum + c.inclusive.Ir!, 0)
    const weights = callers[j]!.map(() => 1 + random.nextInt(9))
    const weightSum = weights.reduce((a, b) => a + b, 0)
    callers[j]!.forEach((caller, k) => {
      callees[caller]!.push({
        callee: key(j),
        count: 1,
        inclusive: { Ir: (inclusive[j]! * weights[k]!) / weightSum },
      })
    })
  }
  const functions: FunctionCosts[] = self.map((ir, i) => ({
    key: key(i),
    name: i === 0 ? 'main' : `module_${i % 50}::function_${i}`,
    object: 'app',
    file: 'app.c',
    self: { Ir: ir },
    calls: 1,
    callees: callees[i]!,
  }))
  const total = inclusive[0]!
  return assembleProfile(
    {
      sources: ['synthetic'],
      desc: {},
      parts: [
        {
          source: 'synthetic',
          line: 1,
          desc: {},
          events: ['Ir'],
          positions: ['line'],
          totals: { Ir: total },
          totalsFrom: 'totals',
          sumOfSelf: { Ir: total },
        },
      ],
    },
    functions,
  )
}

function key(i: number): string {
  return `app\u0000f${i}`
}

export async function benchFlame(): Promise<void> {
  const base = syntheticProfile(-1)
  const head = syntheticProfile(Math.floor(FUNCTIONS / 2))
  const times: number[] = []
  let frames = 0
  let svgBytes = 0
  let changed = 0
  for (let trial = 0; trial < 3; trial++) {
    const start = process.hrtime.bigint()
    const baseTree = buildCallTree(base)
    const headTree = buildCallTree(head)
    const diff = diffCallTrees(baseTree, headTree)
    const svg = flameSvg(headTree, baseTree, 'synthetic')
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
    frames = headTree.frames.length
    svgBytes = svg.length
    changed = diff.changes.length
  }
  const best = Math.min(...times)
  console.log(
    `\nflame: ${FUNCTIONS} functions, call trees of base and head, changed paths, differential flame graph`,
  )
  console.log(
    `  ${best.toFixed(0)} ms (best of 3: ${times.map((t) => t.toFixed(0)).join(', ')} ms; goal < 1000 ms)`,
  )
  console.log(
    `  head's tree ${frames.toLocaleString('en-US')} frames, flame graph ${svgBytes.toLocaleString('en-US')} characters, ${changed} changed paths listed`,
  )
}
