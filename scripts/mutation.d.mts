export interface Counts {
  killed: number
  survived: number
  timeout: number
  noCoverage: number
  errors: number
}
export interface Survivor {
  file: string
  line: number
  column: number
  mutator: string
  replacement: string
  status: 'Survived' | 'NoCoverage'
}
export interface GroupRecord {
  group: string
  commit: string
  /** Which tests ran: all that import the modules, or those of the unit tier. Absent in older records. */
  tests?: 'all' | 'unit'
  modules: Record<string, Counts & { score: number | null }>
  survivors: Survivor[]
}
export interface Judgement {
  file: string
  line: number
  mutator: string
  replacement: string
  why: string
}
interface Mutant {
  status: string
  mutatorName: string
  replacement?: string
  location: { start: { line: number; column: number } }
}
export declare function tally(mutants: readonly Mutant[]): Counts
export declare function score(c: Counts): number | null
export declare function recordOf(
  group: string,
  report: { files: Record<string, { mutants: readonly Mutant[] }> },
  commit: string,
  tests?: 'all' | 'unit',
  only?: readonly string[],
): GroupRecord
export declare function renderRecords(
  records: readonly GroupRecord[],
  equivalent: readonly Judgement[],
): string
export declare function readRecords(dir?: string): GroupRecord[]
export declare function readEquivalent(dir?: string): Judgement[]
