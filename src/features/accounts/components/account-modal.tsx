import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { importWithRetry } from "../../../platform/http/chunk-retry.ts";

/**
 * The login/register modal of spec 000 §2. It opens from the navigation's
 * Log in and Sign up links and from every action that needs an account (a
 * visitor's Add friend, Follow or Challenge on the user card): any element
 * with data-account-modal="login" or "register" opens it instead of leaving
 * the page. Those are ordinary links to /login_and_go and /register with a
 * redirectUrl, so without JavaScript they still lead there; the platform's
 * header marks its links with the attribute without importing this feature.
 */
export const ACCOUNT_MODAL_ATTRIBUTE = "data-account-modal";
import type { AccountModalMode } from "./account-modal-dialog.tsx";
export type { AccountModalMode };

interface AccountModalControl {
  open(mode: AccountModalMode): void;
}

const AccountModalContext = createContext<AccountModalControl | null>(null);

/** Opens the modal from code; null outside the layer. */
export function useAccountModal(): AccountModalControl | null {
  return useContext(AccountModalContext);
}

// The dialog itself is a chunk of its own, loaded when a visitor first opens it.
const AccountModal = lazy(() => importWithRetry(() => import("./account-modal-dialog.tsx")).then((module) => ({ default: module.AccountModal })));

export function AccountModalLayer({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AccountModalMode | null>(null);
  const open = useCallback((next: AccountModalMode) => setMode(next), []);
  const control = useMemo(() => ({ open }), [open]);

  useEffect(() => {
    function handleClick(event: MouseEvent) {
      // A modified click (new tab, new window) keeps the link's own behaviour.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const trigger = event.target instanceof Element ? event.target.closest(`[${ACCOUNT_MODAL_ATTRIBUTE}]`) : null;
      const wanted = trigger?.getAttribute(ACCOUNT_MODAL_ATTRIBUTE);
      if (wanted !== "login" && wanted !== "register") return;
      event.preventDefault();
      setMode(wanted);
    }
    document.addEventListener("click", handleClick);
    return () => document.removeEventListener("click", handleClick);
  }, []);

  return (
    <AccountModalContext.Provider value={control}>
      {children}
      {mode && (
        <Suspense fallback={null}>
          <AccountModal mode={mode} onClose={() => setMode(null)} />
        </Suspense>
      )}
    </AccountModalContext.Provider>
  );
}
