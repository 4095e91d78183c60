// Statistics for summarising samples and deciding whether head differs from base.
export {
  type BootstrapOptions,
  bootstrapDifferenceOfMedians,
  bootstrapRatioOfMedians,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  medianInPlace,
  type RatioInterval,
  ratioOf,
  selectInPlace,
} from './bootstrap.ts'
export {
  allPositive,
  atResolutionFloor,
  type DifferenceDecision,
  type DifferenceDecisionOptions,
  decideDifference,
  decideExact,
  decideFewSamples,
  decidePaired,
  decideSampled,
  type ExactDecision,
  type ExactDecisionOptions,
  type ExactVerdict,
  formatSignificant,
  MIN_RELIABLE_SAMPLES,
  MIN_SAMPLES_FOR_STATISTICS,
  type PairedDecision,
  type SampledDecision,
  type SampledDecisionOptions,
  type SampledVerdict,
} from './decide.ts'
export {
  CLIP,
  DRIFT_WINDOW,
  type DriftEstimate,
  type DriftOptions,
  type DriftRun,
  type DriftRunRef,
  type DriftSides,
  type DriftSplit,
  decideAcrossMoments,
  describeDrift,
  driftBound,
  driftReference,
  estimateDrift,
  MIN_DRIFT_DF,
  type MomentsDecision,
  REFERENCE_MIN_RUNS,
  REJECT,
  REJECT_MIN_RUNS,
  STEP_LIMIT,
  UNKNOWN_NOISE_BOUND,
  withinDrift,
} from './drift.ts'
export {
  EXACT_MAX_SAMPLES,
  erfc,
  type MannWhitneyOptions,
  type MannWhitneyResult,
  mannWhitneyU,
  normalSurvival,
  smallestPValue,
} from './mann-whitney.ts'
export {
  betweenProcessShare,
  type Groups,
  groupsOf,
  type Nesting,
  nests,
  processLabels,
  processNesting,
} from './nested.ts'
export {
  bootstrapPairedMedianRatio,
  medianPairedRatio,
  type PairedRatioInterval,
  pairedRatios,
} from './paired.ts'
export { SeededRandom } from './random.ts'
export { studentTCdf, studentTQuantile } from './student-t.ts'
export { halfSampleMode, halfSampleModeSorted, type Summary, summarize } from './summary.ts'
export {
  decideSummary,
  type SummaryDecision,
  type SummaryInput,
  summaryHasSpread,
  summaryInterval,
  twoSidedZ,
} from './summary-only.ts'
export {
  smallestWilcoxonPValue,
  WILCOXON_EXACT_MAX_DIFFERENCES,
  WILCOXON_EXACT_MAX_WITH_TIES_OR_ZEROS,
  type WilcoxonOptions,
  type WilcoxonResult,
  wilcoxonSignedRank,
} from './wilcoxon.ts'
