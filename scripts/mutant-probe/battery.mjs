// What every battery of scripts/mutant-probe.mjs shares: fixed pseudo-random inputs, and one printed
// line per result (a value as JSON, or the error it threw).

/** A linear congruential sequence in [0, 1): the same numbers on every run and every machine. */
export function sequence(seed) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

/** `record(label, f)` keeps one line for f's result; `print()` writes them all. */
export function recorder() {
  const lines = []
  const record = (label, f) => {
    try {
      lines.push(`${label} ${JSON.stringify(f())}`)
    } catch (e) {
      lines.push(`${label} throws ${e.constructor.name} ${e.message}`)
    }
  }
  return { record, print: () => console.log(lines.join('\n')) }
}
