import { z } from "zod";
import { ORDER_STATUSES } from "./statuses";

/** The order page's forms as the server takes them (issue 54): every field checked, nothing else trusted. */
export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("move"),
    to: z.enum(
      ORDER_STATUSES.filter((s) => s !== "Pending") as ["Confirmed", "Packed", "Shipped", "Delivered", "Cancelled"],
      {
        message: "Choose what happens to the order.",
      },
    ),
    seen: z.enum(ORDER_STATUSES, { message: "Reload the page and try again." }),
    courier: z.string().trim().max(80, "Keep the courier under 81 characters.").default(""),
    trackingNumber: z.string().trim().max(80, "Keep the tracking number under 81 characters.").default(""),
  }),
  z.object({
    intent: z.literal("refund"),
    amount: z.coerce
      .number({ message: "Enter the amount to refund, in rupees." })
      .positive("Enter an amount above ₹0.")
      .max(1_00_00_000, "That amount is too large."),
    reason: z.string().trim().max(200, "Keep the reason under 201 characters.").default(""),
    mode: z.enum(["cash", "upi", "bank"]).optional(),
    reference: z.string().trim().max(80, "Keep the reference under 81 characters.").default(""),
  }),
  z.object({
    intent: z.literal("cancel-refund"),
    seen: z.enum(ORDER_STATUSES, { message: "Reload the page and try again." }),
  }),
  z.object({
    intent: z.literal("cash"),
    amount: z.coerce
      .number({ message: "Enter the amount collected, in rupees." })
      .positive("Enter the amount collected, in rupees.")
      .max(1_00_00_000, "That amount is too large."),
    mode: z.enum(["cash", "upi"], { message: "Choose Cash or UPI." }),
  }),
  z.object({
    intent: z.literal("note"),
    body: z.string().trim().min(1, "Write the note first.").max(1000, "Keep the note under 1,001 characters."),
  }),
  z.object({
    intent: z.literal("stock"),
    /** `<product id>` or `<product id>|<size>`: one of the order's lines. */
    line: z
      .string({ message: "Choose the item whose stock changed." })
      .regex(/^[0-9a-f-]{36}(\|.{1,80})?$/i, "Choose the item whose stock changed.")
      .transform((line) => {
        const bar = line.indexOf("|");
        return bar < 0 ? { productId: line, size: null } : { productId: line.slice(0, bar), size: line.slice(bar + 1) };
      }),
    change: z.coerce
      .number({ message: "Enter how many units to add or take away, e.g. -2." })
      .int("Enter whole units, e.g. -2.")
      .min(-100_000, "That change is too large.")
      .max(100_000, "That change is too large.")
      .refine((n) => n !== 0, "Enter how many units to add or take away, e.g. -2."),
    note: z
      .string()
      .trim()
      .min(1, "Say why the stock changed, e.g. 2 tins dented.")
      .max(200, "Keep the reason under 201 characters."),
  }),
]);

export type OrderAction = z.output<typeof orderActionSchema>;
