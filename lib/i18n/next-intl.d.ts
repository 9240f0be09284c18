// Message keys are checked by the compiler: t("a.key") that no English file holds is an error.
import type { AppLocale } from "./locales";
import type { Messages } from "./messages";

declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: Messages;
  }
}
