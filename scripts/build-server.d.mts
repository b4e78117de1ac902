// Types of scripts/build-server.mjs for the TypeScript that calls it (bench, e2e).
export declare const SERVER_BUNDLE: string;
export declare const SERVER_ENV_DEFAULTS: Record<string, string>;
export declare const SERVER_NODE_FLAGS: string[];
export declare function serverBundleStale(): boolean;
export declare function buildServer(opts?: { force?: boolean }): Promise<boolean>;
