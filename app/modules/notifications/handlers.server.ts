import type { Db } from "../../db/client.server";
import type { Env } from "../../env.server";
import type { Logger } from "../../logger.server";
import type { JobHandler } from "../jobs/worker.server";
import { emailSender } from "./email-senders.server";
import { newsletterHandlers } from "./newsletter-messages.server";
import { orderMessageHandlers } from "./order-messages.server";
import { quoteMessageHandlers } from "./quote-messages.server";
import { shopMessageHandlers } from "./shop-messages.server";
import { orderSmsSender } from "./sms-senders.server";
import { whatsAppSender } from "./whatsapp.server";

/** Every message job's handler, with the senders the settings choose (README, "Messages"). */
export function messageHandlers(deps: { db: Db; env: Env; log: Logger; origin: string }): Record<string, JobHandler> {
  const email = emailSender(deps.env);
  const sms = orderSmsSender(deps);
  return {
    ...orderMessageHandlers({
      sms,
      email,
      whatsapp: whatsAppSender(deps.env),
      origin: deps.origin,
    }),
    ...shopMessageHandlers({ email, origin: deps.origin }),
    ...quoteMessageHandlers({ sms, email, origin: deps.origin }),
    ...newsletterHandlers({ email, origin: deps.origin }),
  };
}
