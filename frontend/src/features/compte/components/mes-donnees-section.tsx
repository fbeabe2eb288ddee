import { useState } from 'react';
import { downloadFile } from '@/components/download-file';
import { t } from '@/i18n/t';

/**
 * « Télécharger mes données »: everything the mutual and this space hold on the member, in one
 * archive the server builds (`/api/mes-donnees`, docs/product/member-api.md#my-data-to-take-away).
 * A refusal (an archive already on its way) is announced by the download itself.
 */
export function MesDonneesSection() {
  const [enCours, setEnCours] = useState(false);

  const telecharger = async () => {
    setEnCours(true);
    try {
      await downloadFile('/api/mes-donnees', { fileName: 'mes-donnees.zip', accept: 'application/zip' });
    } finally {
      setEnCours(false);
    }
  };

  return (
    <section className="card" aria-labelledby="mes-donnees-title">
      <h2 id="mes-donnees-title" className="section-title">
        {t('compte.mesDonnees.title')}
      </h2>
      <p>{t('compte.mesDonnees.intro')}</p>
      <button type="button" className="button button-secondary" disabled={enCours} onClick={() => void telecharger()}>
        {t(enCours ? 'compte.mesDonnees.enCours' : 'compte.mesDonnees.telecharger')}
      </button>
    </section>
  );
}
