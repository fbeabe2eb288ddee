import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::bloc-gauche.bloc-gauche');
