import { useState } from "react";
import { movePhoto, type PhotoList, removePhoto } from "../../modules/console/product-photos";
import { imageAt } from "../ui/product-image";

/**
 * A product's photos on its form, in the order the store shows them, each with its description
 * for shoppers who cannot see it. Reordered by dragging or by the buttons, removed by a button.
 * Where scripts do not run, the buttons post the step and the server answers the form with it.
 */
export function ProductPhotos({
  initial,
  onChange,
  errors,
}: {
  initial: PhotoList;
  onChange: (list: PhotoList) => void;
  errors: Record<string, string | undefined>;
}) {
  const [list, setList] = useState(initial);
  const [dragged, setDragged] = useState<number | null>(null);
  const change = (next: PhotoList) => {
    setList(next);
    onChange(next);
  };
  const step = (event: React.MouseEvent, next: PhotoList) => {
    event.preventDefault();
    change(next);
  };
  if (list.photo.length === 0) return <p className="muted">No photos yet: the store shows a plain tile.</p>;
  return (
    <ol className="console-photos" aria-describedby={errors.photo ? "photo-error" : undefined}>
      {list.photo.map((src, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the same link may be listed twice; a move renders the list afresh anyway.
          key={`${src}-${index}`}
          draggable
          onDragStart={() => setDragged(index)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) change(movePhoto(list, dragged, index));
            setDragged(null);
          }}
          className={dragged === index ? "is-dragged" : undefined}
        >
          <img src={imageAt(src, 160)} alt="" width={72} height={72} />
          <input type="hidden" name="photo" value={src} />
          <div>
            <label htmlFor={`photo-alt-${index}`}>
              {index === 0 ? "Main photo: description" : `Photo ${index + 1}: description`}
            </label>
            <input
              id={`photo-alt-${index}`}
              name="photoAlt"
              value={list.photoAlt[index] ?? ""}
              onChange={(event) => {
                const photoAlt = [...list.photoAlt];
                photoAlt[index] = event.target.value;
                change({ ...list, photoAlt });
              }}
              maxLength={300}
              placeholder="What it shows, like: 500 g pack, front"
            />
            <span className="console-row-buttons">
              <button
                type="submit"
                name="intent"
                value={`photo-up:${index}`}
                className="text-button"
                aria-label={`Move up photo ${index + 1}`}
                disabled={index === 0}
                onClick={(event) => step(event, movePhoto(list, index, index - 1))}
              >
                Move up
              </button>
              <button
                type="submit"
                name="intent"
                value={`photo-down:${index}`}
                className="text-button"
                aria-label={`Move down photo ${index + 1}`}
                disabled={index === list.photo.length - 1}
                onClick={(event) => step(event, movePhoto(list, index, index + 1))}
              >
                Move down
              </button>
              <button
                type="submit"
                name="intent"
                value={`photo-remove:${index}`}
                className="text-button"
                aria-label={`Remove photo ${index + 1}`}
                onClick={(event) => step(event, removePhoto(list, index))}
              >
                Remove
              </button>
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
