/**
 * A product's photos moved and removed on its form (issue 56): by the buttons beside each photo,
 * posted as "photo-up:2", "photo-down:0" or "photo-remove:1" where scripts do not run, and the
 * same steps in the browser where they do (by buttons or by dragging).
 */

export interface PhotoList {
  photo: string[];
  photoAlt: string[];
}

/** Moves the photo at `from` to `to`, keeping each description with its photo. */
export function movePhoto<T extends PhotoList>(list: T, from: number, to: number): T {
  const count = list.photo.length;
  if (from < 0 || from >= count || to < 0 || to >= count || from === to) return list;
  const move = (values: string[]) => {
    const next = [...values];
    const [taken] = next.splice(from, 1);
    next.splice(to, 0, taken ?? "");
    return next;
  };
  return { ...list, photo: move(list.photo), photoAlt: move(list.photoAlt) };
}

export function removePhoto<T extends PhotoList>(list: T, index: number): T {
  if (index < 0 || index >= list.photo.length) return list;
  return {
    ...list,
    photo: list.photo.filter((_, i) => i !== index),
    photoAlt: list.photoAlt.filter((_, i) => i !== index),
  };
}

/** Applies a posted photo step to the form's fields in place; other intents change nothing. */
export function photoStep(fields: PhotoList, intent: string): void {
  const match = /^photo-(up|down|remove):(\d{1,2})$/.exec(intent);
  if (!match) return;
  const index = Number(match[2]);
  const next =
    match[1] === "remove"
      ? removePhoto(fields, index)
      : movePhoto(fields, index, match[1] === "up" ? index - 1 : index + 1);
  fields.photo = next.photo;
  fields.photoAlt = next.photoAlt;
}
