import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { configureLinkErrors } from "../platform/links/links.ts";
import { installAppPages } from "../app/pages.server.ts";

configureLinkErrors("throw");
// The features' pages, as the server installs them at start.
installAppPages();
afterEach(() => cleanup());
