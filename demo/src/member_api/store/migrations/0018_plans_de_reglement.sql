-- « Régler en plusieurs fois »: what a member owes after rejected debits, spread over monthly
-- instalments debited on the contract's day. The rejected calls for funds it settles name it.
CREATE TABLE plans_reglement (
    id INTEGER PRIMARY KEY,
    contrat_id INTEGER NOT NULL REFERENCES contrats (id),
    -- Cents owed when the plan was agreed.
    montant INTEGER NOT NULL,
    cree_le TEXT NOT NULL
);
CREATE TABLE mensualites (
    plan_id INTEGER NOT NULL REFERENCES plans_reglement (id),
    date_prelevement TEXT NOT NULL,
    montant INTEGER NOT NULL
);
CREATE INDEX mensualites_par_plan ON mensualites (plan_id, date_prelevement);
ALTER TABLE echeances ADD COLUMN plan_id INTEGER REFERENCES plans_reglement (id);
