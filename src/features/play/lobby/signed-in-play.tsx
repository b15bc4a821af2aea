/**
 * The lobby's parts that only a signed-in visitor sees (the seek and
 * challenge forms, their open challenges, daily games and vacation): one
 * chunk that the lobby loads through lazyModule, so an anonymous visitor,
 * who sees the lobby table and a sign-in card, never downloads it.
 */
export { ChallengeForm } from "./challenge-form.tsx";
export { OpenChallenges } from "./open-challenges.tsx";
export { SeekForm } from "./seek-form.tsx";
export { YourMoveList } from "./your-move-list.tsx";
export { VacationPanel } from "../vacation/vacation-panel.tsx";
