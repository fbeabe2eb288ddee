/**
 * The routes others are added under as they are discovered (see `patchRoutesOnNavigation` in
 * `routes.tsx`): the start-up gate, where the member space goes, and the member space's shell,
 * where the sections' pages go. Apart from both, which each name them.
 */
export const routeIds = { startup: 'startup', shell: 'shell' } as const;
