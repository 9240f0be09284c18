import "server-only";

// The mail that tells an account's confirmed addresses that the key kept for its digests and
// alerts was refused by the upstream and deleted here (issue #27, point 5): what happened, that
// nothing is synced or sent while nobody is signed in, and how to keep a new key. In the
// subscriber's language; no figure and no customer data.
import { Body, Container, Heading, Html, Link, Preview, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { AppLocale } from "@/lib/i18n/locales";
import type { RenderedEmail } from "./digest-email";
import { styles } from "./email-style";
import { wordsFor } from "./email-words";
import { MailFooter, MailHead } from "./mail-head";

export interface KeyStoppedEmailOptions {
  locale: AppLocale;
  /** The dashboard's sign-in page. */
  signInUrl: string;
  unsubscribeUrl: string | null;
}

export async function renderKeyStoppedEmail(options: KeyStoppedEmailOptions): Promise<RenderedEmail> {
  const { t } = wordsFor(options.locale, "digests");
  const element = (
    <Html lang={options.locale}>
      <MailHead />
      <Preview>{t("keyStopped.body")}</Preview>
      <Body style={styles.body} className="sd-body">
        <Container style={styles.container} className="sd-card">
          <Heading as="h1" style={{ fontSize: "20px", margin: "0 0 8px" }}>
            {t("keyStopped.heading")}
          </Heading>
          <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "6px 0" }}>{t("keyStopped.body")}</Text>
          <Text style={{ fontSize: "15px", lineHeight: "22px", margin: "6px 0" }}>{t("keyStopped.meanwhile")}</Text>
          <Text style={{ margin: "20px 0 0" }}>
            <Link href={options.signInUrl} style={{ ...styles.link, fontWeight: 600 }}>
              {t("keyStopped.action")}
            </Link>
          </Text>
          <MailFooter why={t("keyStopped.why")} unsubscribe={t("unsubscribe")} unsubscribeUrl={options.unsubscribeUrl} />
        </Container>
      </Body>
    </Html>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t("keyStopped.subject"), html, text };
}
