import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::bandeau-nouveautes.bandeau-nouveautes');
