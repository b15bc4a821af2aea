/**
 * The ?error=<code> and ?done=<code> a form post without JavaScript comes
 * back with: only known codes are kept, so a crafted URL cannot pick an
 * arbitrary message key.
 */
export function pickCode<C extends string>(value: string | null | undefined, known: readonly C[]): C | null {
  return known.find((code) => code === value) ?? null;
}
