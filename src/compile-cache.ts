// Node 22.1 and later can keep the code V8 compiled for a module between runs (module.enableCompileCache,
// in the system's temporary directory unless NODE_COMPILE_CACHE says where): a second run of the same
// bundle skips most of its compiling. Node 20 has no such cache; there this does nothing.
import module from 'node:module'

export function enableCompileCache(): void {
  ;(module as { enableCompileCache?: () => unknown }).enableCompileCache?.()
}
