import { enableCompileCache } from './compile-cache.ts'

// Before the action's code is loaded, so a later step of the job finds it compiled.
enableCompileCache()
const { startAction } = await import('./action/main.ts')
await startAction()
