/**
 * The application's one error type: a stable machine code, a message safe to show to the
 * caller, and the HTTP status where it matters. Anything that is not an AppError is an
 * internal error and is reported without its message.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 500,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
