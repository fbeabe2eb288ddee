import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::bandeau-nouveautes.bandeau-nouveautes');
