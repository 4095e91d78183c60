import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);

// src/version.ts
var VERSION = "0.1.0";

export {
  VERSION
};
