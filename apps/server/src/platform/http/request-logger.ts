import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger here is always pino (app.ts passes pino options), which answers isLevelEnabled. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * The request's logger (req.log), made only when the request logs something. Fastify makes a pino
 * child per request with its reqId; pino builds it eagerly (bindings serialised, methods bound),
 * which on the hottest path costs about as much as verifying the request's signature. Here the child
 * is made on the first call at an enabled level and reused after that. At `info` (the default) the
 * access lines make it on every request anyway; at `warn` and above (bench runs, a quiet production)
 * most requests never make it. Same output as the eager child: the same bindings, the same options.
 */
class LazyRequestLogger {
  private made: PinoLike | null = null;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): PinoLike {
    this.made ??= this.parent.child(this.bindings, this.options) as PinoLike;
    return this.made;
  }

  private write(level: Level, args: unknown[]) {
    // a per-route level (options.level) decides for this request; otherwise the parent's
    const enabled = this.options?.level ? this.real().isLevelEnabled(level) : this.parent.isLevelEnabled(level);
    if (enabled) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(l: string) {
    this.real().level = l;
  }
  isLevelEnabled(level: string) {
    return this.made ? this.made.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }
  fatal(...a: unknown[]) {
    this.write('fatal', a);
  }
  error(...a: unknown[]) {
    this.write('error', a);
  }
  warn(...a: unknown[]) {
    this.write('warn', a);
  }
  info(...a: unknown[]) {
    this.write('info', a);
  }
  debug(...a: unknown[]) {
    this.write('debug', a);
  }
  trace(...a: unknown[]) {
    this.write('trace', a);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildOptions) {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: see LazyRequestLogger. */
export function lazyRequestLogger(this: unknown, logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  // Fastify's silent stand-in (logger: false) has no levels to ask: its children cost nothing
  if (typeof (logger as Partial<PinoLike>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyRequestLogger(logger as PinoLike, bindings, options) as unknown as FastifyBaseLogger;
}
