//! The demo's upstreams over HTTP, as their clients use them: each test starts a server on
//! port 0 that mounts `Demo::mount` alone, on a fresh data folder. How the portal embeds them
//! is tested in the portal's own tests.

mod api;
mod api_ajout_beneficiaire;
mod api_alertes;
mod api_auth;
mod api_devis;
mod api_estimation;
mod api_hospitalisation;
mod api_mes_documents;
mod api_messages;
mod api_noemie;
mod api_openapi;
mod api_reads;
mod api_reclamation;
mod api_reseau_soins;
mod api_signalement;
mod api_upload_quotas;
mod api_uploads;
mod api_writes;
mod back_office;
mod cms;
mod desabonnement;
mod dpop_client;
mod helpers;
mod idp;
mod idp_fapi;
