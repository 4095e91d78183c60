import type { ToolName } from './system.ts'

/** The tools `bench-action setup` knows, in the order it installs them. */
export const KNOWN_TOOLS: readonly ToolName[] = ['valgrind', 'rust', 'zig']
