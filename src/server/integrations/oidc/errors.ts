/** A sign-in that could not be completed. The message is safe to show the user; the cause is for the log. */
export class OidcExchangeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcExchangeError';
  }
}
