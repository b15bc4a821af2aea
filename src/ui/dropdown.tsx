import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useDismiss } from "./use-dismiss.ts";

interface DropdownOptionBase {
  /** Identifies the option; compared with `selectedValue`. */
  value: string;
  label: ReactNode;
}

/** An option that navigates: a plain link, so it works as full page navigation. */
export interface DropdownLinkOption extends DropdownOptionBase {
  href: string;
  onSelect?: undefined;
}

/** An option that calls back. */
export interface DropdownActionOption extends DropdownOptionBase {
  href?: undefined;
  onSelect?: () => void;
}

export type DropdownOption = DropdownLinkOption | DropdownActionOption;

export interface DropdownProps {
  /** What the dropdown chooses ("Game type"); names the button and the menu. */
  label: string;
  /** Show the label before the button; otherwise it is only read by screen readers. */
  showLabel?: boolean;
  options: readonly DropdownOption[];
  /** The current choice; it is marked and cannot be picked again. */
  selectedValue?: string | null;
  /** Shown in the header when nothing is selected. */
  placeholder?: ReactNode;
  /** Called when an option other than the selected one is picked (links navigate afterwards). */
  onSelect?: (option: DropdownOption) => void;
  disabled?: boolean;
  /** The filter this dropdown belongs to is hidden: the dropdown shows disabled. */
  hidden?: boolean;
  className?: string;
}

/**
 * A menu button: a click on the header toggles the menu; picking an option
 * closes it; the selected option is aria-disabled and ignores clicks. Arrow
 * keys, Home and End move through the options; Escape closes and gives focus
 * back to the header. The options are in the server HTML (hidden) so links
 * stay crawlable.
 */
export function Dropdown({
  label,
  showLabel = false,
  options,
  selectedValue,
  placeholder,
  onSelect,
  disabled = false,
  hidden = false,
  className,
}: DropdownProps) {
  const baseId = useId();
  const labelId = `ks-dropdown-label-${baseId}`;
  const buttonId = `ks-dropdown-button-${baseId}`;
  const menuId = `ks-dropdown-menu-${baseId}`;
  const isDisabled = disabled || hidden;
  const [openRequested, setOpen] = useState(false);
  const open = openRequested && !isDisabled;
  const rootRef = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const pendingFocus = useRef<number | null>(null);

  const selectedIndex = options.findIndex((option) => option.value === selectedValue);
  const selected = options[selectedIndex];

  useEffect(() => {
    if (!open) return;
    const index = pendingFocus.current;
    pendingFocus.current = null;
    if (index !== null) itemRefs.current[index]?.focus();
  }, [open]);
  useDismiss(open, () => setOpen(false), { outside: rootRef });

  function openAndFocus(index: number) {
    pendingFocus.current = Math.max(0, Math.min(index, options.length - 1));
    if (open) {
      itemRefs.current[pendingFocus.current]?.focus();
      pendingFocus.current = null;
    } else {
      setOpen(true);
    }
  }

  function closeAndFocusButton() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function handleHeaderClick(event: MouseEvent<HTMLButtonElement>) {
    if (open) {
      setOpen(false);
      return;
    }
    // A click from the keyboard (Enter or Space) has detail 0: move focus into the menu as well.
    if (event.detail === 0) pendingFocus.current = Math.max(0, selectedIndex);
    setOpen(true);
  }

  function handleHeaderKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAndFocus(Math.max(0, selectedIndex));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAndFocus(options.length - 1);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  function focusedIndex(): number {
    return itemRefs.current.findIndex((item) => item !== null && item === document.activeElement);
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const count = options.length;
    if (count === 0) return;
    const current = focusedIndex();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        itemRefs.current[(current + 1 + count) % count]?.focus();
        break;
      case "ArrowUp":
        event.preventDefault();
        itemRefs.current[(current - 1 + count) % count]?.focus();
        break;
      case "Home":
        event.preventDefault();
        itemRefs.current[0]?.focus();
        break;
      case "End":
        event.preventDefault();
        itemRefs.current[count - 1]?.focus();
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        closeAndFocusButton();
        break;
      case "Tab":
        setOpen(false);
        break;
      case " ":
        // Space activates menu items; links only answer Enter natively.
        if (event.target instanceof HTMLAnchorElement) {
          event.preventDefault();
          event.target.click();
        }
        break;
    }
  }

  function handleOptionClick(event: MouseEvent<HTMLElement>, option: DropdownOption) {
    if (option.value === selectedValue) {
      event.preventDefault();
      return;
    }
    setOpen(false);
    buttonRef.current?.focus();
    option.onSelect?.();
    onSelect?.(option);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  }

  const classes = [
    "ks-dropdown",
    open ? "ks-dropdown--open" : "",
    isDisabled ? "ks-dropdown--disabled" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div ref={rootRef} className={classes} onBlur={handleBlur}>
      <span id={labelId} className={showLabel ? "ks-dropdown__label" : "ks-visually-hidden"}>
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="ks-dropdown__header"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-labelledby={`${labelId} ${buttonId}`}
        disabled={isDisabled}
        onClick={handleHeaderClick}
        onKeyDown={handleHeaderKeyDown}
      >
        <span className="ks-dropdown__value">{selected?.label ?? placeholder}</span>
        <span className="ks-dropdown__chevron" aria-hidden="true" />
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-labelledby={labelId}
        className="ks-dropdown__menu"
        hidden={!open}
        onKeyDown={handleMenuKeyDown}
      >
        {options.map((option, index) => {
          const isSelected = option.value === selectedValue;
          const itemProps = {
            role: "menuitemradio",
            "aria-checked": isSelected,
            "aria-disabled": isSelected ? true : undefined,
            tabIndex: -1,
            className: isSelected ? "ks-dropdown__option ks-dropdown__option--selected" : "ks-dropdown__option",
            onClick: (event: MouseEvent<HTMLElement>) => handleOptionClick(event, option),
          } as const;
          return (
            <li key={option.value} role="none">
              {option.href !== undefined ? (
                <a
                  {...itemProps}
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  href={option.href}
                >
                  {option.label}
                </a>
              ) : (
                <button
                  {...itemProps}
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  type="button"
                >
                  {option.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
