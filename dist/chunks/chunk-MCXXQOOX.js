import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
import {
  withoutWorkflowCommands
} from "./chunk-HLGNAQJE.js";

// src/cli/io.ts
function logTo(io) {
  return (line) => io.stderr.write(`${line}
`);
}
var ShownStream = class {
  constructor(stream) {
    this.stream = stream;
  }
  stream;
  /** The start of a line whose end has not been written yet. */
  pending = "";
  get isTTY() {
    return this.stream.isTTY;
  }
  write(text) {
    if (typeof text !== "string") {
      this.flush();
      this.stream.write(text);
      return;
    }
    this.pending += text;
    const end = Math.max(this.pending.lastIndexOf("\n"), this.pending.lastIndexOf("\r")) + 1;
    if (end === 0) return;
    this.stream.write(withoutWorkflowCommands(this.pending.slice(0, end)));
    this.pending = this.pending.slice(end);
  }
  flush() {
    if (this.pending !== "") this.stream.write(withoutWorkflowCommands(this.pending));
    this.pending = "";
  }
};

export {
  logTo,
  ShownStream
};
