/**
 * A console form's field: its label, the control, a hint and its error, the hint and error
 * named by the control's aria-describedby (see `describedBy`).
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** What a control's aria-describedby names: its hint and its error, when it has them. */
export function describedBy(errors: Record<string, string | undefined>, id: string, hint = false): string | undefined {
  return [hint ? `${id}-hint` : "", errors[id] ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** The field errors an action answered, by field name. */
export function fieldErrors(answer: unknown): Record<string, string | undefined> {
  return typeof answer === "object" && answer !== null && "fields" in answer
    ? ((answer as { fields: Record<string, string> }).fields ?? {})
    : {};
}
