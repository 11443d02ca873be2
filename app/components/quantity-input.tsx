import { useEffect, useState } from "react";
import { floorQuantity } from "../modules/cart/rules";

/**
 * Minus, a number field and plus for a quantity between min and max. Typing is kept as typed
 * until the field loses focus or Enter is pressed, so a shopper can clear it and type 24.
 */
export function QuantityInput({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (qty: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const itemName = label.replace(/^Quantity of /, "");
  useEffect(() => setText(String(value)), [value]);
  const commit = (raw: string | number) => {
    const next = Math.min(max, Math.max(min, floorQuantity(Number(raw))));
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">{label}</legend>
      <button
        type="button"
        aria-label={`One less: ${itemName}`}
        disabled={value <= min}
        onClick={() => commit(value - 1)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit(e.currentTarget.value);
        }}
      />
      <button
        type="button"
        aria-label={`One more: ${itemName}`}
        disabled={value >= max}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
