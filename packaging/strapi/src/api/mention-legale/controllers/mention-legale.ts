import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::mention-legale.mention-legale');
