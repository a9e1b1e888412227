// GET /health: liveness plus a database round trip, for load balancers and the e2e harness.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';

export function registerHealth(app: FastifyInstance, services: Services): void {
  app.get('/health', async (_request, response) => {
    try {
      await services.db.execute(sql`select 1`);
      return { status: 'ok', database: services.database.kind, version: '1.0' };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return response.code(503).send({ status: 'unavailable', database: services.database.kind });
    }
  });
}
