import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export interface Readiness {
  /** from now on the proxy is told to send no more requests here (the process is stopping) */
  drain(): void;
}

/**
 * GET /readyz for the reverse proxy or orchestrator: 200 while this process takes traffic, 503 once
 * it has begun to stop (SIGTERM), so new requests go to the other processes while this one finishes
 * its own. The process is only listening after start-up (migrations, seeding) is done, so a 200
 * also means the schema is in place. Unsigned: a health check carries no credentials.
 */
export function registerReadiness(app: FastifyInstance): Readiness {
  let draining = false;
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['运维'],
        summary: '就绪检查：可接收请求时 200，停止中 503（供反向代理摘除节点）',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('draining') }) },
      },
    },
    async (_req, reply) => (draining ? reply.code(503).send({ status: 'draining' as const }) : { status: 'ready' as const }),
  );
  return {
    drain() {
      draining = true;
    },
  };
}
