export function meta() {
  return [{ title: "Terms & Conditions" }];
}

export default function Policy() {
  return <h1>Terms & Conditions</h1>;
}
