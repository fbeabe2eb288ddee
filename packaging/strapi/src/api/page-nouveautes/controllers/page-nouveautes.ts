import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::page-nouveautes.page-nouveautes');
