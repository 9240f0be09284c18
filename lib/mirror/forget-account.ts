import "server-only";

// Forgetting an account's mirror: its days and its rows in every fact table the mirror writes
// beside them. The tables come from the one list the mirrored clients write (getFactStores), so
// a table added there is forgotten too. Its own file beside mirror-access.ts, so that tests which
// replace the process's stores still run this.
import { getFactStores, getMirrorStore } from "./mirror-access";

export async function forgetMirroredAccount(identity: string): Promise<void> {
  await getMirrorStore().forget(identity);
  // One after another: on SQLite the tables share the mirror's file, whose writers wait on each
  // other; on DuckDB the first store's forget empties every table of the file and rewrites it once.
  for (const store of Object.values(getFactStores())) await store.forget(identity);
}
