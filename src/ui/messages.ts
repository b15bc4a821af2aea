import type enCatalog from "./messages/en.json";

/** Every message id of the UI kit; the English catalog is the source of truth. */
export type UiMessageId = keyof typeof enCatalog;

/** Marks a string as a UI kit message id, checked against the English catalog at compile time. */
export function uiMessageId<const Id extends UiMessageId>(id: Id): Id {
  return id;
}
