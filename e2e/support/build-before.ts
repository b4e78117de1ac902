// vitest globalSetup of the e2e and cluster runs: the specs start the compiled server, so it is
// rebuilt first when a source is newer than the bundle (about a second; nothing when it is current).
// Without this, a spec run after an edit would test the last build.
import { buildServer } from '../../scripts/build-server.mjs';

export default async function setup() {
  if (await buildServer()) console.log('› 服务端源码有变化，已重新构建 apps/server/dist/server.mjs');
}
