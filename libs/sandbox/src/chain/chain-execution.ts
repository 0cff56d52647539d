import { createHash } from 'node:crypto';
import { extend, isZeroEvmAddress } from '@vetted/kernel';
import type { ChainTx, Network, RejectionReason } from '@vetted/venues';
import {
  SubmissionRejected,
  decodeErc20Call,
  isEvmNetwork,
  readTransactionMessage,
  systemTransfersIn,
} from '@vetted/venues';
import { routeBetween } from '../dex/routes';
import { Movements } from '../ledger/ledger';
import type { TxContext, TxKind } from '../txs/submissions';
import type { TxOutcome } from '../txs/tx-log';
import type { World } from '../world/world';
import { dexRouter, feeSink } from '../world/sandbox-accounts';
import { chargedFee, maxFee } from './gas-schedule';
import { registeredToken } from '../tokens/token-registry';
import { blockhashValid } from './solana-blockhash';

/**
 * A Solana transaction is its message: its id is the fee payer's signature of it, which the sandbox
 * makes for the wallet (other signers' signatures are verified at submission), so the same bytes
 * submitted again are the same transaction, refused as already processed. Other transactions are
 * told apart by their submission.
 */
function solanaIdentity(tx: ChainTx): string | null {
  if (tx.kind !== 'solanaTransaction') return null;
  const message = readTransactionMessage(tx.transaction);
  return message === null ? null : `solana:${createHash('sha256').update(message).digest('hex')}`;
}

interface Problem {
  reason: RejectionReason;
  message: string;
}

const CHAIN_KINDS: ChainTx['kind'][] = ['transfer', 'approve', 'swap', 'evmCall', 'solanaTransaction'];

/**
 * What chain transactions do. At submission the world checks what it can (blockhash, gas, funds,
 * allowance, route) and rejects with nothing recorded; at execution (the same moment with block
 * time 0, its block otherwise) it checks again: unaffordable gas or an expired blockhash drops the
 * transaction, any other failure reverts it, charging gas and moving nothing else.
 */
export class ChainExecution {
  readonly kinds: TxKind<ChainTx>[];

  constructor(private readonly world: World) {
    this.kinds = CHAIN_KINDS.map((kind) => ({
      kind,
      settlesAtOnce: false,
      usesNonce: true,
      preflight: (tx: ChainTx, nowMs: number) => this.preflight(tx, nowMs),
      execute: (tx: ChainTx, context: TxContext) => this.execute(tx, context),
      identity: (tx: ChainTx) => solanaIdentity(tx),
    }));
  }

  /** Spendable balance: on `perps`, USDC held as margin by open positions cannot leave. */
  spendable(network: Network, address: string, token: string | null, nowMs: number): bigint {
    if (network === 'perps') return this.world.perpAccounts.withdrawableRaw(address, nowMs);
    return this.world.ledger.balance(network, address, token);
  }

  private preflight(tx: ChainTx, nowMs: number): void {
    const problem = this.problem(tx, nowMs, maxFee(tx));
    if (problem) throw new SubmissionRejected(problem.reason, problem.message, tx.submissionId);
  }

  private execute(tx: ChainTx, context: TxContext): TxOutcome {
    const fee = chargedFee(tx);
    const problem = this.problem(tx, context.nowMs, fee);
    if (problem && (problem.reason === 'insufficient_gas' || problem.reason === 'blockhash_expired'))
      return { status: 'dropped', feeRaw: 0n, transfers: [], error: problem.message };
    const movements = new Movements();
    const failure = problem ?? this.apply(tx, context.nowMs, movements);
    const charged = new Movements();
    charged.add(this.world.ledger.transfer(tx.network, null, tx.from, feeSink(tx.network), fee, 'fee'));
    if (failure) return { status: 'reverted', feeRaw: fee, transfers: charged.list, error: failure.message };
    return { status: 'success', feeRaw: fee, transfers: [...movements.list, ...charged.list], error: null };
  }

  private problem(tx: ChainTx, nowMs: number, fee: bigint): Problem | null {
    const { network, from } = tx;
    if (network === 'solana' && !blockhashValid(this.world.seed, tx.recentBlockhash ?? '', nowMs))
      return { reason: 'blockhash_expired', message: 'the blockhash has expired or is unknown' };
    const native = fee > 0n ? this.spendable(network, from, null, nowMs) : 0n;
    if (native < fee) return { reason: 'insufficient_gas', message: `${from} cannot pay the ${fee} gas fee` };
    const debit = this.debitOf(tx);
    if (debit) {
      const available =
        debit.token === null ? native - fee : this.spendable(network, from, debit.token, nowMs);
      // The native asset pays the gas first: say so, or "has" reads as the balance (noted by a probe).
      const after = debit.token === null && fee > 0n ? ` after the ${fee} gas fee` : '';
      if (available < debit.amount)
        return {
          reason: 'insufficient_funds',
          message: `${from} has ${available}${after}, needs ${debit.amount}`,
        };
    }
    if (tx.kind === 'swap') {
      if (!routeBetween({ network, token: tx.tokenIn }, tx.assetOut))
        return { reason: 'no_route', message: 'no pool route connects these assets' };
      if (tx.tokenIn !== null && isEvmNetwork(network)) {
        const allowance = this.world.allowances.get(network, tx.tokenIn, from, dexRouter(network));
        if (allowance < tx.amountInRaw)
          return {
            reason: 'insufficient_allowance',
            message: `the DEX router may spend ${allowance}, needs ${tx.amountInRaw}`,
          };
      }
    }
    return null;
  }

  private debitOf(tx: ChainTx): { token: string | null; amount: bigint } | null {
    switch (tx.kind) {
      case 'transfer':
        return { token: tx.token, amount: tx.amountRaw };
      case 'swap':
        return { token: tx.tokenIn, amount: tx.amountInRaw };
      case 'evmCall':
        return { token: null, amount: tx.valueRaw };
      default:
        return null;
    }
  }

  /**
   * An EVM call moves its value to `to`, which runs no code, unless `to` is one of the sandbox's
   * token contracts: those run the ERC-20 calls that move or allow tokens (`transfer`, `approve`,
   * `transferFrom`), take no value, and revert on anything else, as a real token does. Before, every
   * call only moved its value, so a token transfer made as a raw call succeeded and moved nothing.
   */
  private call(tx: Extract<ChainTx, { kind: 'evmCall' }>, movements: Movements): Problem | null {
    const { ledger, allowances } = this.world;
    const contract = registeredToken({ network: tx.network, token: tx.to });
    if (contract === null || contract.token === null) {
      movements.add(ledger.transfer(tx.network, null, tx.from, tx.to, tx.valueRaw));
      return null;
    }
    const token = contract.token;
    const revert = (reason: RejectionReason, message: string): Problem => ({ reason, message });
    if (tx.valueRaw > 0n) return noNativeValue(contract.symbol, tx.network);
    const call = decodeErc20Call(tx.data);
    if (call === null)
      return revert('invalid_request', `the ${contract.symbol} contract has no function for this call data`);
    const toZero = zeroAddressRefusal(
      contract.symbol,
      call.function,
      call.function === 'approve' ? call.spender : call.to,
    );
    if (toZero) return toZero;
    if (call.function === 'approve') {
      allowances.set(tx.network, token, tx.from, call.spender, call.amountRaw);
      return null;
    }
    const owner = call.function === 'transfer' ? tx.from : call.from;
    if (call.function === 'transferFrom') {
      const allowance = allowances.get(tx.network, token, owner, tx.from);
      if (allowance < call.amountRaw)
        return revert(
          'insufficient_allowance',
          `${contract.symbol}: ${tx.from} may spend ${allowance} of ${owner}'s, needs ${call.amountRaw}`,
        );
    }
    const balance = ledger.balance(tx.network, owner, token);
    if (balance < call.amountRaw)
      return revert(
        'insufficient_funds',
        `${contract.symbol}: ${owner} has ${balance}, the call moves ${call.amountRaw}`,
      );
    if (call.function === 'transferFrom') allowances.spend(tx.network, token, owner, tx.from, call.amountRaw);
    movements.add(ledger.transfer(tx.network, token, owner, call.to, call.amountRaw));
    return null;
  }

  /**
   * What the sandbox runs of a Solana transaction: the System program's transfers out of the fee
   * payer (each within what is left after the fee and the transfers before it, or the whole
   * transaction fails, charging the fee). Other instructions, and bytes it cannot parse, run
   * nothing but the fee: the sandbox simulates no other program. Before, a System transfer made as
   * an instruction succeeded and moved nothing (found by a probe).
   */
  private solanaTransfers(
    tx: Extract<ChainTx, { kind: 'solanaTransaction' }>,
    nowMs: number,
    movements: Movements,
  ): Problem | null {
    const transfers = systemTransfersIn(tx.transaction);
    if (transfers.length === 0) return null;
    // What each payer has left: the fee payer after the fee. A transfer's payer signs it (else it
    // is refused), and submission verified every signature but the fee payer's, which the sandbox
    // makes for the wallet.
    const left = new Map([[tx.from, this.spendable('solana', tx.from, null, nowMs) - chargedFee(tx)]]);
    for (const transfer of transfers) {
      if (transfer.refused !== null)
        return { reason: 'invalid_request', message: `a System transfer fails: ${transfer.refused}` };
      const has = left.get(transfer.from) ?? this.spendable('solana', transfer.from, null, nowMs);
      if (transfer.lamports > has)
        return {
          reason: 'insufficient_funds',
          message: `${transfer.from} has ${has} lamports after ${transfer.from === tx.from ? 'the fee and ' : ''}earlier transfers, a transfer moves ${transfer.lamports}`,
        };
      left.set(transfer.from, has - transfer.lamports);
    }
    for (const { from, to, lamports } of transfers)
      movements.add(this.world.ledger.transfer('solana', null, from, to, lamports));
    return null;
  }

  /** A transfer or approval of an EVM token (not the native asset) to the zero address reverts. */
  private tokenRefusal(network: Network, token: string | null, call: string, to: string): Problem | null {
    if (token === null || !isEvmNetwork(network)) return null;
    return zeroAddressRefusal(registeredToken({ network, token })?.symbol ?? token, call, to);
  }

  /** The native asset sent to one of the sandbox's token contracts, as a typed transfer. */
  private nativeValueRefusal(network: Network, token: string | null, to: string): Problem | null {
    if (token !== null || !isEvmNetwork(network)) return null;
    const contract = registeredToken({ network, token: to });
    return contract === null || contract.token === null ? null : noNativeValue(contract.symbol, network);
  }

  private apply(tx: ChainTx, nowMs: number, movements: Movements): Problem | null {
    const { ledger, allowances, dex } = this.world;
    switch (tx.kind) {
      case 'transfer': {
        const refused =
          this.tokenRefusal(tx.network, tx.token, 'transfer', tx.to) ??
          this.nativeValueRefusal(tx.network, tx.token, tx.to);
        if (refused) return refused;
        movements.add(ledger.transfer(tx.network, tx.token, tx.from, tx.to, tx.amountRaw));
        return null;
      }
      case 'approve': {
        const toZero = this.tokenRefusal(tx.network, tx.token, 'approve', tx.spender);
        if (toZero) return toZero;
        allowances.set(tx.network, tx.token, tx.from, tx.spender, tx.amountRaw);
        return null;
      }
      case 'evmCall':
        return this.call(tx, movements);
      case 'solanaTransaction':
        return this.solanaTransfers(tx, nowMs, movements);
      case 'swap': {
        const from = { network: tx.network, token: tx.tokenIn };
        const swap = {
          from,
          to: tx.assetOut,
          amountInRaw: tx.amountInRaw,
          minAmountOutRaw: tx.minAmountOutRaw,
        };
        const outcome = dex.swap(
          extend(swap, { payer: tx.from, recipient: tx.recipient! }),
          nowMs,
          movements,
        );
        if (!outcome.ok) return { reason: outcome.reason, message: outcome.message };
        if (tx.tokenIn !== null && isEvmNetwork(tx.network))
          allowances.spend(tx.network, tx.tokenIn, tx.from, dexRouter(tx.network), tx.amountInRaw);
        return null;
      }
    }
  }
}

/**
 * As OpenZeppelin's ERC-20 does, whichever way the call is made (the typed transfer and approve
 * legs, or raw call data): the zero address neither receives nor is allowed anything.
 */
function zeroAddressRefusal(symbol: string, call: string, counterparty: string): Problem | null {
  if (!isZeroEvmAddress(counterparty)) return null;
  return { reason: 'invalid_request', message: `${symbol}: ${call} to the zero address` };
}

/** A token contract takes no native value, whichever way it is sent: the transaction reverts. */
function noNativeValue(symbol: string, network: Network): Problem {
  return { reason: 'invalid_request', message: `the ${symbol} contract takes no ${network} native value` };
}
