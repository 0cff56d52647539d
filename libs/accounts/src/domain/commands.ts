import type { WalletFamily } from './events';

export interface NewWallet {
  walletId: number;
  family: WalletFamily;
  address: string;
}

export type AccountCommand =
  | { type: 'SignUp'; data: { userId: string; username: string; wallets: NewWallet[]; at: string } }
  | { type: 'CreateWallet'; data: NewWallet & { name: string | null; at: string } }
  | { type: 'RenameWallet'; data: { walletId: number; name: string; at: string } }
  | { type: 'ArchiveWallet'; data: { walletId: number; at: string } }
  /** `walletId` is a fresh id, used only when the controller has no deposit wallet yet. */
  | {
      type: 'RequestDepositWallet';
      data: { walletId: number; controllerWalletId: number; idempotencyKey: string | null; at: string };
    }
  | {
      type: 'RecordDepositWalletDeployment';
      data: { walletId: number; address: string; idempotencyKey: string | null; at: string };
    }
  | {
      type: 'RecordDepositWalletFailure';
      data: { walletId: number; idempotencyKey: string | null; error: string; at: string };
    };
