// Code whose cost is a number: cost.c prints NS, the nanoseconds a call of the code takes (ns.h, or
// -DNS=… where a build says so), and a wall-clock benchmark runs __tests__/programs/model_runner.c
// with it, each sample within ±0.1% of NS. The setup builds both, so a commit that changes ns.h makes
// the code slower as a commit that changes a loop would. The times are computed, not measured, so a
// verdict on them is the rules' on numbers known in advance, however busy the machine is; the rest —
// the git checkouts, the builds, the runner processes and their KLV, the pairing, the report — is as
// real as in any run.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const RUNNER = readFileSync(path.join(import.meta.dirname, '..', 'programs', 'model_runner.c'), 'utf8')

/** Each sample lies within ±JITTER_PPM parts per million of NS. */
export const JITTER_PPM = 1000

/** The program that says what a call costs; `header` is the file it takes NS from. */
export const costSource = (header = 'ns.h'): string => `#include <stdio.h>
#ifndef NS
#include "${header}"
#endif
int main(void) {
  printf("%d\\n", NS);
  return 0;
}
`

/** ns.h of code whose calls cost `ns` nanoseconds. */
export const nsHeader = (ns: number): string => `#define NS ${ns}\n`

/** The files of a checkout whose code costs `ns` nanoseconds a call (`.gitignore` keeps builds out). */
export function modelFiles(ns: number): Record<string, string> {
  return {
    'model_runner.c': RUNNER,
    'cost.c': costSource(),
    'ns.h': nsHeader(ns),
    '.gitignore': 'model_runner\ncost\n.bench/\n',
  }
}

/** The two setup steps that build the runner and the code, as lines of bench.yml's `setup:`. */
export const MODEL_SETUP =
  '  - [cc, -O2, -o, model_runner, model_runner.c]\n  - [cc, -O2, -o, cost, cost.c]\n'

/** A benchmark of bench.yml's `benchmarks:` whose calls cost what `program` (cost.c built) prints. */
export function modelBenchmark(name: string, program = 'cost'): string {
  return `  - name: ${name}
    kind: wall-clock
    runner: [sh, -c, 'exec ./model_runner --ns="$(./${program})" --ops=1 --count=1 --jitter=${JITTER_PPM} --samples']
    count: 1
`
}
