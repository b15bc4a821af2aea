import { useRouteLoaderData } from "react-router";
import { useIntl } from "react-intl";
import type { RootData } from "../../../root.tsx";
import { CSRF_FIELD } from "../../../platform/security/csrf-names.ts";

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
