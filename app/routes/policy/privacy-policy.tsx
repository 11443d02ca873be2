export function meta() {
  return [{ title: "Privacy Policy" }];
}

export default function Policy() {
  return <h1>Privacy Policy</h1>;
}
