// npm run bench: every benchmark of bench-action itself, in one run. BENCH_ONLY=process|instructions
// runs one part.
import { benchInstructions } from './instructions.ts'
import { benchProcess } from './process.ts'

const only = process.env.BENCH_ONLY
if (!only || only === 'process') await benchProcess()
if (!only || only === 'instructions') await benchInstructions()
