import type { EtablissementSante } from '../api/get-etablissements';
import { communeLabel, finessLabel, statutLabel } from '../etablissement';
import styles from './creation.module.css';

/**
 * The establishment chosen for a stay, one line each: its name, its address, its FINESS and
 * whether it is public or private. Phrasing content only: it stands in a summary's `<dd>`.
 */
export function EtablissementDetail({ etablissement, nomId }: { etablissement: EtablissementSante; nomId?: string }) {
  return (
    <span className={styles.etablissement}>
      <span id={nomId} className={styles.etablissementNom}>
        {etablissement.nom}
      </span>
      <span>
        {etablissement.adresse}, {communeLabel(etablissement)}
      </span>
      <span>
        {finessLabel(etablissement)} · {statutLabel(etablissement)}
      </span>
    </span>
  );
}
