import { use } from "react";
import type { SignedInSlots, SignedInSlotsLoader } from "./shell-slots.ts";

/**
 * The signed-in slots, loaded once per process (the server, the browser):
 * the server loads them before it renders a signed-in visitor's page, the
 * browser as soon as the document says the visitor is signed in, so neither
 * suspends when they were ready in time.
 */
const loaded = new WeakMap<SignedInSlotsLoader, SignedInSlots>();
const loading = new WeakMap<SignedInSlotsLoader, Promise<SignedInSlots>>();

export function preloadSignedInSlots(load: SignedInSlotsLoader): Promise<SignedInSlots> {
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then((slots) => {
      loaded.set(load, slots);
      return slots;
    });
    loading.set(load, pending);
  }
  return pending;
}

/** The slots, or a suspension until their chunk has arrived (hydration keeps the server's HTML meanwhile). */
export function useSignedInSlots(load: SignedInSlotsLoader): SignedInSlots {
  return loaded.get(load) ?? use(preloadSignedInSlots(load));
}

/** The attribute of <html> that tells the browser's first script the visitor is signed in. */
export const signedInDocumentAttribute = "data-signed-in";

/** In the browser, before hydration: start loading the signed-in chunk when the server rendered a signed-in page. */
export function preloadSignedInSlotsForDocument(load: SignedInSlotsLoader | undefined): void {
  if (load && typeof document !== "undefined" && document.documentElement.hasAttribute(signedInDocumentAttribute)) void preloadSignedInSlots(load);
}
