// What other features may use of the workflow state: the hook that reads and moves it.
export { useWorkflow } from './components/workflow-provider';
