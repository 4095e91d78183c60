// Busy loops beside a measurement: each keeps a core busy, started and stopped around one comparison.
import { type ChildProcess, spawn } from 'node:child_process'

export class Hog {
  private children: ChildProcess[] = []
  constructor(private readonly loops: number) {}
  start() {
    while (this.children.length < this.loops)
      this.children.push(spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }))
  }
  stop() {
    for (const child of this.children) child.kill('SIGKILL')
    this.children = []
  }
}
