/** The part of a stream this needs: its error events. */
interface Output {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Lets the CLI finish, with its own exit code, when whatever reads its output goes away (`vetted
 * stats | head -1`): the writes fail with EPIPE, which Node would otherwise report as an unhandled
 * error with a stack (and exit 1). What is left to print is dropped; any other write error is
 * still thrown.
 */
export function ignoreClosedOutput(outputs: readonly Output[]): void {
  for (const output of outputs)
    output.on('error', (error) => {
      if (error.code !== 'EPIPE') throw error;
    });
}
