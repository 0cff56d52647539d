import { NEVER_REFRESHED, NO_BALANCES, type WalletResource } from '@vetted/accounts';
import Fastify from 'fastify';
import { WALLET_LIST_ANSWER } from './wallets.dto';

const regular: WalletResource = {
  id: 1,
  name: 'Your EVM Wallet',
  family: 'evm',
  kind: 'regular',
  address: '0xC039A7f9d76D70D0D93e5B64853FA23293b868Da',
  archived: false,
  balances: NO_BALANCES,
  agentHoldings: [],
  refresh: NEVER_REFRESHED,
};

/** Every kind of wallet the list shows, and the values that need care when written. */
const views: WalletResource[] = [
  regular,
  {
    id: 2,
    name: 'Sav "ings" \\ ☃ \u2028 \u0007',
    family: 'solana',
    kind: 'regular',
    address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    archived: false,
    balances: [
      {
        network: 'solana',
        token: null,
        symbol: 'SOL',
        decimals: 9,
        amountRaw: '1500000000',
        amountFormatted: '1.5',
        usdValue: '225.00',
      },
      {
        network: 'solana',
        token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        symbol: 'USDC',
        decimals: 6,
        amountRaw: '123456789012345678901234567890',
        amountFormatted: '123456789012345678901234.56789',
        usdValue: null,
      },
    ],
    agentHoldings: [],
    refresh: { status: 'observed', lastObservedAt: '2026-11-23T08:00:00.000Z', error: null },
  },
  Object.assign({}, regular, {
    id: 3,
    name: 'Old',
    archived: true,
    refresh: { status: 'failed', lastObservedAt: null, error: 'the chain did not answer' },
  }),
  {
    id: 4,
    name: 'Predict - Your EVM Wallet',
    family: 'evm',
    kind: 'deposit',
    address: null,
    archived: false,
    balances: NO_BALANCES,
    agentHoldings: [],
    refresh: NEVER_REFRESHED,
    venue: 'predict',
    controllerWalletId: 1,
    deployment: { status: 'failed', error: 'deployment failed' },
  },
];

describe("the wallet list's compiled answer", () => {
  const app = Fastify();
  let answer: unknown = views;
  app.get('/list', { schema: { response: { 200: WALLET_LIST_ANSWER } } }, async () => answer);
  afterAll(() => app.close());

  it('writes every kind of wallet exactly as JSON.stringify does', async () => {
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(views));
  });

  it('keeps properties it does not declare, at every level', async () => {
    answer = [
      Object.assign({}, views[1], {
        added: { nested: [1, 'two'] },
        balances: [Object.assign({}, views[1].balances[0], { chain: 'mainnet' })],
        refresh: Object.assign({}, views[1].refresh, { attempts: 2 }),
      }),
    ];
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(JSON.parse(res.body)).toEqual(answer);
  });
});
