import { Head, Hr, Link, Text } from "@react-email/components";
import { DARK, styles } from "./email-style";

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

/** The foot of the mails: why the reader receives it, and the unsubscribe link (none in a preview). */
export function MailFooter({ why, unsubscribe, unsubscribeUrl }: { why: string; unsubscribe: string; unsubscribeUrl: string | null }) {
  return (
    <>
      <Hr style={{ borderColor: "#e4e4e7", margin: "20px 0 12px" }} />
      <Text style={{ ...styles.muted, fontSize: "12px" }}>{why}</Text>
      {unsubscribeUrl ? (
        <Text style={{ ...styles.muted, fontSize: "12px" }}>
          <Link href={unsubscribeUrl} style={styles.link}>
            {unsubscribe}
          </Link>
        </Text>
      ) : null}
    </>
  );
}
