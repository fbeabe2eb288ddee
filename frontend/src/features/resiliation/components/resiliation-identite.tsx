import type { User } from '@/api/get-session';
import { Entry } from '@/components/entry';
import { t } from '@/i18n/t';
import { memberDisplayName } from '@/entities/personne/format-name';

/**
 * Who gives notice: the signed-in member, as the session names them. Not typed: the member
 * API takes the member from the token, and a name typed here could only disagree with it.
 */
export function ResiliationIdentite({ user }: { user: User }) {
  return (
    <>
      <Entry label={t('resiliation.champ.adherent')}>{memberDisplayName(user.Civilite, user.Prenom, user.Nom)}</Entry>
      <Entry label={t('resiliation.champ.numeroAdherent')}>{user.numeroPersonne}</Entry>
    </>
  );
}
