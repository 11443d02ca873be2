export function meta() {
  return [{ title: "Terms of Use" }];
}

export default function Policy() {
  return <h1>Terms of Use</h1>;
}
