import type { ExplorerTransaction } from '@vetted/sandbox';

const escape = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  success: 'Success',
  reverted: 'Reverted',
  dropped: 'Dropped',
};

/** A small, self-contained explorer page for one sandbox transaction (no scripts, no external assets). */
export function explorerPage(tx: ExplorerTransaction): string {
  const rows: [string, string][] = [
    [
      'Status',
      `<span class="status ${escape(tx.status)}">${escape(STATUS_LABEL[tx.status] ?? tx.status)}</span>`,
    ],
    ['Network', escape(tx.network)],
    ['Kind', escape(tx.kind)],
    ['Block', tx.blockNumber === null ? 'not yet in a block' : escape(tx.blockNumber)],
    ['Time', `<time datetime="${escape(tx.timestamp)}">${escape(tx.timestamp)}</time>`],
    ['From', `<code>${escape(tx.from ?? 'external deposit')}</code>`],
    ['To', `<code>${escape(tx.to ?? '-')}</code>`],
    ['Fee', `${escape(tx.fee.amount)} ${escape(tx.fee.symbol)}`],
  ];
  if (tx.error) rows.push(['Error', escape(tx.error)]);
  const transfers = tx.transfers
    .map(
      (t) =>
        `<tr><td>${escape(t.purpose === 'fee' ? 'fee' : 'transfer')}</td><td><code>${escape(t.from ?? 'external deposit')}</code></td>` +
        `<td><code>${escape(t.to ?? 'burn')}</code></td><td class="amount">${escape(t.amount)} ${escape(t.symbol)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Transaction ${escape(tx.hash.slice(0, 12))}… · Vetted sandbox explorer</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d2433}
h1{font-size:1.4rem}code{font-size:.85rem;word-break:break-all}.notice{background:#fff6d6;padding:.5rem 1rem;border-radius:6px}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e3e6ee;vertical-align:top}
th{width:9rem;color:#5b6478;font-weight:500}.status{padding:.1rem .5rem;border-radius:999px;font-weight:600}
.success{background:#dff5e6;color:#146c2e}.pending{background:#e8eefc;color:#2a4fa8}.reverted,.dropped{background:#fde4e4;color:#a11d1d}
.amount{white-space:nowrap}
</style></head>
<body><main>
<p class="notice">Sandbox: a simulated transaction. No real chain was touched.</p>
<h1>Transaction</h1><p><code id="hash">${escape(tx.hash)}</code></p>
<table aria-label="Transaction details"><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join('')}</tbody></table>
<h2>Transfers</h2>
${
  transfers
    ? `<table aria-label="Transfers"><thead><tr><th>Kind</th><th>From</th><th>To</th><th>Amount</th></tr></thead><tbody>${transfers}</tbody></table>`
    : '<p>No transfers yet.</p>'
}
</main></body></html>`;
}
