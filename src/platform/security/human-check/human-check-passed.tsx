import { useIntl } from "../../i18n/intl.tsx";
import { useSearchParams } from "react-router";
import { humanCheckPassedMark } from "./human-check-limits.ts";

const SAME_SITE = "http://same.invalid";

/** `url` (a path, or an absolute URL on the main host) with the mark that the check has passed. */
export function withHumanCheckPassed(url: string): string {
  const parsed = new URL(url, SAME_SITE);
  parsed.searchParams.set(humanCheckPassedMark.name, humanCheckPassedMark.value);
  return parsed.origin === SAME_SITE ? parsed.pathname + parsed.search + parsed.hash : parsed.href;
}

/**
 * The line a form shows when the person comes back to it from the
 * verification page having passed the check: what they typed is there
 * again (the server carried it back), and the form only needs sending.
 */
export function HumanCheckPassedNotice() {
  const intl = useIntl();
  const [query] = useSearchParams();
  if (query.get(humanCheckPassedMark.name) !== humanCheckPassedMark.value) return null;
  return (
    <p className="ks-form-success" role="status">
      {intl.formatMessage({ id: "human_check.passed_notice" })}
    </p>
  );
}
