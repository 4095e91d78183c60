// Work that must not overlap (a store's operations share one file, or the data branch's tip) runs one
// piece at a time, in the order it was asked for.

export class Serial {
  private last: Promise<unknown> = Promise.resolve()

  /** Runs `work` once everything asked for before it has settled; a failure is only its own caller's. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.last.then(work, work)
    this.last = next.catch(() => undefined)
    return next
  }
}
