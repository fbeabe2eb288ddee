import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::bloc-gauche.bloc-gauche');
