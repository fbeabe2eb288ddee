-- What a member says of the care they report as not recognised (`ligne_signalee` names the
-- line). A line is reported once: the unique index keeps a second report out even if two
-- arrive at once.
ALTER TABLE demandes ADD COLUMN motif_signalement TEXT
    CHECK (motif_signalement IN ('SOIN_NON_RECU', 'MONTANT_DIFFERENT', 'PROFESSIONNEL_INCONNU', 'AUTRE'));
CREATE UNIQUE INDEX demandes_par_ligne_signalee ON demandes (ligne_signalee) WHERE ligne_signalee IS NOT NULL;
