// Statistics for summarising samples and deciding whether head differs from base.
export {
  type BootstrapOptions,
  bootstrapRatioOfMedians,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  medianInPlace,
  type RatioInterval,
  ratioOf,
  selectInPlace,
} from './bootstrap.ts'
export {
  type Direction,
  decideExact,
  decideSampled,
  type ExactDecision,
  type ExactDecisionOptions,
  type ExactVerdict,
  MIN_RELIABLE_SAMPLES,
  type SampledDecision,
  type SampledDecisionOptions,
  type SampledVerdict,
} from './decide.ts'
export {
  EXACT_MAX_SAMPLES,
  erfc,
  type MannWhitneyOptions,
  type MannWhitneyResult,
  mannWhitneyU,
  normalSurvival,
  smallestPValue,
} from './mann-whitney.ts'
export { SeededRandom } from './random.ts'
export { MIN_RUNS_FOR_NOISE, type RunNoise, runToRunNoise, withinRunNoise } from './run-noise.ts'
export { halfSampleMode, halfSampleModeSorted, type Summary, summarize } from './summary.ts'
