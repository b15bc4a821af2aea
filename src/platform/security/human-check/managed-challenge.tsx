import { createHttpClient } from "../../http/http-client.ts";
import { createChallengeHandler } from "./challenge-handler.ts";
import { HumanCheckDialog } from "./human-check-dialog.tsx";
import { createHumanCheckRun } from "./human-check-run.ts";

/**
 * The human check a page needs only when the server challenges one of its
 * requests: the handler and its dialog, a chunk of their own that the
 * provider loads on the first challenge (decision 0035). The check's own
 * calls go through a client of their own, which has no handler: they must
 * never be challenged into a second dialog.
 */
export function createManagedChallenge(verifyOrigin: string | null) {
  const handler = createChallengeHandler({ run: createHumanCheckRun(createHttpClient()), verifyOrigin });
  return { handler, Dialog: () => <HumanCheckDialog handler={handler} /> };
}

export type ManagedChallenge = ReturnType<typeof createManagedChallenge>;
