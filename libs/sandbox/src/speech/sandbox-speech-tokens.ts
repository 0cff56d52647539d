import { randomBytes } from 'node:crypto';
import type { Clock } from '@vetted/kernel';
import type { SpeechToken, SpeechTokenProvider } from '@vetted/venues';
import { SPEECH_TOKEN_TTL_SECONDS } from '@vetted/venues';

/** Opaque random tokens valid for 60 s of sandbox time; never stored, so nothing can leak them. */
export class SandboxSpeechTokens implements SpeechTokenProvider {
  constructor(private readonly clock: Clock) {}

  async mint(userId: string): Promise<SpeechToken> {
    if (typeof userId !== 'string' || userId === '')
      throw new RangeError('a speech token is minted for a user');
    return {
      token: `sbx_speech_${randomBytes(24).toString('base64url')}`,
      expiresAt: new Date(this.clock.now().getTime() + SPEECH_TOKEN_TTL_SECONDS * 1000).toISOString(),
    };
  }
}
