// npm run bench: every benchmark of bench-action itself, in one run. BENCH_ONLY=process|instructions|
// wall-clock|report|git-store|same-job|shard|verdicts|contention|
// cross-moment|history|histories|changepoints|nested|placement|heap|startup|flame|rebar runs one part (rebar: only when named, as it builds
// rebar and takes minutes).

import { benchChangePoints } from './changepoints.ts'
import { benchContention } from './contention.ts'
import { benchCrossMoment } from './cross-moment.ts'
import { benchFlame } from './flame.ts'
import { benchGitStore } from './git-store.ts'
import { benchHeap } from './heap.ts'
import { benchHistories } from './histories.ts'
import { benchHistory } from './history.ts'
import { benchInstructions } from './instructions.ts'
import { benchNested } from './nested.ts'
import { benchPlacement } from './placement.ts'
import { benchProcess } from './process.ts'
import { benchRebar } from './rebar.ts'
import { benchLargeSamples, benchPairedDecision, benchReport } from './report.ts'
import { benchSameJob } from './same-job.ts'
import { benchShard } from './shard.ts'
import { benchStartup } from './startup.ts'
import { benchVerdicts } from './verdicts.ts'
import { benchWallClock } from './wall-clock.ts'

const only = process.env.BENCH_ONLY
if (!only || only === 'process') await benchProcess()
if (!only || only === 'instructions') await benchInstructions()
if (!only || only === 'wall-clock') await benchWallClock()
if (!only || only === 'report') {
  await benchReport()
  await benchLargeSamples()
  await benchPairedDecision()
}
if (!only || only === 'git-store') await benchGitStore()
if (!only || only === 'history') await benchHistory()
if (!only || only === 'histories') await benchHistories()
if (!only || only === 'same-job') await benchSameJob()
if (!only || only === 'shard') await benchShard()
if (!only || only === 'verdicts') await benchVerdicts()
if (!only || only === 'contention') await benchContention()
if (!only || only === 'cross-moment') await benchCrossMoment()
if (!only || only === 'changepoints') await benchChangePoints()
if (!only || only === 'nested') await benchNested()
if (!only || only === 'placement') await benchPlacement()
if (!only || only === 'heap') await benchHeap()
if (!only || only === 'startup') await benchStartup()
if (!only || only === 'flame') await benchFlame()
if (only === 'rebar') await benchRebar()
