import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);

// src/github/log.ts
import { randomBytes } from "node:crypto";
import { EOL } from "node:os";
var RUNNER_WHITE_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
var LEADING_COMMAND = new RegExp(`^(${RUNNER_WHITE_SPACE}*)::`);
var LINE_BREAK = /\r\n|\r|\n/;
var LEGACY_PREFIX = "##[";
function holdsWorkflowCommand(text) {
  return text.includes(LEGACY_PREFIX) || text.split(LINE_BREAK).some((line) => LEADING_COMMAND.test(line));
}
function withoutWorkflowCommands(text) {
  if (!holdsWorkflowCommand(text)) return text;
  return text.replaceAll(LEGACY_PREFIX, "##\\[").split(/(\r\n|\r|\n)/).map((part, i) => i % 2 === 1 ? part : part.replace(LEADING_COMMAND, "$1\\::")).join("");
}
function logText(text, write = (line) => process.stdout.write(`${line}${EOL}`)) {
  if (!holdsWorkflowCommand(text)) {
    write(text);
    return;
  }
  const token = randomBytes(16).toString("hex");
  write(`::stop-commands::${token}`);
  write(text);
  write(`::${token}::`);
}

export {
  withoutWorkflowCommands,
  logText
};
