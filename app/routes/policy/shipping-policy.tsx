export function meta() {
  return [{ title: "Shipping Policy" }];
}

export default function Policy() {
  return <h1>Shipping Policy</h1>;
}
