/** React Router's NavLink rule: the same path, or (without `end`) a path below it. */
export function isActive(pathname: string, href: string, end: boolean, caseSensitive: boolean): boolean {
  let target = href.replace(/[?#].*$/, "");
  let current = pathname;
  if (!caseSensitive) {
    target = target.toLowerCase();
    current = current.toLowerCase();
  }
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === "/");
}
