// `bench-action schema`: the config file's JSON Schema, for editors and validators.
import { configJsonSchema } from '../config/index.ts'
import { type Command, parseCommand } from './help.ts'
import type { CliIo } from './io.ts'

export const SCHEMA = {
  name: 'schema',
  usage: 'schema',
  summary: "print the config file's JSON Schema, for editors and validators",
  flags: {},
} as const satisfies Command

export function schemaCommand(argv: string[], io: CliIo): number {
  if (!parseCommand(SCHEMA, argv, io)) return 0
  io.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`)
  return 0
}
