import type { FastifyInstance } from 'fastify';

/**
 * The one way a domain module is wired: `createXModule(ctx, deps)` builds its repositories and
 * services once and answers them with a `register` that adds its routes. Other modules receive
 * the `services` (never repositories or a database handle); app.ts only composes.
 */
export interface Module<S extends object = object> {
  services: S;
  register(app: FastifyInstance): void | Promise<void>;
}
