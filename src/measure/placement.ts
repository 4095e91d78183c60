// Where a timed process lands in memory, varied on purpose (docs/methodology.md#placement). The size of
// a process's environment moves where its stack begins, and so the alignment of everything the program
// keeps there; a program can be several percent faster or slower at one size than at another without
// any change to its code (Mytkowicz et al., "Producing Wrong Data Without Doing Anything Obviously
// Wrong!", ASPLOS 2009). Every timed process therefore starts with an environment padding of a random
// size, drawn from a seeded generator, so that a benchmark's samples cover many placements and base and
// head are measured over the same distribution of them, whatever their paths' lengths.
import { SeededRandom } from '../stats/random.ts'

/** The variable that carries the padding; always set, so its name's bytes are the same in every run. */
export const PLACEMENT_VARIABLE = 'BENCH_ACTION_PLACEMENT'
/** Paddings are drawn from 0 … PADDING_SPAN − 1 bytes: a page, the span over which alignments repeat. */
export const PADDING_SPAN = 4096

/** The paddings of one benchmark on one side: a seeded sequence, the same for the same seed. */
export class Placement {
  private readonly random: SeededRandom

  constructor(seed: string) {
    this.random = new SeededRandom(`placement\u0000${seed}`)
  }

  /** The next process's padding, in bytes. */
  next(): number {
    return this.random.nextInt(PADDING_SPAN)
  }

  /** The next `count` paddings. */
  take(count: number): number[] {
    return Array.from({ length: count }, () => this.next())
  }
}

/** The environment entry of a padding of `bytes`. */
export function paddingEnv(bytes: number): Record<string, string> {
  return { [PLACEMENT_VARIABLE]: 'x'.repeat(bytes) }
}
