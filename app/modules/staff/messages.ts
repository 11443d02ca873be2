/** The console's sign-in words and rules, shared by its pages and the server (issue 54). */

export type StaffRole = "owner" | "staff";

export const PASSWORD_RULES = { minLength: 10, maxLength: 200 } as const;

export const STAFF_MESSAGES = {
  wrongSignIn: "That email and password do not match an account of this store.",
  tooMany: (when: string) => `Too many sign-in attempts. Please try again ${when}.`,
  linkInvalid: "This link has expired or was already used. Ask the store's owner for a new one.",
  passwordShort: `Choose a password of at least ${PASSWORD_RULES.minLength} characters.`,
  passwordLong: `Choose a password of at most ${PASSWORD_RULES.maxLength} characters.`,
  passwordsDiffer: "The two passwords are not the same.",
  email: "Enter an email address like name@shop.in.",
  exists: "This store already has an account with that email.",
} as const;
