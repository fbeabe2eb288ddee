-- « Payer en ligne »: orders to pay by card what a member owes on a contract, settled by the
-- payment provider's signed notification; each notification received, with what became of it.
CREATE TABLE paiements_en_ligne (
    id INTEGER PRIMARY KEY,
    -- The order's reference at the provider (`vads_order_id`).
    commande TEXT NOT NULL UNIQUE,
    contrat_id INTEGER NOT NULL REFERENCES contrats (id),
    centimes INTEGER NOT NULL,
    cree_le TEXT NOT NULL,
    expire_le TEXT NOT NULL,
    -- EN_ATTENTE, ACCEPTE, REFUSE, ABANDONNE, A_REMBOURSER.
    statut TEXT NOT NULL DEFAULT 'EN_ATTENTE',
    -- The provider's transaction (`vads_trans_uuid`) that decided it.
    transaction_psp TEXT,
    carte TEXT,
    regle_le TEXT,
    motif_refus TEXT
);
CREATE INDEX paiements_par_contrat ON paiements_en_ligne (contrat_id, cree_le);
CREATE TABLE notifications_paiement (
    id INTEGER PRIMARY KEY,
    recue_le TEXT NOT NULL,
    commande TEXT,
    transaction_psp TEXT,
    etat_psp TEXT,
    -- TRAITEE, REJOUEE, or why it was refused.
    issue TEXT NOT NULL
);
CREATE INDEX notifications_par_transaction ON notifications_paiement (transaction_psp);
-- A rejected debit paid online names the payment.
ALTER TABLE echeances ADD COLUMN paiement_id INTEGER REFERENCES paiements_en_ligne (id);
