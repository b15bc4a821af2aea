/** A chat panel's lines: those it holds and those that arrive (a history page, a live line, its own line's answer), once each, oldest first. */
export function mergeChatLines<Line extends { readonly id: number }>(first: readonly Line[], second: readonly Line[]): readonly Line[] {
  const byId = new Map<number, Line>();
  for (const line of [...first, ...second]) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
