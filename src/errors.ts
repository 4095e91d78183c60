// One base for every error the user or the environment can fix: a mistake in the config or the
// command line, a file that is not what it should be, a permission the token lacks, a service the
// job does not have. Its message names the problem and the fix, and it is reported as it is. Any
// other error is a bug in bench-action and says so.
export class UserError extends Error {
  override name = 'UserError'
}

export function isUserError(err: unknown): err is UserError {
  return err instanceof UserError
}

/** A command line or a call the user can correct: the message says how. */
export class UsageError extends UserError {
  override name = 'UsageError'
}
