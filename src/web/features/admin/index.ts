// What other features may use of the admin panel: the assign dialog (the lead dossier opens it).
export { AssignLeadDialog, type AssignableLead } from './components/assign-lead-dialog';
