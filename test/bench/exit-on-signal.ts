/**
 * Preloaded (`node --require`) into an API child that runs with `--cpu-prof`: Nest's shutdown hook
 * re-raises SIGTERM on its own process once the app is closed, which ends node without writing the
 * profile; this turns that self-signal into `process.exit(0)`, so the profile is written. Diagnosis
 * only (operations.bench.ts, BENCH_OPERATIONS_CPU_PROF).
 */
const kill = process.kill.bind(process);
process.kill = ((pid: number, signal?: string | number): true => {
  if (pid === process.pid) process.exit(0);
  return kill(pid, signal);
}) as typeof process.kill;
