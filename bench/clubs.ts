import { runClubChatBench, type ClubChatBenchFigures } from "./clubs-chat.ts";
import { runClubPagesBench, type ClubPagesBenchFigures } from "./clubs-pages.ts";

/**
 * `npm run bench -- clubs` (issue 11): the chat room of a 2,000-member club
 * (bench/clubs-chat.ts), then the club and members pages of a 100,000-member
 * club against the bare Fastify route (bench/clubs-pages.ts), each on its own
 * throwaway PostgreSQL database. BENCH_CLUBS=chat or =pages runs one.
 */
export async function runClubsBench(): Promise<{ chat?: ClubChatBenchFigures; pages?: ClubPagesBenchFigures }> {
  const which = process.env.BENCH_CLUBS;
  if (which !== undefined && which !== "chat" && which !== "pages") throw new Error(`BENCH_CLUBS=chat|pages, not "${which}"`);
  const chat = which !== "pages" ? await runClubChatBench() : undefined;
  const pages = which !== "chat" ? await runClubPagesBench() : undefined;
  return { ...(chat ? { chat } : {}), ...(pages ? { pages } : {}) };
}
