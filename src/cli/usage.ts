/** A mistake in the command line: printed with the usage text, exit code 64 (EX_USAGE). */
export class UsageError extends Error {}
