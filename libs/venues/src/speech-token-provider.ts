/** How long a speech-service token may be used to open a connection. */
export const SPEECH_TOKEN_TTL_SECONDS = 60;

export interface SpeechToken {
  /** Opaque; never store or log it. */
  token: string;
  expiresAt: string;
}

/** Mints short-lived tokens for the speech service's realtime transcription connection. */
export interface SpeechTokenProvider {
  mint(userId: string): Promise<SpeechToken>;
}
