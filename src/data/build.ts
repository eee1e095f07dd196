/** This build's id: set once per build by the storefront integration (or by BUILD_ID), used for cache-busting and the manifest. */
export function buildId(): string {
  const id = process.env.BUILD_ID;
  if (!id) throw new Error('Build stopped: BUILD_ID is not set (the storefront integration sets it).');
  return id;
}
