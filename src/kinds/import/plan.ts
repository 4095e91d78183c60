// An import entry is one case, read (or run) once; its benchmarks are known only then.
import type { ConfinedPath } from '../../fields/confine.ts'
import type { CaseBase } from '../../plan-types.ts'
import type { ImportBenchmarkConfig } from './schema.ts'

/** In an import case's gate: every metric of each imported benchmark. */
export const ALL_METRICS = '*'

/** Results another harness wrote: one case read (or run) once, one result per benchmark in it. */
export interface ImportCase extends CaseBase, Pick<ImportBenchmarkConfig, 'format' | 'env' | 'timeoutMs'> {
  kind: 'import'
  /** Read this file (a directory for criterion), inside the repository. */
  file?: ConfinedPath
}

export function planImport(b: ImportBenchmarkConfig): ImportCase[] {
  return [
    {
      id: b.name,
      name: b.name,
      parameters: {},
      cwd: b.cwd,
      env: b.env,
      kind: 'import',
      command: b.command,
      format: b.format,
      file: b.file,
      timeoutMs: b.timeoutMs,
      // Every metric the file has gates, unless the config names some: resolved when read.
      gate: { metrics: b.gate ?? [ALL_METRICS], threshold: b.threshold, alpha: b.alpha },
    },
  ]
}
