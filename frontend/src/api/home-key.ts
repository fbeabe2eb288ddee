/**
 * The key of `GET /api/home`, the dashboard's one answer (`features/home/api/get-home.ts`). Here,
 * below the features, so that a feature whose write changes what the dashboard shows can have it
 * read again (a contribution paid online ends « Une cotisation reste à régler »): features never
 * import each other.
 */
export const homeKey = '/api/home';
