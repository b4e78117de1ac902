/// <reference types="vite/client" />

/** Version of this build (root package.json or APP_VERSION), compared with /version.json by the guard. */
declare const __APP_VERSION__: string;
