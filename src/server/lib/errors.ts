import { statusOfCode, type DetailedCode, type ErrorBody, type ErrorCode, type ErrorDetailsByCode } from '../../contracts/errors';

/** What an AppError may carry besides its sentence: headers (Retry-After), and the details its code has. */
type Extra<C extends ErrorCode> = { headers?: Record<string, string> } & (C extends DetailedCode ? { details: ErrorDetailsByCode[C] } : { details?: never });

/**
 * The one error type services throw; the error handler sends it as { error, code, details? } with
 * the status its code has (contracts/errors.ts errorStatus). A code with details needs them.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly details: C extends DetailedCode ? ErrorDetailsByCode[C] : undefined;
  constructor(
    readonly code: C,
    message: string,
    ...[extra]: C extends DetailedCode ? [Extra<C>] : [Extra<C>?]
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOfCode(code);
    this.headers = extra?.headers ?? {};
    this.details = extra?.details as C extends DetailedCode ? ErrorDetailsByCode[C] : undefined;
  }

  /** The wire body: details only for a code that has them. */
  body(): ErrorBody {
    return (this.details === undefined ? { error: this.message, code: this.code } : { error: this.message, code: this.code, details: this.details }) as ErrorBody;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
