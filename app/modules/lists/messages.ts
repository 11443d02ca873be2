/**
 * The lists' limits and messages (issue 59), apart from their zod schemas in rules.ts: the
 * product page and the cart show these words without loading a validation library.
 */

export const MAX_LISTS = 30;
export const MAX_LIST_LINES = 200;
export const MAX_LIST_NAME = 60;

export const LIST_MESSAGES = {
  name: `Name the list in 1 to ${MAX_LIST_NAME} characters, like "Weekly veg".`,
  nameTaken: "You already have a list with this name. Choose another.",
  tooMany: `You can keep up to ${MAX_LISTS} lists. Delete one you no longer use first.`,
  tooManyLines: `A list can hold up to ${MAX_LIST_LINES} items.`,
  notFound: "This list is not yours, or it was deleted.",
  empty: "There is nothing to save: the cart is empty.",
  added: (name: string) => `Added to ${name}.`,
  saved: (name: string) => `Saved as ${name}.`,
  signIn: "Sign in to keep lists of what you order often.",
} as const;
