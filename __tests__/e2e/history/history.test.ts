// `bench-action history` on a git data branch: real runs of the example program on 18 commits
// (fixtures/history, captured by its capture.sh: a +25% step at commit 10, a slow ramp, an unchanged
// start-up) and synthetic series with known shifts (a step, a ramp, a noisy stable series, one outlier,
// an exact step, a hostile name), saved by the git store as CI saves them, read back by the CLI in a
// clone, as change points and as a trend site whose pages are checked as a browser would load them.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { PNG } from 'pngjs'
import { withCommitCounts } from '../../../src/history/commits.ts'
import type { TrendSeries } from '../../../src/history/series.ts'
import { buildHistory } from '../../../src/history/series.ts'
import { renderSite } from '../../../src/history/site.ts'
import { renderHistoryMarkdown, renderHistoryTerminal } from '../../../src/history/text.ts'
import { markerFor } from '../../../src/report/escape.ts'
import { trendPagePath } from '../../../src/report/site-paths.ts'
import { parseResultSetText, type ResultSet } from '../../../src/results.ts'
import { medianIntervalSorted } from '../../../src/stats/median-interval.ts'
import { SeededRandom } from '../../../src/stats/random.ts'
import { DirStore } from '../../../src/store/dir.ts'
import { GitStore } from '../../../src/store/git.ts'
import { headless } from '../../support/chromium.ts'
import { assertSafeReport, renderGfm, tokenizeHtml } from '../../support/gfm.ts'
import { golden } from '../../support/golden.ts'
import { cli, okBenchmark, removeDir, repoRoot, resultSetOf, tempDir } from '../../support/helpers.ts'
import { needs } from '../../support/needs.ts'

const [gfm, chromiumGate] = await Promise.all([needs('cmark-gfm'), needs('chromium')])

const run = promisify(execFile)
const git = async (cwd: string, ...args: string[]) => (await run('git', args, { cwd })).stdout.trim()

const FIXTURES = path.join(repoRoot, '__tests__', 'fixtures', 'history', 'runs')
const output = (name: string) => path.join(repoRoot, '__tests__', '__outputs__', name)
const HOSTILE = '<img src=x onerror=alert(1)> @octo-org/team [link](https://evil.example) ::error::x'
const COMMITS = 40
const SITE_ELEMENTS = new Set(
  'html head meta title style body nav a h1 h2 p code figure table thead tbody tr th td details summary span footer ul li svg'.split(
    ' ',
  ),
)
const ACCEPT_REASON = 'the parser inlines its lexer now <b>on purpose</b> @octo-org/perf'

async function realRuns(): Promise<ResultSet[]> {
  const files = (await readdir(FIXTURES)).filter((f) => f.endsWith('.json')).sort()
  return Promise.all(
    files.map(async (f) => parseResultSetText(await readFile(path.join(FIXTURES, f), 'utf8'), f)),
  )
}

/** A normal deviate (Box–Muller) from the seeded stream. */
function gaussian(random: SeededRandom): number {
  const u = Math.max(random.nextFloat(), 1e-12)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextFloat())
}

/**
 * Commit i of the synthetic suite. Timed series drift 2% from commit to commit (the machine's moment)
 * and 3% from sample to sample; `step` is 12% slower from commit 20, `ramp` 15% slower over commits
 * 15…29, `outlier` twice as slow at commit 25 only, `exact` 2% more instructions from commit 30 (and
 * 0.05%, below its 1% gate, from commit 10). The runner image changes at commit 35.
 */
function syntheticRun(i: number, random: SeededRandom): ResultSet {
  const timed = (name: string, center: number) => {
    const moment = center * (1 + 0.02 * gaussian(random))
    const samples = Array.from({ length: 15 }, () => moment * (1 + 0.03 * Math.abs(gaussian(random))))
    return {
      ...okBenchmark({ wall: { unit: 'ns', direction: 'lower', samples } }, ['wall'], 'process'),
      id: name,
      name,
    }
  }
  const ramp = Math.min(1, Math.max(0, (i - 14) / 15))
  const exact = 1_000_000 * (i >= 10 ? 1.0005 : 1) * (i >= 30 ? 1.02 : 1)
  const set = resultSetOf(
    'synthetic',
    { branch: 'main', sha: shaOf(i) },
    new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
    [
      timed('step', i >= 20 ? 1.12e6 : 1e6),
      timed('ramp', 2e6 * (1 + 0.15 * ramp)),
      timed('stable', 3e6),
      timed('outlier', i === 25 ? 8e6 : 4e6),
      timed(HOSTILE, 5e6),
      {
        ...okBenchmark(
          { ir: { unit: 'instructions', direction: 'lower', value: Math.round(exact) } },
          ['ir'],
          'instructions',
        ),
        id: 'exact',
        name: 'exact',
        gate: { metrics: ['ir'], threshold: 0.01, alpha: 0.01 },
      },
    ],
  )
  // The push that merged the exact step accepted it, with the label.
  if (i === 30)
    set.accepted = [
      { benchmark: 'exact', metric: 'ir', reason: ACCEPT_REASON, by: 'octocat', source: 'label' },
    ]
  if (i >= 35) set.environment.runnerImage = 'ubuntu24/20260101.1'
  else set.environment.runnerImage = 'ubuntu24/20251201.1'
  return set
}

function shaOf(i: number): string {
  return `${(i + 1).toString(16).padStart(4, '0')}${'ab'.repeat(18)}`
}

interface HistoryJson {
  histories: Array<{ suite: string; runs: number; series: TrendSeries[] }>
}

describe('history of a git data branch', () => {
  const dirs: string[] = []
  let work: string
  let real: ResultSet[]
  let json: HistoryJson
  let stdout: string
  const series = (suite: string, benchmark: string) => {
    const s = json.histories.find((h) => h.suite === suite)?.series.find((x) => x.benchmark === benchmark)
    assert.ok(s, `${suite}: no series of ${benchmark}`)
    return s
  }

  before(async () => {
    const dir = await tempDir('history')
    dirs.push(dir)
    const origin = path.join(dir, 'origin.git')
    await run('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin])
    // CI's pushes: each run saved by the git store, one push per run.
    const store = new GitStore({ remote: origin, cwd: dir })
    real = await realRuns()
    for (const r of real) await store.save(r)
    const random = new SeededRandom('history-test')
    for (let i = 0; i < COMMITS; i++) await store.save(syntheticRun(i, random))
    // A branch's runs are not main's history.
    await store.save({ ...syntheticRun(3, random), commit: { branch: 'feature', sha: 'f'.repeat(40) } })
    await store.close()
    // A developer's clone of the repository, reading what CI kept.
    work = path.join(dir, 'work')
    await run('git', ['clone', '--quiet', origin, work])
    const r = await cli(
      [
        'history',
        '--baseline-store',
        'git',
        '--branch',
        'main',
        '--out',
        'site',
        '--json',
        'history.json',
        '--markdown',
        'history.md',
      ],
      work,
    )
    assert.equal(r.code, 0, r.stderr)
    stdout = r.stdout
    json = JSON.parse(await readFile(path.join(work, 'history.json'), 'utf8')) as HistoryJson
  })
  after(async () => {
    for (const d of dirs) await removeDir(d)
  })

  test('every suite of the data branch is read, main only, one point per commit', () => {
    assert.deepEqual(
      json.histories.map((h) => [h.suite, h.runs]),
      [
        ['history', 18],
        ['synthetic', COMMITS],
      ],
    )
    assert.equal(series('synthetic', 'step').points.length, COMMITS)
    assert.equal(series('history', 'hash').points.length, 18)
  })

  test('real runs: the step is found where it was made, pinpointed in instruction counts', () => {
    const tenth = real[9]!.commit.sha!
    const hash = series('history', 'hash')
    assert.equal(hash.changes.length, 1, JSON.stringify(hash.changes))
    const [wall] = hash.changes
    assert.ok(wall!.from <= 9 && wall!.to >= 9 && wall!.to - wall!.from <= 2, JSON.stringify(wall))
    assert.equal(wall!.verdict, 'regression')
    assert.ok(wall!.change > 0.15 && wall!.change < 0.35, `change ${wall!.change}`)
    const instructions = series('history', 'hash instructions')
    assert.equal(instructions.exact, true)
    assert.equal(instructions.changes.length, 1)
    const [exact] = instructions.changes
    assert.deepEqual([exact!.from, exact!.to, exact!.toSha], [9, 9, tenth])
    assert.equal(exact!.pValue, 0)
    assert.ok(Math.abs(exact!.change - 0.25) < 0.02, `change ${exact!.change}`)
    // The slow ramp is a range of commits, not one.
    const sort = series('history', 'sort')
    assert.ok(sort.changes.length >= 1)
    assert.ok(
      sort.changes.some((c) => c.verdict === 'regression' && c.to - c.from >= 2),
      JSON.stringify(sort.changes),
    )
    // Unchanged code on a noisy machine (its medians spread ±20%) has no change point.
    assert.deepEqual(series('history', 'start-up').changes, [])
  })

  test('synthetic series: a step, a ramp, and nothing where nothing changed', () => {
    const step = series('synthetic', 'step').changes
    assert.equal(step.length, 1, JSON.stringify(step))
    assert.ok(Math.abs(step[0]!.index - 20) <= 2, `found at ${step[0]!.index}`)
    assert.ok(step[0]!.change > 0.08 && step[0]!.change < 0.16)
    const ramp = series('synthetic', 'ramp').changes
    assert.ok(ramp.length >= 1)
    for (const c of ramp) assert.ok(c.from >= 12 && c.to <= 31, `a ramp change at ${c.from}…${c.to}`)
    assert.deepEqual(series('synthetic', 'stable').changes, [])
    assert.deepEqual(series('synthetic', 'outlier').changes, [])
    assert.deepEqual(series('synthetic', HOSTILE).changes, [])
    const exact = series('synthetic', 'exact').changes
    assert.deepEqual(
      exact.map((c) => [c.from, c.to, c.toSha, c.verdict, c.accepted?.by]),
      [[30, 30, shaOf(30), 'regression', 'octocat']],
    )
    // Only the change the run accepted is marked so.
    assert.ok(step.every((c) => c.accepted === undefined))
  })

  test('the environment change is marked where it happened', () => {
    const points = series('synthetic', 'stable').points
    assert.deepEqual(
      points.flatMap((p, i) => (p.environment ? [[i, p.environment]] : [])),
      [[35, ['runnerImage: ubuntu24/20251201.1 → ubuntu24/20260101.1']]],
    )
  })

  test('the terminal lists each change point with its commits, size and confidence', () => {
    const [ninth, tenth] = [real[8]!, real[9]!].map((r) => r.commit.sha!.slice(0, 7))
    assert.match(stdout, /bench-action history · history on main: 18 runs of 18 commits/)
    // The measured commits are not in this clone (it holds the data branch): the range is named, its
    // size is not guessed.
    assert.match(
      stdout,
      new RegExp(
        `hash instructions\\s+ir\\s+\\+2\\d\\.\\d%\\s+1,6\\d\\d,\\d{3} → 1,98\\d,\\d{3}\\s+${ninth}\\.\\.${tenth}\\s+commits unknown \\(not in this clone's history\\)\\s+exact\\s+regression`,
      ),
    )
    assert.match(
      stdout,
      new RegExp(
        `exact\\s+ir\\s+\\+2\\.\\d\\d%.*${shaOf(29).slice(0, 7)}\\.\\.${shaOf(30).slice(0, 7)}\\s+commits unknown \\(not in this clone's history\\)\\s+exact\\s+accepted regression \\(@octocat, with the label: the parser inlines`,
      ),
    )
    assert.doesNotMatch(stdout, /\b1 commit\b/)
  })

  test('the trend site: every link leads to a page, every page has its charts, names are text', async () => {
    const site = path.join(work, 'site')
    const pages = (await readdir(site, { recursive: true })).map(String).filter((f) => f.endsWith('.html'))
    // The root, two suites, and a page per benchmark (4 real, 6 synthetic).
    assert.equal(pages.length, 1 + 2 + 4 + 6)
    const seen = new Set<string>()
    const queue = ['index.html']
    while (queue.length > 0) {
      const page = queue.shift()!
      if (seen.has(page)) continue
      seen.add(page)
      const html = await readFile(path.join(site, page), 'utf8')
      let inSvg = 0
      for (const t of tokenizeHtml(html)) {
        if (t.type === 'end' && t.name === 'svg') inSvg -= 1
        if (t.type !== 'start') continue
        if (t.name === 'svg') inSvg += 1
        // Only the elements the site writes; inside a chart, what vega draws, but never a script.
        if (inSvg > 0)
          assert.ok(!['script', 'foreignobject'].includes(t.name.toLowerCase()), `<${t.name}> in ${page}`)
        else assert.ok(SITE_ELEMENTS.has(t.name), `<${t.name}> in ${page}`)
        for (const [name, value] of t.attributes) {
          assert.ok(!/^on/i.test(name), `${name}= in ${page}`)
          if (name === 'href' || name === 'src') {
            assert.match(value, /^[a-z0-9./-]+\.html$/, `${name}=${value} in ${page}`)
            const target = path.posix.normalize(path.posix.join(path.posix.dirname(page), value))
            assert.ok(pages.includes(target), `${page} links to ${target}, which is not there`)
            queue.push(target)
          }
        }
      }
    }
    assert.equal(seen.size, pages.length, 'every page is reachable from index.html')
    // The hostile name is text on its page, which is named by a digest, not by it.
    const hostilePage = trendPagePath('synthetic', HOSTILE)
    assert.match(
      hostilePage,
      /^synthetic-[0-9a-f]{10}\/img-src-x-onerror-alert-1-octo-org-team-link-https-evil-[a-z0-9-]*[0-9a-f]{10}\.html$/,
    )
    const html = await readFile(path.join(site, hostilePage), 'utf8')
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'))
    assert.ok(!html.includes('<img'))
    // Charts: the step's page has its change marked in the SVG.
    const step = await readFile(path.join(site, trendPagePath('synthetic', 'step')), 'utf8')
    assert.match(step, /<svg[^>]*>/)
    assert.match(step, />\+1\d\.\d%</)
  })

  test('the job summary holds the history of the suite on its branch', async () => {
    const markdown = await readFile(path.join(work, 'history.md'), 'utf8')
    assert.match(markdown, /### History of `synthetic` on `main`/)
  })

  gfm.test('the job summary is safe markdown as GitHub renders it', async () => {
    const markdown = await readFile(path.join(work, 'history.md'), 'utf8')
    await assertSafeReport(`${markerFor('history')}\n${markdown}`)
    // The accepted step, who and why as text: no bold, no mention.
    const html = await renderGfm(markdown)
    assert.match(
      html,
      /🟣 accepted regression \(@\u200boctocat, with the label: the parser inlines its lexer now &lt;b&gt;on purpose&lt;\/b&gt; @\u200bocto-org\/perf\)/,
    )
    const linked = renderHistoryMarkdown(
      [
        buildHistory(
          'synthetic',
          'main',
          Array.from({ length: 30 }, (_, i) => syntheticRun(i, new SeededRandom(i))),
        ),
      ],
      { siteUrl: 'https://org.github.io/repo/bench' },
    )
    await assertSafeReport(`${markerFor('synthetic')}\n${linked}`, {
      allowedLinks: [/^https:\/\/org\.github\.io\/repo\/bench\/synthetic-[0-9a-f]{10}\/[a-z0-9-]+\.html$/],
    })
  })
})

describe('reading a history', () => {
  test('an unreadable run is named and skipped; the others are read', async () => {
    const dir = await tempDir('history-dir')
    try {
      const store = new DirStore(path.join(dir, '.bench'))
      const random = new SeededRandom(1)
      for (let i = 0; i < 4; i++) await store.save(syntheticRun(i, random))
      const [newest] = await store.list('synthetic', 'main')
      await writeFile(newest!.path, '{"schema":')
      const r = await cli(['history', '--branch', 'main', '--suite', 'synthetic'], dir)
      assert.equal(r.code, 0, r.stderr)
      assert.match(r.stdout, /3 runs of 3 commits/)
      assert.match(r.stdout, /skipped: .*\.json: not valid JSON/)
    } finally {
      await removeDir(dir)
    }
  })

  test('the Actions cache keeps no history to list: refused with the stores that do', async () => {
    const dir = await tempDir('history-cache')
    try {
      const r = await cli(['history', '--baseline-store', 'cache'], dir)
      assert.equal(r.code, 2)
      assert.match(r.stderr, /history reads the dir or the git store/)
      const empty = await cli(['history', '--branch', 'main'], dir)
      assert.equal(empty.code, 2)
      assert.match(empty.stderr, /holds no results yet/)
    } finally {
      await removeDir(dir)
    }
  })

  test('a bench.yml names the suite; the default branch is the repository’s', async () => {
    const dir = await tempDir('history-config')
    try {
      await run('git', ['init', '--quiet', '--initial-branch=trunk'], { cwd: dir })
      await git(
        dir,
        '-c',
        'user.name=t',
        '-c',
        'user.email=t@example.com',
        'commit',
        '--allow-empty',
        '-qm',
        'x',
      )
      await writeFile(
        path.join(dir, 'bench.yml'),
        'suite: synthetic\nbenchmarks:\n  - { name: t, kind: process, command: ["true"] }\n',
      )
      const store = new DirStore(path.join(dir, '.bench'))
      const random = new SeededRandom(2)
      for (let i = 0; i < 3; i++)
        await store.save({ ...syntheticRun(i, random), commit: { branch: 'trunk', sha: shaOf(i) } })
      await store.save({
        ...syntheticRun(0, random),
        suite: 'other',
        commit: { branch: 'trunk', sha: shaOf(0) },
      })
      const r = await cli(['history'], dir)
      assert.equal(r.code, 0, r.stderr)
      assert.match(r.stdout, /synthetic on trunk: 3 runs/)
      assert.doesNotMatch(r.stdout, /other/)
    } finally {
      await removeDir(dir)
    }
  })
})

test('the interval of a median comes from order statistics at the level asked', () => {
  const sorted = Float64Array.from({ length: 10 }, (_, i) => i + 1)
  // n = 10: 2·P(X ≤ 1) = 0.021 ≤ 0.05 < 2·P(X ≤ 2) = 0.109, so the 2nd and 9th values.
  assert.deepEqual(medianIntervalSorted(sorted), { low: 2, high: 9 })
  // Five values can never reach 95%: 2·(½)⁵ = 0.0625.
  assert.equal(medianIntervalSorted(sorted.subarray(0, 5)), undefined)
  assert.deepEqual(medianIntervalSorted(sorted.subarray(0, 6)), { low: 1, high: 6 })
  // Large samples by the normal approximation: about ±1.96·√n/2 ranks around the middle.
  const large = Float64Array.from({ length: 10_000 }, (_, i) => i)
  const interval = medianIntervalSorted(large)!
  assert.ok(
    interval.low >= 4895 && interval.low <= 4903 && interval.high >= 5096 && interval.high <= 5104,
    JSON.stringify(interval),
  )
})

describe('the captured history, as a reviewer sees it', () => {
  const pageFile = output('history-hash.html')

  test('the terminal, the job summary and the hash benchmark’s page match the committed outputs', async () => {
    // capture.sh measured every commit of its repository once, in order: after the commit of one run up
    // to another's are as many commits as runs between them. That is what git counted there.
    const runs = (await realRuns()).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    const order = new Map(runs.map((r, i) => [r.commit.sha!, i]))
    const [history] = await withCommitCounts(
      [buildHistory('history', 'main', runs)],
      async (previous, to) => order.get(to)! - order.get(previous)!,
    )
    assert.ok(history)
    // Every change point's sign agrees with its levels and its verdict (all these metrics are lower-is-better).
    const agrees = () => {
      for (const s of history.series)
        for (const c of s.changes) {
          assert.equal(
            Math.sign(c.after - c.before),
            Math.sign(c.change),
            `${s.benchmark}: sign of the change`,
          )
          assert.equal(c.verdict, c.change > 0 ? 'regression' : 'improvement', `${s.benchmark}: verdict`)
          assert.ok(c.from <= c.index && c.index <= c.to + 1, `${s.benchmark}: the index lies in its range`)
        }
    }
    await golden(output('history.txt'), renderHistoryTerminal([history]), (text) => {
      agrees()
      assert.match(text, /3 change points/)
    })
    await golden(output('history.md'), renderHistoryMarkdown([history]), (text) => {
      assert.match(text, /3 change points, newest first/)
    })
    const pages = await renderSite([history], {
      version: '0.0.0-test',
      now: new Date('2026-11-26T00:00:00Z'),
    })
    const page = pages.get(trendPagePath('history', 'hash'))!
    await golden(pageFile, page, (text) => {
      assert.doesNotMatch(text, /<script/i)
      assert.match(text, /<svg[^>]*>/)
    })
    // The same history renders the same bytes.
    const again = await renderSite([history], {
      version: '0.0.0-test',
      now: new Date('2026-11-26T00:00:00Z'),
    })
    assert.equal(again.get(trendPagePath('history', 'hash')), page)
  })

  chromiumGate.test(
    'in Chromium: the page draws the medians, their interval and the change point',
    async () => {
      const dir = await tempDir('history-screenshot')
      try {
        const file = path.join(dir, 'history.png')
        await headless([`--screenshot=${file}`, '--window-size=1000,900', pathToFileURL(pageFile).href])
        const png = PNG.sync.read(await readFile(file))
        const near = (i: number, [R, G, B]: number[]) =>
          Math.abs(png.data[i]! - R!) <= 8 &&
          Math.abs(png.data[i + 1]! - G!) <= 8 &&
          Math.abs(png.data[i + 2]! - B!) <= 8
        let line = 0
        let red = 0
        let band = 0
        for (let i = 0; i < png.data.length; i += 4) {
          if (near(i, [0x1f, 0x6f, 0xeb])) line++
          if (near(i, [0xcf, 0x22, 0x2e])) red++
          // The interval: the line's blue at 20% over white.
          if (near(i, [210, 226, 251])) band++
        }
        assert.ok(line > 150, `the medians' line is drawn (${line} pixels)`)
        assert.ok(red > 150, `the change point is drawn in red (${red} pixels)`)
        assert.ok(band > 2_000, `the interval is shaded (${band} pixels)`)
        // For a reviewer: the screenshot beside the page, rewritten with the outputs (not compared).
        if (process.env.BENCH_ACTION_WRITE_OUTPUTS === '1') await copyFile(file, output('history-hash.png'))
      } finally {
        await removeDir(dir)
      }
    },
  )
})
