import { PUSD_SYMBOL, type PredictionFill, type TokenDirectory } from '@vetted/venues';
import type { LegOutcome } from './leg-outcome';

/** The prediction venue's dollar token on `polygon`, from the token directory. */
export function pusdToken(tokens: TokenDirectory): string {
  const pusd = tokens.tokens().find((t) => t.network === 'polygon' && t.symbol === PUSD_SYMBOL);
  if (!pusd?.token) throw new Error(`the token directory has no ${PUSD_SYMBOL} on polygon`);
  return pusd.token;
}

/**
 * A prediction fill as the leg reports it: pUSD goes to the venue and shares are minted on a buy,
 * the reverse on a sell and a redemption (which burns every share held and pays 1 pUSD a winning
 * share; a losing outcome moves no pUSD). The venue charges no fee.
 */
export function predictionFillOutcome(fill: PredictionFill, address: string, pusd: string): LegOutcome {
  const pusdMoved = fill.pusdRaw.toString();
  const shares = fill.sharesRaw.toString();
  const move = (token: string, from: string | null, to: string | null, amountRaw: string) => ({
    network: 'polygon',
    token,
    from,
    to,
    amountRaw,
    purpose: 'value' as const,
  });
  const transfers =
    fill.action === 'buy'
      ? [move(pusd, address, null, pusdMoved), move(fill.outcome, null, address, shares)]
      : [move(fill.outcome, address, null, shares), move(pusd, null, address, pusdMoved)].filter(
          (transfer) => transfer.amountRaw !== '0',
        );
  return {
    kind: 'settled',
    receipt: {
      hash: fill.hash,
      network: 'polygon',
      status: 'success',
      blockNumber: fill.blockNumber,
      feeRaw: '0',
      transfers,
      fill: {
        venue: 'predict',
        marketId: fill.marketId,
        outcome: fill.outcome,
        action: fill.action,
        sharesRaw: shares,
        pusdRaw: pusdMoved,
        price: fill.price,
      },
    },
  };
}
