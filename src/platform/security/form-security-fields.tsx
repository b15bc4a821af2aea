import { useIntl } from "../i18n/intl.tsx";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../shell/root-data.ts";
import { CSRF_FIELD } from "./csrf-names.ts";

/** The hidden fields every form post carries: the CSRF token and the page's language. */
export function FormSecurityFields() {
  const root = useRouteLoaderData<RootData>("root");
  const intl = useIntl();
  return (
    <>
      <input type="hidden" name={CSRF_FIELD} value={root?.csrfToken ?? ""} />
      <input type="hidden" name="locale" value={intl.locale} />
    </>
  );
}
