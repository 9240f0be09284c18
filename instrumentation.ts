// Runs once when a server starts (never during `next build`): the shared back-ends are made
// ready before the first request, or the instance stops with a message naming the variable.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First, so that requests carry their socket's address (lib/http/client-address.ts).
  const { stampPeerAddresses } = await import("./lib/http/peer-address");
  stampPeerAddresses();
  const { prepareSharedBackends, SharedBackendStartError } = await import("./lib/store/prepare-shared-backends");
  try {
    await prepareSharedBackends();
  } catch (error) {
    if (!(error instanceof SharedBackendStartError)) throw error;
    console.error(`\nSalesdash cannot start: ${error.message}\n`);
    process.exit(1);
  }
}
