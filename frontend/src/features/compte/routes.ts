import { banquesKey, getBanques } from '@/api/get-banques';
import { beneficiairesKey, getBeneficiaires } from '@/api/get-beneficiaires';
import type { LazyPageRoute } from '@/lib/page-route';
import { paths } from '@/lib/paths';
import { preloadData } from '@/lib/preload-data';
import {
  beneficiairesInfosBancairesKey,
  getBeneficiairesInfosBancaires,
} from './api/get-beneficiaires-infos-bancaires';
import { connexionsKey, getConnexions } from './api/get-connexions';
import { getIdentite, identiteKey } from './api/get-identite';
import { getInfos, infosKey } from './api/get-infos';

const informationsPersonnelles = {
  lazy: () =>
    import('./components/informations-personnelles-page').then((m) => ({
      Component: m.InformationsPersonnellesPage,
    })),
  data: () =>
    Promise.all([
      preloadData(identiteKey, getIdentite),
      preloadData(infosKey, getInfos),
      preloadData(banquesKey, getBanques),
      preloadData(beneficiairesInfosBancairesKey, getBeneficiairesInfosBancaires),
      preloadData(beneficiairesKey, getBeneficiaires),
      // « Mes connexions », lower on the page, from the first frame too.
      preloadData(connexionsKey, getConnexions),
    ]),
};

/** The account section: `/compte` opens on the personal information, its only page. */
export const comptePages = {
  informationsPersonnelles: { pattern: paths.informationsPersonnelles, ...informationsPersonnelles },
  compte: { pattern: paths.compte, ...informationsPersonnelles },
} satisfies Record<string, LazyPageRoute>;
