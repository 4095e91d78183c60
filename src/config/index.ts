// The config stage (docs/ARCHITECTURE.md#the-pipeline): bench.yml → a typed, normalised Config, or a ConfigError located in the file.

export { parseDurationMs, parsePercent, splitCommand, ValueError } from '../fields/values.ts'
export type { BenchmarkConfig } from '../kinds/index.ts'
export { ConfigError } from './errors.ts'
export {
  CONFIG_FILE_NAMES,
  type Config,
  configJsonSchema,
  findConfigFile,
  loadConfig,
  parseConfig,
  type SetupStep,
} from './load.ts'
export { DEFAULTS } from './schema.ts'
