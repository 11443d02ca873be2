import { Component, type ReactNode, use } from "react";
import type { AwaitProps } from "react-router";

/**
 * `<Await>` for both routers (ADR 0024, 0025): React Router's props and rules, on React's `use`.
 *
 * React Router's own `<Await>` follows a promise with marks of its own and always waits once for
 * a promise it has not seen, so a page whose deferred data had already come still rendered its
 * fallback first. React's `use` reads a promise that carries its outcome (`status` and `value`
 * or `reason`, as React itself marks one it has read) at once: a page whose deferred data is here
 * is rendered in one piece (app/platform/whole-page.server.ts), and the browser's standalone
 * pages hydrate deferred parts whose JSON is already in the document without waiting
 * (standalone-data.ts). Markup is the same as React Router's: neither adds an element.
 */
export function Await<T>({ resolve, errorElement, children }: AwaitProps<T>): ReactNode {
  return (
    <AwaitBoundary failed={errorElement}>
      <Resolved value={resolve}>{children as ReactNode | ((value: T) => ReactNode)}</Resolved>
    </AwaitBoundary>
  );
}

function Resolved<T>({ value, children }: { value: T | Promise<T>; children: ReactNode | ((value: T) => ReactNode) }) {
  const resolved = value instanceof Promise ? use(value) : value;
  return <>{typeof children === "function" ? children(resolved) : children}</>;
}

/** React Router's rule: a failed promise shows `errorElement`, or fails the page without one. */
class AwaitBoundary extends Component<
  { failed: ReactNode; children: ReactNode },
  { error: { reason: unknown } | null }
> {
  override state: { error: { reason: unknown } | null } = { error: null };
  static getDerivedStateFromError(reason: unknown) {
    return { error: { reason } };
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.failed === undefined) throw error.reason;
    return this.props.failed;
  }
}
