/**
 * One row of the summary: a figure measured by the bench, the baseline measured side by side in
 * the same run, their ratio (with a `ratio>=` target "higher is better for the service", i.e. service
 * rate / baseline rate or baseline time / service time; with a `ratio<=` target service time /
 * baseline time, as the issue states it), and the target from the issue.
 */
export interface Target {
  /**
   * `ratio>=`: ratio must reach the value; `ratio<=`: ratio must not exceed it; `max`: the measured
   * value must stay below it.
   */
  kind: 'ratio>=' | 'ratio<=' | 'max';
  value: number;
}

export interface BenchResult {
  name: string;
  measured: number;
  unit: string;
  baseline: number | null;
  baselineUnit?: string;
  ratio: number | null;
  target: Target | null;
  /** Extra facts printed under the table (rounds, p99, batch sizes, ...). */
  notes?: string[];
  /** Raw per-round values, kept for --json. */
  rounds?: Record<string, number[]>;
  /** Set when the benchmark could not measure (the row then FAILs). */
  error?: string;
}

export type Verdict = 'PASS' | 'FAIL' | 'INFO';

export function verdict(result: BenchResult): Verdict {
  if (result.error) return 'FAIL';
  if (result.target === null) return 'INFO';
  if (result.target.kind === 'ratio>=')
    return result.ratio !== null && result.ratio >= result.target.value ? 'PASS' : 'FAIL';
  if (result.target.kind === 'ratio<=')
    return result.ratio !== null && result.ratio <= result.target.value ? 'PASS' : 'FAIL';
  return result.measured < result.target.value ? 'PASS' : 'FAIL';
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function formatValue(value: number | null, unit: string | undefined): string {
  if (value === null) return '-';
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

function formatTarget(result: BenchResult): string {
  const t = result.target;
  if (t === null) return '-';
  if (t.kind === 'ratio>=') return `ratio >= ${t.value.toFixed(2)}`;
  if (t.kind === 'ratio<=') return `ratio <= ${t.value.toFixed(2)}`;
  return `< ${formatNumber(t.value)} ${result.unit}`;
}

/** Two decimals; three below 0.1, where a target such as 0.02 would otherwise read as a coarse 0.01. */
function formatRatio(ratio: number): string {
  return Math.abs(ratio) < 0.1 ? ratio.toFixed(3) : ratio.toFixed(2);
}

export function summaryTable(results: readonly BenchResult[]): string {
  const header = ['benchmark', 'measured', 'baseline', 'ratio', 'target', 'result'];
  const rows = results.map((r) => [
    r.name,
    r.error ? 'error' : formatValue(r.measured, r.unit),
    formatValue(r.baseline, r.baselineUnit ?? r.unit),
    r.ratio === null ? '-' : formatRatio(r.ratio),
    formatTarget(r),
    verdict(r) === 'FAIL' ? '** FAIL **' : verdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]): string =>
    cells.map((cell, i) => (i >= 1 && i <= 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const out = [line(header), rule, ...rows.map(line), rule];
  const failed = results.filter((r) => verdict(r) === 'FAIL');
  out.push(
    failed.length === 0
      ? `all ${results.filter((r) => r.target).length} targets met`
      : `${failed.length} target(s) MISSED: ${failed.map((r) => r.name).join(', ')}`,
  );
  const notes = results.flatMap((r) => [
    ...(r.notes ?? []).map((n) => `  ${r.name}: ${n}`),
    ...(r.error ? [`  ${r.name}: ERROR ${r.error}`] : []),
  ]);
  if (notes.length) out.push('', 'notes:', ...notes);
  return out.join('\n');
}

/** Progress lines go to stderr, so `--json` output on stdout stays parseable. */
export function log(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}
