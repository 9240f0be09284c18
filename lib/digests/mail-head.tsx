import { Head } from "@react-email/components";
import { DARK } from "./email-style";

/** The head of the mails (digests, alerts): light and dark mail clients, and the narrow-screen rules. */
export function MailHead() {
  return (
    <Head>
      <meta name="color-scheme" content="light dark" />
      <meta name="supported-color-schemes" content="light dark" />
      <style>{DARK}</style>
    </Head>
  );
}
