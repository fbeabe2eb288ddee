import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::mention-legale.mention-legale');
