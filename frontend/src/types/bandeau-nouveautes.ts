/**
 * The news banner (docs/product/entities.md#content-entries). Shared by the content feature, which
 * shows it, and the home feature, whose one request carries it.
 */
export interface BandeauNouveautes {
  Libelle: string;
  Texte: string;
  URL: string | null;
  Visible: boolean;
}
