export function meta() {
  return [{ title: "Return and Refund Policy" }];
}

export default function Policy() {
  return <h1>Return and Refund Policy</h1>;
}
