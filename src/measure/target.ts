// How many samples a timed measurement still takes: the case's runs, until a scheduler stops it early
// or extends it (setTarget), and none once it cannot go on. Each kind's measurement says what it has
// taken and whether it has stopped; the schedule (src/schedule/rounds.ts) asks only this.
export abstract class SampleTarget {
  /** Samples to take in all. */
  protected target: number

  constructor(runs: number) {
    this.target = runs
  }

  /** Counted samples taken so far. */
  abstract get taken(): number

  /** Whether it can take no more: it failed, or a budget of its own is spent. */
  protected abstract get stopped(): boolean

  /** Samples still to take; 0 once stopped. */
  get remaining(): number {
    return this.stopped ? 0 : Math.max(0, this.target - this.taken)
  }

  /** Takes `runs` samples in all instead of the case's runs (never fewer than taken). */
  setTarget(runs: number): void {
    this.target = Math.max(runs, this.taken)
  }
}
