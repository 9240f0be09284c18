import { MemoryTokenStore } from "@/lib/store/token-store";
import { describeTokenStore } from "../support/token-store-suite";

// The default token store; the same suite runs against Redis in tests/backends.
describeTokenStore("MemoryTokenStore", () => new MemoryTokenStore());
