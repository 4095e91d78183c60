// Which differences between base's and head's environments make exact counts incomparable.

import type { Environment } from '../results.ts'
import type { EnvironmentDifference } from './types.ts'

/** Environment keys whose difference makes exact metrics incomparable. */
const FINGERPRINT_KEYS = ['os', 'arch', 'cpuModel', 'kernel', 'glibc', 'runnerImage', 'cpuCount'] as const

export function environmentDifferences(base: Environment, head: Environment): EnvironmentDifference[] {
  const diffs: EnvironmentDifference[] = []
  for (const key of FINGERPRINT_KEYS) {
    const b = base[key]
    const h = head[key]
    if (b !== undefined && h !== undefined && String(b) !== String(h)) {
      diffs.push({ key, base: String(b), head: String(h) })
    }
  }
  const tools = new Set([...Object.keys(base.tools), ...Object.keys(head.tools)])
  for (const tool of [...tools].sort()) {
    const b = base.tools[tool]
    const h = head.tools[tool]
    if (b !== undefined && h !== undefined && b !== h) diffs.push({ key: tool, base: b, head: h })
  }
  return diffs
}
