export const socialKeys = {
  wishlist: (userId: string) => ['wishlist', userId] as const,
  following: (userId: string) => ['following', userId] as const,
  followers: (organizerId: string) => ['followers', organizerId] as const,
  /** The API's last word on an organizer's follow state and count, after a follow or unfollow. */
  followState: (organizerId: string) => ['follow-state', organizerId] as const,
  organizer: (organizerId: string) => ['organizer', organizerId] as const,
  organizersToFollow: () => ['organizers-to-follow'] as const,
  /** Everything about ratings, which a new or changed rating makes stale. */
  allReviews: () => ['ratings'] as const,
  reviews: (subject: object) => ['ratings', 'list', subject] as const,
  ownRating: (eventId: number) => ['ratings', 'own', eventId] as const,
};
