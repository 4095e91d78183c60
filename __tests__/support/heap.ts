// The heap metrics of a result, as tests compare them: name → value, the other metrics left out.

/** The `heap-*` metrics among `metrics`, each as its value. */
export function heapValues(metrics: Record<string, { value?: number }> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(metrics ?? {})
      .filter(([name]) => name.startsWith('heap-'))
      .map(([name, m]) => [name, m.value]),
  )
}

/** What a benchmark that allocates nothing counts: every heap metric 0. */
export const NO_HEAP = {
  'heap-bytes': 0,
  'heap-blocks': 0,
  'heap-peak-bytes': 0,
  'heap-peak-blocks': 0,
  'heap-reads': 0,
  'heap-writes': 0,
}
