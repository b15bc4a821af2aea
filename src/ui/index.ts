/**
 * Kingside's UI kit. Styles: import "./ui/tokens.css" and "./ui/ui.css" once
 * (root.tsx does); messages: src/ui/messages/<locale>.json (keys prefixed "ui.").
 */
export { AlertList, AlertsProvider, useAlerts } from "./alert.tsx";
export type {
  AlertEntry,
  AlertInput,
  AlertListProps,
  AlertsContextValue,
  AlertsProviderProps,
  AlertType,
} from "./alert.tsx";
export { addAlert, alertTimings, dismissAlert, removeAlert, shownAlerts } from "./alert-store.ts";

export { Modal } from "./modal.tsx";
export type { ModalProps } from "./modal.tsx";

export { ConfirmPopover, confirmMessageIds } from "./confirm-popover.tsx";
export type { ConfirmKind, ConfirmPopoverProps } from "./confirm-popover.tsx";

export { Tooltip } from "./tooltip.tsx";
export type { TooltipAnchorProps, TooltipProps } from "./tooltip.tsx";
export { computePosition, oppositePlacement, tooltipDefaults } from "./tooltip-position.ts";
export type { Placement, Position } from "./tooltip-position.ts";

export { LazyImage, lazyImageObserverOptions } from "./lazy-image.tsx";
export type { LazyImageProps } from "./lazy-image.tsx";
export { retinaScales, retinaSrcSet, retinaVariantUrl } from "./retina-src-set.ts";

export { Pagination } from "./pagination.tsx";
export type { PaginationProps } from "./pagination.tsx";
export { paginationModel, paginationWindowSize } from "./pagination-window.ts";
export type { PaginationModel } from "./pagination-window.ts";

export { Dropdown } from "./dropdown.tsx";
export type { DropdownActionOption, DropdownLinkOption, DropdownOption, DropdownProps } from "./dropdown.tsx";

export {
  CountryFlag,
  countryFlagSizes,
  countryNameOf,
  isSanctionedFlag,
  resolveCountryFlag,
  sanctionedCountryFlags,
  stanceOnWarPath,
} from "./country-flag.tsx";
export type { CountryFlagProps, CountryFlagSize } from "./country-flag.tsx";
export { CountryLabel } from "./country-label.tsx";
export { localizedRegionName } from "../shared/region-names.ts";
export { FeatureFlagsContext, useFeatureFlag, useFeatureFlags } from "./feature-flags-context.tsx";
export type { FeatureFlagValues } from "./feature-flags-context.tsx";

export { RelativeTime } from "./relative-time.tsx";
export type { RelativeTimeProps } from "./relative-time.tsx";
export { relativeTimeParts, relativeTimeLimitMs } from "./relative-time-parts.ts";
export type { RelativeTimeParts } from "./relative-time-parts.ts";

export type { UiMessageId } from "./messages.ts";
