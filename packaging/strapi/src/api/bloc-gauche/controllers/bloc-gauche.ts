import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::bloc-gauche.bloc-gauche');
