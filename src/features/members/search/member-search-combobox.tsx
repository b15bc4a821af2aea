import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useIntl } from "../../../platform/i18n/intl.tsx";
import { useNavigate } from "react-router";
import { useHttpClient } from "../../../platform/http/http-client-context.tsx";
import { useLinks } from "../../../platform/links/use-links.ts";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";
import { readSearchQuery, SEARCH_MIN_LENGTH } from "./member-search.schema.ts";
import type { SuggestedMember } from "./member-search-options.tsx";
import { searchFieldAttributes, SearchGlyph } from "./search-box-parts.tsx";

const loadOptions = () => importWithRetry(() => import("./member-search-options.tsx"));
const MemberSearchOptions = lazy(() => loadOptions().then((module) => ({ default: module.MemberSearchOptions })));

/** How long typing must pause before the box asks the server. */
const SUGGEST_DEBOUNCE_MS = 250;

/** GET /callback/user/search/{username}: at most 10 members, by username. */
interface SuggestionsAnswer {
  readonly users: readonly { readonly username: string; readonly countryCode: string; readonly chessTitle: string | null }[];
}
type Suggestion = SuggestedMember;

type Lookup =
  | { readonly status: "idle" }
  | { readonly status: "loading"; readonly query: string }
  | { readonly status: "done"; readonly query: string; readonly members: readonly Suggestion[] };

/**
 * The header's member search: an ARIA 1.2 combobox with a listbox of
 * members whose username starts with what is typed (the user search call,
 * debounced). ArrowDown/ArrowUp move through the members, Enter on one opens
 * its profile, Enter otherwise goes to /search?q=, Escape closes the list
 * (then clears the field, then, on a phone, folds the box back into its
 * button). Without JavaScript it is a plain form to /search.
 *
 * Below 768 px it folds into an icon button that opens the field over the
 * header row.
 *
 * Its own chunk: MemberSearchBox (every page's header) draws the same form
 * and swaps this in when the member first reaches for it, handing over what
 * was typed meanwhile and the focus.
 */
export function MemberSearchCombobox({ typed, unfoldedAtStart, focusAtStart }: { readonly typed: { readonly current: string }; readonly unfoldedAtStart: boolean; readonly focusAtStart: boolean }) {
  const intl = useIntl();
  const link = useLinks();
  const navigate = useNavigate();
  const client = useHttpClient();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const statusId = `${baseId}-status`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const [text, setText] = useState(typed.current);
  const [lookup, setLookup] = useState<Lookup>({ status: "idle" });
  const [listOpen, setListOpen] = useState(focusAtStart);
  const [active, setActive] = useState(-1);
  /** On a phone: the field is unfolded. */
  const [unfolded, setUnfolded] = useState(unfoldedAtStart);

  // Take over the focus from the form it replaces (what was typed there is the text's start: `typed`).
  useLayoutEffect(() => {
    if (!focusAtStart) return;
    const input = inputRef.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [focusAtStart]);

  const { query, problem } = readSearchQuery(text);
  const searchable = query !== "" && problem === null;

  // Debounced lookup; an answer to an older query is dropped (and one for another query is never shown).
  useEffect(() => {
    if (!searchable) return;
    let current = true;
    const timer = setTimeout(() => {
      setLookup({ status: "loading", query });
      client
        .request<SuggestionsAnswer>("GET", `/callback/user/search/${encodeURIComponent(query)}`, { quiet: true })
        .then((answer) => {
          if (current) setLookup({ status: "done", query, members: answer.users });
        })
        .catch(() => {
          if (current) setLookup({ status: "done", query, members: [] });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, query, searchable]);

  const members = lookup.status === "done" && lookup.query === query ? lookup.members : [];
  const expanded = listOpen && members.length > 0;
  const activeMember = expanded && active >= 0 ? members[active] : undefined;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    if (unfolded) inputRef.current?.focus();
  }, [unfolded]);

  function statusText(): string {
    if (text.trim() !== "" && problem === "too_short") return intl.formatMessage({ id: "member_search.too_short" }, { number: SEARCH_MIN_LENGTH });
    if (!searchable || !listOpen) return "";
    if (lookup.status === "loading" && lookup.query === query) return intl.formatMessage({ id: "member_search.box.searching" });
    if (lookup.status === "done" && lookup.query === query) {
      return members.length === 0 ? intl.formatMessage({ id: "member_search.box.none" }) : intl.formatMessage({ id: "member_search.box.count" }, { count: members.length });
    }
    return "";
  }

  function openProfile(member: Suggestion) {
    setListOpen(false);
    setActive(-1);
    setText("");
    setUnfolded(false);
    void navigate(link("web_member_profile", { username: member.username }));
  }

  function fold() {
    setListOpen(false);
    setActive(-1);
    setUnfolded(false);
    toggleRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (members.length === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        if (!listOpen) {
          setListOpen(true);
          setActive(step === 1 ? 0 : members.length - 1);
          return;
        }
        setActive((index) => (index + step + members.length + (index < 0 && step === -1 ? 1 : 0)) % members.length);
        return;
      }
      case "Enter":
        if (activeMember) {
          event.preventDefault();
          openProfile(activeMember);
        }
        // Otherwise the form goes to /search?q=.
        return;
      case "Escape":
        event.preventDefault();
        if (expanded) {
          setListOpen(false);
          setActive(-1);
        } else if (text !== "") {
          setText("");
        } else if (unfolded) {
          fold();
        }
        return;
      default:
        return;
    }
  }

  function handleBlur(event: FocusEvent<HTMLFormElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setListOpen(false);
    setActive(-1);
    if (text === "") setUnfolded(false);
  }

  const label = intl.formatMessage({ id: "member_search.box.label" });
  const status = statusText();
  return (
    <div className="ks-header-search" data-unfolded={unfolded ? "true" : "false"}>
      <button
          ref={toggleRef}
          type="button"
          className="ks-header-search-toggle"
          aria-expanded={unfolded}
          aria-controls={`${baseId}-form`}
          aria-label={intl.formatMessage({ id: "member_search.box.label" })}
          onClick={() => setUnfolded(true)}
        >
          <SearchGlyph />
        </button>
      <form
        id={`${baseId}-form`}
        className="ks-header-search-form"
        role="search"
        method="get"
        action={link("web_search")}
        aria-label={label}
        onBlur={handleBlur}
        onSubmit={() => {
          setListOpen(false);
          setUnfolded(false);
        }}
      >
        <label className="ks-visually-hidden" htmlFor={inputId}>{label}</label>
        <span className="ks-header-search-icon" aria-hidden="true"><SearchGlyph /></span>
        <input
          ref={inputRef}
          id={inputId}
          {...searchFieldAttributes}
          placeholder={label}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeMember ? optionId(active) : undefined}
          aria-describedby={statusId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setListOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setListOpen(true);
            // The options' chunk loads while the member types.
            void loadOptions().catch(() => undefined);
          }}
          onKeyDown={handleKeyDown}
        />
        <button type="button" className="ks-header-search-close" aria-label={intl.formatMessage({ id: "member_search.box.close" })} onClick={fold}>
          <span aria-hidden="true">×</span>
        </button>
        <ul id={listId} role="listbox" className="ks-header-search-list" aria-label={label} hidden={!expanded}>
          {members.length > 0 && (
            <Suspense fallback={null}>
              <MemberSearchOptions members={members} active={active} optionId={optionId} onPick={openProfile} onHover={setActive} />
            </Suspense>
          )}
        </ul>
        {/* The hint and "no member found" show under the field; with the list open, the count is for screen readers only. */}
        <span id={statusId} className={listOpen && !expanded && status !== "" ? "ks-header-search-hint" : "ks-visually-hidden"} role="status">
          {status}
        </span>
      </form>
    </div>
  );
}

