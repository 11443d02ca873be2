import { useEffect, useState } from "react";
import {
  fitQuantity,
  nextQuantity,
  type OrderUnits,
  previousQuantity,
  roundedNote,
  SINGLE_UNITS,
} from "../modules/cart/packs";
import { floorQuantity } from "../modules/cart/rules";

/**
 * Minus, a number field and plus for a quantity between min and max. Typing is kept as typed
 * until the field loses focus or Enter is pressed, so a shopper can clear it and type 24. For a
 * product sold in packs (issue 59) the buttons step a pack at a time, and a typed quantity off
 * the pack is rounded up with a note saying so.
 */
export function QuantityInput({
  label,
  value,
  min,
  max,
  units = SINGLE_UNITS,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  units?: OrderUnits;
  onChange: (qty: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<string | null>(null);
  const itemName = label.replace(/^Quantity of /, "");
  const packed = units.packOf > 1;
  useEffect(() => setText(String(value)), [value]);
  const commit = (asked: number, typed: boolean) => {
    const fitted = Math.min(max, Math.max(min, fitQuantity(floorQuantity(asked), units) || min));
    setText(String(fitted));
    setNote(typed ? roundedNote(floorQuantity(asked), fitted, units) : null);
    if (fitted !== value) onChange(fitted);
  };
  return (
    <div className="quantity-input">
      <fieldset className="stepper">
        <legend className="visually-hidden">{label}</legend>
        <button
          type="button"
          aria-label={packed ? `One pack less: ${itemName}` : `One less: ${itemName}`}
          disabled={value <= min}
          onClick={() => commit(previousQuantity(value, units), false)}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          aria-label={label}
          min={min}
          max={max}
          step={units.packOf}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={(e) => commit(Number(e.currentTarget.value), true)}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit(Number(e.currentTarget.value), true);
          }}
        />
        <button
          type="button"
          aria-label={packed ? `One pack more: ${itemName}` : `One more: ${itemName}`}
          disabled={nextQuantity(value, units) > max}
          onClick={() => commit(nextQuantity(value, units), false)}
        >
          +
        </button>
      </fieldset>
      {note ? (
        <p className="quantity-note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
