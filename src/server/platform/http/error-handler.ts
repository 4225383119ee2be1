import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode, type ErrorMessage } from '../../../shared/errors';
import { errorBodySchema } from '../../../shared/schemas/common';

const statusCodes: Record<number, ErrorCode> = {
  400: 'ValidationFailed',
  401: 'Unauthenticated',
  403: 'NotAllowed',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyAttempts',
};

/** A translation key such as `VALIDATION.IsRequired` (schemas may name their own message). */
const translationKey = /^[A-Z][A-Z_]*(\.[A-Za-z0-9_]+)+$/;

type ZodIssueParams = {
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  input?: unknown;
};

/**
 * A schema validation issue as a key the client translates, with its limits as parameters:
 * zod's own English texts ("Invalid input: expected string, received undefined") never reach users.
 */
export function validationMessage(code: string, message: string | undefined, params: ZodIssueParams): ErrorMessage {
  const error = (key: string, values?: Record<string, string | number>): ErrorMessage => ({
    messageType: 'Error',
    message: key,
    ...(values ? { params: values } : {}),
  });
  const limit = (v: number | bigint | undefined) => (typeof v === 'bigint' ? Number(v) : (v ?? 0));
  if (message && translationKey.test(message)) {
    // Numeric limits become the key's placeholders ({{min}}, {{max}}); a text's length limit is no value to show.
    const values: Record<string, number> = {};
    const numeric = params.origin === 'number' || params.origin === 'bigint';
    if (numeric && params.minimum !== undefined) values.min = limit(params.minimum);
    if (numeric && params.maximum !== undefined) values.max = limit(params.maximum);
    return error(message, Object.keys(values).length > 0 ? values : undefined);
  }
  switch (code) {
    case 'invalid_type':
      return message?.includes('received undefined') || ('input' in params && params.input === undefined)
        ? error('VALIDATION.IsRequired')
        : error('VALIDATION.InvalidType');
    case 'too_small':
      if (params.origin === 'string' || params.origin === 'array')
        return limit(params.minimum) <= 1
          ? error('VALIDATION.IsRequired')
          : error('VALIDATION.TooShort', { min: limit(params.minimum) });
      return error('VALIDATION.MinValue', { min: limit(params.minimum) });
    case 'too_big':
      if (params.origin === 'string' || params.origin === 'array') return error('VALIDATION.TooLong');
      return error('VALIDATION.MaxValueReached', { max: limit(params.maximum) });
    case 'invalid_format':
      return error(params.format === 'email' ? 'VALIDATION.InvalidEmail' : 'VALIDATION.InvalidFormat');
    case 'invalid_value':
      return error('VALIDATION.InvalidChoice');
    case 'unrecognized_keys':
      return error('VALIDATION.UnknownField');
    case 'not_multiple_of':
      return error('VALIDATION.WholeNumber');
    default:
      return error('VALIDATION.Invalid');
  }
}

const fastifyMessage: Partial<Record<ErrorCode, string>> = {
  ValidationFailed: 'ERRORMESSAGES.BadRequest',
  Unauthenticated: 'ERRORMESSAGES.Unauthenticated',
  NotAllowed: 'ERRORMESSAGES.NotAllowed',
  NotFound: 'ERRORMESSAGES.NotFound',
  Conflict: 'ERRORMESSAGES.Conflict',
  PayloadTooLarge: 'ERRORMESSAGES.PayloadTooLarge',
  UnsupportedMediaType: 'ERRORMESSAGES.UnsupportedMediaType',
  TooManyAttempts: 'ERRORMESSAGES.TooManyAttempts',
};

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError(
      'ValidationFailed',
      error.validation.map((v) => ({
        ...validationMessage(v.keyword, v.message, v.params as ZodIssueParams),
        reference: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || null,
      })),
    );
  }
  const code = error.statusCode ? statusCodes[error.statusCode] : undefined;
  if (code && !isResponseSerializationError(error)) {
    // Fastify's own 4xx (bad JSON, media type, size): a key per status, never Fastify's English text.
    return new AppError(code, [
      { messageType: 'Error', message: fastifyMessage[code] ?? 'ERRORMESSAGES.BadRequest', reference: null },
    ]);
  }
  return new AppError('Internal');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, 'request refused');
    }
    if (appError.headers) void reply.headers(appError.headers);
    const body: ErrorBody = appError.toBody();
    return reply.status(appError.status).type('application/json').send(body);
  });
}

/** The answers any API route may give besides its own: refused input, session, access, conflict, limits. */
const commonErrorStatuses = [400, 401, 403, 404, 409, 413, 415, 429] as const;

/**
 * Documents the shared error answers on every API route that declares responses, so the OpenAPI
 * document names every status a client can get (routes keep declaring their specific ones).
 */
export function documentErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || !(route.url.startsWith('/api/') || route.url.startsWith('/Account/'))) return;
    const response = (route.schema.response ??= {}) as Record<string, unknown>;
    for (const status of commonErrorStatuses) response[status] ??= errorBodySchema;
  });
}
