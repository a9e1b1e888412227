// JSON errors for every HTTP failure, in the envelope's words; internals are logged, never sent.
import type { FastifyInstance } from 'fastify';
import { ServerMessages } from '../../src/protocol/messages';

function statusOf(error: unknown): number {
  const code = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

export function registerJsonErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, response) => {
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status < 500 && error instanceof Error ? error.message : ServerMessages.internalError;
    return response.code(status).send({ errorCode: status, message });
  });
}
