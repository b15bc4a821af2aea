import { useState, type FormEvent } from "react";
import { useIntl } from "../../../../platform/i18n/intl.tsx";
import { useRevalidator } from "react-router";
import { useHttpClient } from "../../../../platform/http/http-client-context.tsx";
import { FormSecurityFields } from "../../../../platform/security/form-security-fields.tsx";

/**
 * Delete a forum reply: with JavaScript, DELETE /callback/comment/{id} through
 * the HTTP client (which shows a refusal) and the page reloads its data;
 * without, the form posts to the route's POST twin and comes back.
 */
export function DeleteCommentForm({ postId, here, label }: { postId: number; here: string; label: string }) {
  const intl = useIntl();
  const http = useHttpClient();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await http.request("DELETE", `/callback/comment/${postId}`);
      await revalidator.revalidate();
    } catch {
      // The HTTP client has shown the refusal; the post stays.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={`/callback/comment/${postId}/delete`} onSubmit={(event) => void handleSubmit(event)}>
      <FormSecurityFields />
      <input type="hidden" name="redirectUrl" value={here} />
      <button type="submit" className="ks-button ks-button-danger" disabled={busy} aria-label={label}>
        {intl.formatMessage({ id: "clubForum.delete_post" })}
      </button>
    </form>
  );
}
