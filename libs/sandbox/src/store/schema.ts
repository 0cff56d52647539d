/**
 * The sandbox world's tables. A submission should dirty as few pages as possible (each is written
 * to the WAL and synced): transactions have one index, on a key that both their
 * submission id and their hash lead to, block numbers are computed rather than stored. Amounts are TEXT (decimal integers) because raw units overflow
 * SQLite's 64-bit integers (1e6 ETH is 1e24 wei). Native assets use the token key ''.
 */
export const SANDBOX_SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;

  -- nonce: on the native row only, as in an EVM account's state (nonce and balance together), so the
  -- nonce a submission takes is written on the page its gas fee dirties anyway.
  CREATE TABLE IF NOT EXISTS balances (
    network TEXT NOT NULL, address TEXT NOT NULL, token TEXT NOT NULL, amount TEXT NOT NULL,
    nonce INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (network, address, token)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE IF NOT EXISTS supply (
    network TEXT NOT NULL, token TEXT NOT NULL,
    deposited TEXT NOT NULL, minted TEXT NOT NULL, burned TEXT NOT NULL,
    PRIMARY KEY (network, token)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE IF NOT EXISTS allowances (
    network TEXT NOT NULL, token TEXT NOT NULL, owner TEXT NOT NULL, spender TEXT NOT NULL, amount TEXT NOT NULL,
    PRIMARY KEY (network, token, owner, spender)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE IF NOT EXISTS txs (
    seq INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    hash TEXT, -- only where it differs from the key (Solana signatures)
    submission_id TEXT NOT NULL,
    payload_hash TEXT NOT NULL,
    network TEXT NOT NULL,
    kind TEXT NOT NULL,
    sender TEXT,
    recipient TEXT,
    status TEXT NOT NULL,
    nonce INTEGER,
    block INTEGER,
    block_ms INTEGER,
    submitted_ms INTEGER NOT NULL,
    settles_ms INTEGER NOT NULL,
    request TEXT, -- only until executed
    outcome TEXT
  ) STRICT;
  CREATE INDEX IF NOT EXISTS txs_pending ON txs (settles_ms, seq) WHERE status = 'pending';

  -- What makes two submissions one transaction on their chain, for the kinds that have it (a Solana
  -- transaction is its message: its id is the fee payer's signature of it), with the hash of the
  -- one recorded: another with the same identity is refused. A dropped one is forgotten.
  CREATE TABLE IF NOT EXISTS tx_identities (identity TEXT PRIMARY KEY, hash TEXT NOT NULL) STRICT, WITHOUT ROWID;

  CREATE TABLE IF NOT EXISTS faults (
    id INTEGER PRIMARY KEY, target TEXT NOT NULL, mode TEXT NOT NULL, remaining INTEGER NOT NULL,
    land_after_ms INTEGER NOT NULL, created_ms INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE IF NOT EXISTS price_series (
    series TEXT PRIMARY KEY, anchor_usd TEXT NOT NULL, anchor_step INTEGER NOT NULL, anchor_ms INTEGER NOT NULL,
    revision INTEGER NOT NULL, expired_ms INTEGER
  ) STRICT;

  CREATE TABLE IF NOT EXISTS pools (id TEXT PRIMARY KEY, synced TEXT NOT NULL) STRICT;

  CREATE TABLE IF NOT EXISTS perp_positions (
    address TEXT NOT NULL, coin TEXT NOT NULL, size TEXT NOT NULL, entry_px TEXT NOT NULL, leverage INTEGER NOT NULL,
    PRIMARY KEY (address, coin)
  ) STRICT, WITHOUT ROWID;

  -- spot coins bought on the perp venue (the USDC side is the address's balance on perps)
  CREATE TABLE IF NOT EXISTS spot_balances (
    address TEXT NOT NULL, coin TEXT NOT NULL, total TEXT NOT NULL,
    PRIMARY KEY (address, coin)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE IF NOT EXISTS markets (
    id TEXT PRIMARY KEY, status TEXT NOT NULL, winner TEXT, resolved_ms INTEGER
  ) STRICT;

  CREATE TABLE IF NOT EXISTS deposit_wallets (
    controller TEXT PRIMARY KEY, address TEXT NOT NULL UNIQUE, deployed_ms INTEGER NOT NULL
  ) STRICT;
`;
