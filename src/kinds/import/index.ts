// The import kind: results another harness wrote, read with a format of the registry (src/import/).
import type { KindModule } from '../types.ts'
import { readImports } from './measure.ts'
import { catalogue } from './metrics.ts'
import { type ImportCase, planImport } from './plan.ts'
import {
  type ImportBenchmarkConfig,
  type ImportEntry,
  importBenchmarkSchema,
  resolveImport,
} from './schema.ts'

export const importKind = {
  kind: 'import',
  schema: importBenchmarkSchema,
  metrics: catalogue,
  resolve: resolveImport,
  plan: planImport,
  expands: () => true,
  async expand(c, inherit) {
    const imported = await readImports(c, inherit)
    return Array.isArray(imported) ? { read: imported } : { failure: imported }
  },
  unpairedReason:
    'imported, so measured once per side by the tool that wrote the file, not in runs interleaved with the other side',
} as const satisfies KindModule<'import', ImportEntry, ImportBenchmarkConfig, ImportCase>
