/**
 * A short, human description of a User-Agent header for the session list:
 * the browser and the operating system, by name. Names of products are not
 * translated; an unknown agent yields nulls and the page says "Unknown device".
 */
export interface DeviceSummary {
  readonly browser: string | null;
  readonly os: string | null;
  readonly mobile: boolean;
}

const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdgA?\/|\bEdg\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, "Windows"],
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export function summariseUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const agent = userAgent ?? "";
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser, os, mobile: /\bMobi|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(agent) };
}
