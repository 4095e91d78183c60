// Comparing and reporting a large suite: 5,000 benchmarks of 20 samples each, compared with a
// baseline and rendered as the pull-request comment (which must fit GitHub's 65,536 characters) and
// as the job summary. Goal: under 1 s for comparing and rendering together. Then one benchmark with
// 100,000 samples a side (a long wall-clock run, or many imported repetitions). Goal: under 1 s.
// Then one paired decision: 200 pairs, 10,000 bootstrap resamples. Goal: under 1 s.

import { resultSetOf } from '../__tests__/support/helpers.ts'
import { compareResults } from '../src/compare/index.ts'
import { COMMENT_LIMIT, renderMarkdown, SUMMARY_LIMIT_BYTES } from '../src/report/markdown.ts'
import type { BenchmarkResult, ResultSet } from '../src/results.ts'
import { decidePaired, SeededRandom } from '../src/stats/index.ts'

const BENCHMARKS = Number(process.env.BENCH_REPORT_BENCHMARKS ?? 5000)
const SAMPLES = 20
const LARGE_SAMPLES = Number(process.env.BENCH_REPORT_SAMPLES ?? 100_000)

function suite(seed: string, slowdown: (i: number) => number): ResultSet {
  const random = new SeededRandom(seed)
  const benchmarks: BenchmarkResult[] = Array.from({ length: BENCHMARKS }, (_, i) => {
    const center = 1e6 * (1 + (i % 97)) * slowdown(i)
    return {
      id: `group-${Math.floor(i / 100)}/benchmark-${i}`,
      name: `group-${Math.floor(i / 100)}/benchmark-${i}`,
      kind: 'process',
      parameters: {},
      status: 'ok',
      metrics: {
        wall: {
          unit: 'ns',
          direction: 'lower',
          samples: Array.from({ length: SAMPLES }, () => center * (0.97 + 0.06 * random.nextFloat())),
        },
      },
      gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
      notes: [],
    }
  })
  return resultSetOf(
    'large',
    { branch: 'main', sha: seed.padEnd(40, '0') },
    '2026-11-22T00:00:00.000Z',
    benchmarks,
  )
}

export async function benchReport(): Promise<void> {
  // One benchmark in 50 is 20% slower in head, one in 50 20% faster; the rest are unchanged.
  const base = suite('base', () => 1)
  const head = suite('head', (i) => (i % 50 === 0 ? 1.2 : i % 50 === 1 ? 0.8 : 1))
  const times: number[] = []
  let comment = ''
  let summary = ''
  for (let trial = 0; trial < 3; trial++) {
    const start = process.hrtime.bigint()
    const comparison = compareResults(head, { baseline: { results: base, source: 'bench', reason: 'bench' } })
    comment = renderMarkdown(comparison, {
      maxLength: COMMENT_LIMIT,
      fullReportUrl: 'https://example.invalid/run',
    })
    summary = renderMarkdown(comparison, {
      maxLength: SUMMARY_LIMIT_BYTES,
      measure: (t) => Buffer.byteLength(t),
    })
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  const best = Math.min(...times)
  console.log(
    `\nreport: ${BENCHMARKS} benchmarks × ${SAMPLES} samples, compared and rendered (comment and summary)`,
  )
  console.log(
    `  ${best.toFixed(0)} ms (best of 3: ${times.map((t) => t.toFixed(0)).join(', ')} ms; goal < 1000 ms)`,
  )
  console.log(
    `  comment ${comment.length.toLocaleString('en-US')} characters (limit ${COMMENT_LIMIT.toLocaleString('en-US')}), ` +
      `summary ${Buffer.byteLength(summary).toLocaleString('en-US')} bytes (limit ${SUMMARY_LIMIT_BYTES.toLocaleString('en-US')})`,
  )
}

function oneLargeBenchmark(seed: string, scale: number): ResultSet {
  const random = new SeededRandom(seed)
  return resultSetOf(
    'large-samples',
    { branch: 'main', sha: seed.padEnd(40, '0') },
    '2026-11-22T00:00:00.000Z',
    [
      {
        id: 'long-run',
        name: 'long-run',
        kind: 'wall-clock',
        parameters: {},
        status: 'ok',
        metrics: {
          wall: {
            unit: 'ns',
            direction: 'lower',
            samples: Array.from(
              { length: LARGE_SAMPLES },
              () => 1000 * scale * (0.9 + 0.2 * random.nextFloat()),
            ),
          },
        },
        gate: { metrics: ['wall'], threshold: 0.05, alpha: 0.01 },
        notes: [],
      },
    ],
  )
}

export async function benchLargeSamples(): Promise<void> {
  const base = oneLargeBenchmark('base', 1)
  const head = oneLargeBenchmark('head', 1.1)
  const times: number[] = []
  let verdict = ''
  for (let trial = 0; trial < 3; trial++) {
    const start = process.hrtime.bigint()
    verdict = compareResults(head, { baseline: { results: base, source: 'bench', reason: 'bench' } }).verdict
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  console.log(
    `\nreport: one benchmark, ${LARGE_SAMPLES.toLocaleString('en-US')} samples a side, 10% slower: ${verdict}`,
  )
  console.log(
    `  ${Math.min(...times).toFixed(0)} ms to compare (best of 3: ${times.map((t) => t.toFixed(0)).join(', ')} ms; goal < 1000 ms)`,
  )
}

/** 200 pairs 3% apart, sharing a drift of 10% between pairs, decided with 10,000 resamples. */
export async function benchPairedDecision(): Promise<void> {
  const random = new SeededRandom('paired speed')
  const base: number[] = []
  const head: number[] = []
  for (let i = 0; i < 200; i++) {
    const shared = 20e6 * Math.exp(0.1 * random.nextGaussian())
    base.push(Math.round(shared * Math.exp(0.02 * random.nextGaussian())))
    head.push(Math.round(shared * 1.03 * Math.exp(0.02 * random.nextGaussian())))
  }
  const options = { threshold: 0.02, alpha: 0.01, direction: 'lower' as const, resamples: 10_000 }
  const times: number[] = []
  let verdict = ''
  for (let trial = 0; trial < 3; trial++) {
    const start = process.hrtime.bigint()
    verdict = decidePaired(base, head, options).verdict
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  console.log(`\nreport: one paired decision, 200 pairs, 10,000 resamples: ${verdict}`)
  console.log(
    `  ${Math.min(...times).toFixed(0)} ms to decide (best of 3: ${times.map((t) => t.toFixed(0)).join(', ')} ms; goal < 1000 ms)`,
  )
}
