// Loaded before every unit test file (`npm run test:unit`): the unit tier runs no program but node
// and opens no connection beyond this machine's loopback. A unit test that starts anything else fails
// here, saying so, instead of passing only where the tool happens to be installed.
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'

const NODE = new Set([process.execPath, 'node', process.argv0])

function refuse(what: string): never {
  throw new Error(
    `${what}: unit tests run no program but node; a test that needs it belongs in __tests__/e2e/`,
  )
}

function guard<F extends (...args: never[]) => unknown>(name: keyof typeof childProcess, original: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    const [command, second] = args as unknown as [unknown, unknown]
    const program = typeof command === 'string' ? command : ''
    // exec and execSync take a shell command line: its first word is the program.
    const first = name === 'exec' || name === 'execSync' ? program.trim().split(/\s+/)[0]! : program
    const isNode = NODE.has(first) || path.basename(first) === 'node'
    // fork always starts node.
    if (name !== 'fork' && !isNode) refuse(`${name}(${JSON.stringify(first)}${second ? ', …' : ''})`)
    return original.apply(this, args)
  } as F
}

for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync', 'fork'] as const) {
  const original = childProcess[name] as ((...args: never[]) => unknown) & { [promisify.custom]?: unknown }
  const guarded = guard(name, original) as typeof original
  // exec and execFile promisify to { stdout, stderr }: their promise form is guarded too.
  const promised = original[promisify.custom]
  if (typeof promised === 'function') {
    const checked = guard(name, promised as typeof original)
    // The promise form refuses by rejecting, as it fails for any other reason.
    guarded[promisify.custom] = (...args: never[]) => {
      try {
        return checked(...args)
      } catch (error) {
        return Promise.reject(error)
      }
    }
  }
  ;(childProcess as unknown as Record<string, unknown>)[name] = guarded
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1'])
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  // net.connect hands its arguments over normalised, as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args
  const options = typeof first === 'object' && first !== null ? (first as net.NetConnectOpts) : undefined
  const host =
    options && 'path' in options && options.path
      ? 'localhost'
      : ((options as net.TcpNetConnectOpts | undefined)?.host ??
        (typeof second === 'string' ? second : 'localhost'))
  if (!LOOPBACK.has(host)) refuse(`a connection to ${host}`)
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
} as typeof connect

syncBuiltinESMExports()
