import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);

// src/compile-cache.ts
import module from "node:module";
function enableCompileCache() {
  ;
  module.enableCompileCache?.();
}

export {
  enableCompileCache
};
