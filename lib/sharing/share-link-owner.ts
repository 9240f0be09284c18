import "server-only";

// The share links' store: the process's one (lib/store/app-stores.ts builds it), so the page
// that opens a link sees the links the action made.
import { shareLinkStore } from "@/lib/store/app-stores";
import type { ShareLinkStore } from "@/lib/store/share-link-store";

export function getShareLinkStore(): ShareLinkStore {
  return shareLinkStore();
}
