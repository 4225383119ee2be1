/**
 * Application error codes and the one map from code to HTTP status.
 * The server throws `AppError`; the error handler turns it into the spec's shape
 * `{ status, code, messages: [{ messageType, message, reference }] }`.
 */
export const errorStatus = {
  ValidationFailed: 400,
  InvalidTitle: 400,
  InvalidPassword: 400,
  InvalidToken: 400,
  Unauthenticated: 401,
  InvalidCredentials: 401,
  NotAllowed: 403,
  CsrfHeaderMissing: 403,
  NotFound: 404,
  Conflict: 409,
  DuplicateElement: 409,
  StateChanged: 409,
  WorkflowGuardFailed: 422,
  /** Well-formed request about content that cannot be processed (a model that cannot be read). */
  Unprocessable: 422,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyAttempts: 429,
  Internal: 500,
  NotReady: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorMessage = {
  messageType: 'Error' | 'Warning' | 'Info';
  /** A translation key; the client translates it into the user's language. */
  message: string;
  reference?: string | null;
  /**
   * Values for the key's placeholders. Numbers and ISO days (YYYY-MM-DD) are formatted in the
   * user's locale by the client, so `{{max}}` reads "189,5" in German and `{{date}}` "29.11.2026".
   */
  params?: Record<string, string | number>;
};

export type ErrorBody = {
  status: number;
  code: ErrorCode;
  messages: ErrorMessage[];
  /** A stale save (409): the record as it is stored now. */
  current?: unknown;
};

/** Default message key shown for a code when the thrower gives none. */
const defaultMessage: Partial<Record<ErrorCode, string>> = {
  NotAllowed: 'ERRORMESSAGES.NotAllowed',
  CsrfHeaderMissing: 'ERRORMESSAGES.NotAllowed',
  NotFound: 'ERRORMESSAGES.NotFound',
  Unauthenticated: 'ERRORMESSAGES.Unauthenticated',
  InvalidCredentials: 'ERRORMESSAGES.InvalidCredentials',
  TooManyAttempts: 'ERRORMESSAGES.TooManyAttempts',
  Internal: 'ERRORMESSAGES.Unexpected',
  Conflict: 'ERRORMESSAGES.Conflict',
  ValidationFailed: 'ERRORMESSAGES.ValidationFailed',
  StateChanged: 'WORKFLOW.StateChanged',
  InvalidToken: 'ERRORMESSAGES.InvalidToken',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messages: ErrorMessage[];
  readonly headers?: Record<string, string>;
  /** A stale save: the stored record, sent along with the 409. */
  current?: unknown;

  constructor(code: ErrorCode, messages?: ErrorMessage[] | string, headers?: Record<string, string>) {
    const list =
      typeof messages === 'string'
        ? [{ messageType: 'Error' as const, message: messages }]
        : (messages ?? [{ messageType: 'Error' as const, message: defaultMessage[code] ?? code }]);
    super(list[0]?.message ?? code);
    this.code = code;
    this.messages = list;
    this.headers = headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      status: this.status,
      code: this.code,
      messages: this.messages,
      ...(this.current !== undefined ? { current: this.current } : {}),
    };
  }
}

export function fieldError(reference: string, message: string): AppError {
  return new AppError('ValidationFailed', [{ messageType: 'Error', message, reference }]);
}

/** A save at an older version than the stored one: 409 with the stored record. */
export function staleSave(current: unknown): AppError {
  const error = new AppError('Conflict', 'ERRORMESSAGES.StaleSave');
  error.current = current;
  return error;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && Array.isArray((value as ErrorBody).messages);
}
