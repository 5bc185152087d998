// What other features may use of the admin panel: its API client and the assign dialog (the lead dossier opens it).
export { adminApi, type AdminLead } from './api/admin-api';
export { AssignLeadDialog, type AssignableLead } from './components/assign-lead-dialog';
