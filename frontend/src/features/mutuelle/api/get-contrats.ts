/** `GET assure/contrats`, shared with the requests (a complaint names its contract). */
export { type Contrats, contratsKey, getContrats, useContrats } from '@/api/get-contrats';
