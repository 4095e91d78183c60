import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  SCHEMA,
  parseCommand
} from "./chunk-FEKK4L3O.js";
import {
  configJsonSchema
} from "./chunk-OHPDJ7KO.js";
import "./chunk-BHHUTKWY.js";
import "./chunk-ILAU3MKQ.js";
import "./chunk-5NSSESBT.js";

// src/cli/schema.ts
function schemaCommand(argv, io) {
  if (!parseCommand(SCHEMA, argv, io)) return 0;
  io.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}
`);
  return 0;
}
export {
  schemaCommand
};
