import { configureLinkErrors } from "../platform/links/links.ts";

// A broken link is a bug: in tests it throws instead of falling back to "/".
configureLinkErrors("throw");
