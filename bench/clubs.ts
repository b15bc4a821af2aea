import { runClubChatBench, type ClubChatBenchFigures } from "./clubs-chat.ts";

/**
 * `npm run bench -- clubs` (issue 11): the chat room of a 2,000-member club
 * (bench/clubs-chat.ts), then the club and members pages of a 100,000-member
 * club against the bare Fastify route (bench/clubs-pages.ts), each on its own
 * throwaway PostgreSQL database. BENCH_CLUBS=chat or =pages runs one.
 */
export async function runClubsBench(): Promise<{ chat?: ClubChatBenchFigures }> {
  const which = process.env.BENCH_CLUBS;
  return {
    ...(which !== "pages" ? { chat: await runClubChatBench() } : {}),
  };
}
