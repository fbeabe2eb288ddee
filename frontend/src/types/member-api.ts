/**
 * The member API's JSON shapes, by their name in `openapi/member-api.yaml`. The types come
 * from `member-api.generated.ts`, which `npm run api-types` writes from that document and
 * `npm run api-types:check` (run by the test command) keeps from drifting: no shape of the
 * member API is written by hand.
 */
import type { components } from './member-api.generated';

type Schemas = components['schemas'];

/** `MemberApi<'Demande'>` is the `Demande` schema of the member API. */
export type MemberApi<Name extends keyof Schemas> = Schemas[Name];
