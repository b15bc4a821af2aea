import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { configureLinkErrors } from "../platform/links/links.ts";

configureLinkErrors("throw");
afterEach(() => cleanup());
