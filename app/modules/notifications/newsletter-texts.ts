import {
  type EmailContent,
  emailButton,
  emailColour,
  emailPage,
  emailParagraph,
  escapeHtml,
  storeMark,
} from "./email-texts";

/**
 * The newsletter's confirmation email (issue 57): the double opt-in's one question, with the
 * link that confirms and the one that says no. Not about an order, so it carries
 * List-Unsubscribe and List-Unsubscribe-Post (RFC 8058): mail programs show their own
 * "Unsubscribe" button, which posts to the same link without the reader signing in.
 */

export interface NewsletterLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function newsletterConfirmationEmail(
  storeName: string,
  links: NewsletterLinks,
  primaryColor: string,
): EmailContent & { headers: Record<string, string> } {
  const subject = `Confirm your newsletter subscription · ${storeName}`;
  const lines = [
    `Someone, we hope you, asked for the newsletter of ${storeName} at this address.`,
    "Confirm it, and we will send you our offers and news. If it was not you, ignore this email: you will not be subscribed.",
  ];
  const text = [
    subject,
    "",
    ...lines,
    "",
    `Confirm: ${links.confirmUrl}`,
    "",
    `Never email me again: ${links.unsubscribeUrl}`,
  ].join("\n");
  const colour = emailColour(primaryColor);
  const html = emailPage({
    title: subject,
    colour,
    mark: storeMark(storeName),
    heading: "Confirm your subscription",
    body: [
      lines.map((line) => emailParagraph(line)).join(""),
      emailButton(links.confirmUrl, "Confirm my subscription", colour),
      `<p style="margin:24px 0 0;font-size:13px"><a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#4a4f57">Never email me again</a></p>`,
    ].join("\n"),
  });
  return {
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${links.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
