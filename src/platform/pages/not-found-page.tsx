import { data } from "react-router";

/** Anything the route table does not know: the localized 404 page (root ErrorBoundary). */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFoundPage() {
  return null;
}
