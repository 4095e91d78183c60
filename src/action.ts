import { startAction } from './action/main.ts'

await startAction()
