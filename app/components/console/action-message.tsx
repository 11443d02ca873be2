/**
 * What a console form's action answered: its error (announced at once) or its notice. Every
 * console action answers `{ error }` or `{ notice }`, among other fields of its own.
 */
export function ActionMessage({ answer }: { answer: unknown }) {
  if (typeof answer !== "object" || answer === null) return null;
  const { error, notice } = answer as { error?: unknown; notice?: unknown };
  if (typeof error === "string") {
    return (
      <p className="alert alert--error" role="alert">
        {error}
      </p>
    );
  }
  if (typeof notice === "string") {
    return (
      <p className="alert alert--success" role="status">
        {notice}
      </p>
    );
  }
  return null;
}
