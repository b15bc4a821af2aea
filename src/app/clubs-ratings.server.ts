/**
 * Gives the clubs feature its members' average daily rating (the port it
 * declared, decision 0076): clubs know the members, ratings the ratings.
 * Neither feature imports the other; they meet here, in the composition root.
 */
import { defineFeature, type FeatureDefinition } from "../platform/composition/feature-definition.server.ts";

/** Members are read a page at a time (keyset on the member id). */
const MEMBER_PAGE = 5_000;

export const clubsRatingsBridge: FeatureDefinition<Record<never, never>> = defineFeature<Record<never, never>>({
  name: "clubs-ratings",
  tables: {},
  messageCatalogs: [],
  createServices: () => ({}),
  provides: ({ services }) => ({
    clubRatings: {
      async averageDailyRating(clubId) {
        let sum = 0;
        let count = 0;
        let afterId = 0;
        for (;;) {
          const ids = await services.clubAccess.memberIds(clubId, { limit: MEMBER_PAGE, afterId });
          if (ids.length === 0) break;
          const totals = await services.ratings.ratingTotals(ids, "daily");
          sum += totals.sum;
          count += totals.count;
          afterId = ids[ids.length - 1] ?? afterId;
          if (ids.length < MEMBER_PAGE) break;
        }
        return count === 0 ? 0 : Math.round(sum / count);
      },
    },
  }),
});
