import "server-only";

// The mail that asks an address's owner to confirm a digest: what was asked, a link to the page
// that confirms it, and that ignoring it sends nothing. In the subscriber's language.
import { Body, Container, Head, Heading, Html, Link, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { createTranslator } from "use-intl/core";
import type { AppLocale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import type { SubscriptionKind } from "./digest-period";
import type { RenderedEmail } from "./digest-email";

export async function renderConfirmationEmail(options: { locale: AppLocale; cadence: SubscriptionKind; timeZone: string; confirmUrl: string }): Promise<RenderedEmail> {
  const t = createTranslator({ locale: options.locale, messages: MESSAGES[options.locale], namespace: "digests" });
  const element = (
    <Html lang={options.locale}>
      <Head>
        <meta name="color-scheme" content="light dark" />
      </Head>
      <Body style={{ fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" }}>
        <Container style={{ maxWidth: "560px", padding: "16px" }}>
          <Heading as="h1" style={{ fontSize: "20px" }}>{t(options.cadence === "alerts" ? "confirmation.headingAlerts" : "confirmation.heading")}</Heading>
          <Text>{options.cadence === "alerts" ? t("confirmation.bodyAlerts", { zone: options.timeZone }) : t("confirmation.body", { cadence: t(`cadence.${options.cadence}`), zone: options.timeZone })}</Text>
          <Text>
            <Link href={options.confirmUrl} style={{ color: "#1d4ed8", fontWeight: 600 }}>{t(options.cadence === "alerts" ? "confirmation.buttonAlerts" : "confirmation.button")}</Link>
          </Text>
          <Text style={{ color: "#52525b", fontSize: "13px" }}>{t("confirmation.ignore")}</Text>
        </Container>
      </Body>
    </Html>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: t(options.cadence === "alerts" ? "confirmation.subjectAlerts" : "confirmation.subject"), html, text };
}
