import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkRetry } from "./platform/http/chunk-retry.ts";
import { reportClientMetric } from "./platform/http/client-metrics.ts";
import { configureLinkErrors } from "./platform/links/links.ts";

installChunkRetry();
configureLinkErrors("report", (error) => {
  console.error(`Couldn't find missing route: ${error.message}`);
  reportClientMetric({ kind: "link_error", url: location.pathname, message: error.message });
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
