// The instructions kind: exact counts from one run under callgrind, or read from iai-callgrind summaries.
import type { KindModule } from '../types.ts'
import { importInstructions } from './imported.ts'
import { expandHarness, measureInstructions, valgrindVersion } from './measure.ts'
import { catalogue } from './metrics.ts'
import { type InstructionsCase, planInstructions } from './plan.ts'
import {
  type InstructionsBenchmarkConfig,
  type InstructionsEntry,
  instructionsBenchmarkSchema,
  resolveInstructions,
} from './schema.ts'

export const instructionsKind = {
  kind: 'instructions',
  schema: instructionsBenchmarkSchema,
  metrics: catalogue,
  resolve: resolveInstructions,
  plan: planInstructions,
  expands: (b) => b.harness,
  listsBenchmarks: () => true,
  async expand(c, inherit) {
    if (c.import) {
      const imported = await importInstructions(c)
      return Array.isArray(imported) ? { read: imported } : { failure: imported }
    }
    return c.harness ? expandHarness(c, inherit) : undefined
  },
  measureExact: (c, inherit) => measureInstructions(c, { inherit }),
  // Instruction counts depend on the valgrind that counted them.
  tools: { valgrind: valgrindVersion },
} as const satisfies KindModule<
  'instructions',
  InstructionsEntry,
  InstructionsBenchmarkConfig,
  InstructionsCase
>
