import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::mention-legale.mention-legale');
