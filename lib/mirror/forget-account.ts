import "server-only";

// Forgetting an account's mirror: its days and its rows in every fact table the mirror writes
// beside them. The tables come from the one list the mirrored clients write (getFactStores), so
// a table added there is forgotten too. Its own file beside mirror-access.ts, so that tests which
// replace the process's stores still run this.
import { getFactStores, getMirrorStore } from "./mirror-access";

export async function forgetMirroredAccount(identity: string): Promise<void> {
  await getMirrorStore().forget(identity);
  // Together: on DuckDB the tables share one file, and their forgets then share its one rewrite (duckdb-instance.ts's compact).
  await Promise.all(Object.values(getFactStores()).map((store) => store.forget(identity)));
}
