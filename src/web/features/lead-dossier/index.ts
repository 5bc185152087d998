// What other features may use of the lead dossier: the live panel and the dialog that holds it.
export { LeadDossierDialog } from './components/lead-dossier-dialog';
export { LeadDossierPanel } from './components/lead-dossier-panel';
