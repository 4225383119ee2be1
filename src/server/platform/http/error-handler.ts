import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '../../../shared/errors';

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

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError(
      'ValidationFailed',
      error.validation.map((v) => ({
        messageType: 'Error' as const,
        message: v.message ?? 'VALIDATION.Invalid',
        reference: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || null,
      })),
    );
  }
  const code = error.statusCode ? statusCodes[error.statusCode] : undefined;
  if (code && !isResponseSerializationError(error)) {
    // Fastify's own 4xx (bad JSON, media type, size): the message is safe and useful.
    return new AppError(code, [{ messageType: 'Error', message: error.message, reference: null }]);
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
