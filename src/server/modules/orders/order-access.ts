import { AppError, type ErrorMessage } from '../../../shared/errors';

export function rowProblems(problems: readonly string[], reference: string): AppError {
  const messages: ErrorMessage[] = problems.map((p) => ({
    messageType: 'Error',
    message: `ORDER.Problems.${p}`,
    reference,
  }));
  return new AppError('ValidationFailed', messages);
}

export const staleRow = () => new AppError('Conflict', 'ORDER.Errors.StaleRow');
