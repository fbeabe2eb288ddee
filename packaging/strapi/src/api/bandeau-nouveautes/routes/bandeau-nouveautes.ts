import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::bandeau-nouveautes.bandeau-nouveautes');
