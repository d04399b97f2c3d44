// The shift planner feature (issue 11): what the app shell mounts.
export { ShiftPlannerScreen } from './components/shift-planner-screen';
