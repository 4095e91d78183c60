// The per-tool summary reporter as node:test loads it: reporters are loaded before `--import tsx`
// takes effect, so this loads tool-summary.ts through tsx itself.
import { tsImport } from 'tsx/esm/api'

const { default: toolSummary } = await tsImport('./tool-summary.ts', import.meta.url)

export default toolSummary
