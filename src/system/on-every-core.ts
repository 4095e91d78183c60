// Work whose result does not depend on the machine's load (instruction counts) runs side by side, one
// piece per core, each core taking the next piece as it finishes one.
import os from 'node:os'

/** Runs `work` on every item, as many at once as there are cores, in the items' order of starting. */
export async function onEveryCore<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      await work(items[i]!, i)
    }
  }
  const parallel = Math.max(1, Math.min(os.availableParallelism(), items.length))
  await Promise.all(Array.from({ length: parallel }, worker))
}
