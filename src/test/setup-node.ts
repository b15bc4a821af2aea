import { configureLinkErrors } from "../platform/links/links.ts";
import { installAppPages } from "../app/pages.server.ts";

// A broken link is a bug: in tests it throws instead of falling back to "/".
configureLinkErrors("throw");
// The features' pages, as the server installs them at start.
installAppPages();
