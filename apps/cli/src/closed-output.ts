/** The part of a stream this needs: its error events. */
interface Output {
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Ends the CLI quietly, with `exit(0)`, when whatever reads its output goes away (`vetted stats |
 * head -1`): the write fails with EPIPE, which Node would otherwise report as an unhandled error
 * with a stack. Any other write error still is.
 */
export function endQuietlyWhenClosed(outputs: readonly Output[], exit: (code: number) => void): void {
  for (const output of outputs)
    output.on('error', (error) => {
      if (error.code !== 'EPIPE') throw error;
      exit(0);
    });
}
